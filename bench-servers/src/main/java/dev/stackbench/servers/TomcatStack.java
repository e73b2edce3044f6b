package dev.stackbench.servers;

import dev.stackbench.servers.contacts.ContactsRoutes;
import dev.stackbench.servers.date.DateMvcRoutes;
import dev.stackbench.servers.db.DatabaseConfiguration;
import dev.stackbench.servers.db.MongoConfiguration;
import dev.stackbench.servers.db.RedisConfiguration;
import dev.stackbench.servers.dispatch.DispatchConfiguration;
import dev.stackbench.servers.dispatch.MvcFailures;
import dev.stackbench.servers.movies.MoviesRoutes;
import dev.stackbench.servers.upstream.UpstreamConfiguration;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.context.annotation.Import;

/** The Spring MVC on Tomcat application behind every *-tomcat approach. */
@SpringBootConfiguration(proxyBeanMethods = false)
// Databases are configured by DatabaseConfiguration for the workloads that have one, never by default.
@EnableAutoConfiguration(exclude = DataSourceAutoConfiguration.class)
@Import({
    DispatchConfiguration.class,
    MvcFailures.class,
    UpstreamConfiguration.class,
    DatabaseConfiguration.class,
    RedisConfiguration.class,
    MongoConfiguration.class,
    DateMvcRoutes.class,
    MoviesRoutes.class,
    ContactsRoutes.class
})
class TomcatStack {}
