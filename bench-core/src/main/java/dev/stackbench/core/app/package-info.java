/**
 * The user's own Spring Boot application as the server under test: started from its executable jar (in this JVM in
 * a class loader of its own, or in a process of its own) or from its main class on this class path, on a port
 * stackbench chooses, watched until it stops serving, and described for results ({@link dev.stackbench.core.app.SpringBootApps},
 * {@link dev.stackbench.core.app.RunningApp}).
 *
 * <p>The one package of bench-core that names Spring Boot's classes and properties: it reaches the application's
 * Spring Boot by reflection only, through the application's own class loader, so bench-core still depends on no Spring
 * and an application on another Spring Boot version than stackbench's own runs beside it. May import {@code server}
 * (the limits it reports, the start failure it extends) and {@code result} (how results describe it); nothing else of
 * stackbench, and nothing imports it but the command line and what starts servers: scenarios, variants and comparisons.
 */
package dev.stackbench.core.app;
