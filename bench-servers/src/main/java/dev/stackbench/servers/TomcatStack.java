package dev.stackbench.servers;

import dev.stackbench.servers.date.DateMvcRoutes;
import dev.stackbench.servers.dispatch.DispatchConfiguration;
import dev.stackbench.servers.upstream.UpstreamConfiguration;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;

/** The Spring MVC on Tomcat application behind every *-tomcat approach. */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration
@Import({DispatchConfiguration.class, UpstreamConfiguration.class, DateMvcRoutes.class})
class TomcatStack {
}
