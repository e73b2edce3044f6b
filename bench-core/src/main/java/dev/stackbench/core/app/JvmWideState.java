package dev.stackbench.core.app;

import java.util.List;

/**
 * JVM-wide state that an application in a class loader of its own would take for itself, turned off before it starts.
 * Tomcat registers its URL stream handler factory ({@code war:} and {@code jar:war:} URLs) with
 * {@code URL.setURLStreamHandlerFactory}, which a JVM allows once: a second Tomcat in another class loader (the same
 * application started again, or another one) fails to start with {@code Error: factory already defined}, and the first
 * one's classes stay referenced from the JVM forever. Embedded Spring Boot serves no war URLs, so each isolated
 * application's Tomcat is told not to register it ({@code TomcatURLStreamHandlerFactory.disable()}, Tomcat's own switch).
 */
final class JvmWideState {

    private static final String TOMCAT_URL_HANDLERS = "org.apache.catalina.webresources.TomcatURLStreamHandlerFactory";

    private JvmWideState() {}

    /** Before the application in {@code loader} (its own) starts; nothing for an application without Tomcat. */
    static void keepFrom(ClassLoader loader) {
        try {
            Class.forName(TOMCAT_URL_HANDLERS, true, loader)
                    .getMethod("disable")
                    .invoke(null);
        } catch (ClassNotFoundException | LinkageError noTomcat) {
            // nothing of Tomcat's to turn off
        } catch (ReflectiveOperationException e) {
            throw new AppStartException(
                    "cannot keep the application's Tomcat from registering its URL handlers JVM-wide ("
                            + TOMCAT_URL_HANDLERS + ".disable()): " + e,
                    List.of());
        }
    }
}
