package dev.stackbench.servers;

import dev.stackbench.servers.contacts.ContactsRoutes;
import dev.stackbench.servers.date.DateFluxRoutes;
import dev.stackbench.servers.db.DatabaseConfiguration;
import dev.stackbench.servers.db.MongoConfiguration;
import dev.stackbench.servers.db.RedisConfiguration;
import dev.stackbench.servers.dispatch.DispatchConfiguration;
import dev.stackbench.servers.dispatch.FluxFailures;
import dev.stackbench.servers.movies.MoviesRoutes;
import dev.stackbench.servers.upstream.UpstreamConfiguration;
import io.netty.channel.ChannelOption;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.boot.tomcat.autoconfigure.reactive.TomcatReactiveWebServerAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.client.ReactorResourceFactory;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.netty.NettyPipeline;
import reactor.netty.resources.ConnectionProvider;
import reactor.netty.resources.LoopResources;

/**
 * The WebFlux on Reactor Netty application behind every *-netty approach. Tomcat is on the class
 * path too (for the MVC approaches), so its reactive server is excluded explicitly.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration(exclude = {TomcatReactiveWebServerAutoConfiguration.class, DataSourceAutoConfiguration.class})
@Import({
    DispatchConfiguration.class,
    FluxFailures.class,
    UpstreamConfiguration.class,
    DatabaseConfiguration.class,
    RedisConfiguration.class,
    MongoConfiguration.class,
    DateFluxRoutes.class,
    MoviesRoutes.class,
    ContactsRoutes.class
})
class NettyStack {

    /**
     * Event loops and client connection pool of this server alone. Boot's default shares Reactor
     * Netty's JVM-wide resources and disposes them when any Netty context closes, which would stop
     * every other Netty variant in the JVM (and the load generator, were it to share them).
     * Stopped when destroyed too: in a context, the factory is stopped only as a started lifecycle
     * bean, so a start that failed before that (a database unreachable at start) left its event
     * loops running; stop() does nothing on a factory already stopped.
     */
    @Bean(destroyMethod = "stop")
    ReactorResourceFactory reactorResourceFactory(
            @Value("${stackbench.netty.event-loop-threads}") int eventLoopThreads,
            @Value("${stackbench.netty.thread-name-prefix}") String threadNamePrefix,
            @Value("${stackbench.upstream.max-connections}") int upstreamMaxConnections) {
        var factory = new ReactorResourceFactory();
        factory.setUseGlobalResources(false);
        factory.setLoopResourcesSupplier(
                () -> LoopResources.create(threadNamePrefix + "-http", eventLoopThreads, true));
        // Nested calls must not queue behind a small pool: as many connections as callers, pending acquires unbounded.
        factory.setConnectionProviderSupplier(() -> ConnectionProvider.builder(threadNamePrefix + "-upstream")
                .maxConnections(upstreamMaxConnections)
                .pendingAcquireMaxCount(-1)
                .build());
        factory.setShutdownQuietPeriod(Duration.ZERO);
        return factory;
    }

    /** The same listen backlog as Tomcat's accept-count, so neither server refuses connections first. */
    @Bean
    NettyServerCustomizer backlog(@Value("${stackbench.accept-count}") int acceptCount) {
        return server -> server.option(ChannelOption.SO_BACKLOG, acceptCount);
    }

    /** See {@link PipelinedReadResumer}: HTTP/1.1 connections only (HTTP/2 has no such queue). */
    @Bean
    NettyServerCustomizer pipelinedReadResumer() {
        return server -> server.doOnChannelInit((observer, channel, remoteAddress) -> {
            if (channel.pipeline().get(NettyPipeline.HttpCodec) != null) {
                channel.pipeline()
                        .addAfter(NettyPipeline.HttpCodec, PipelinedReadResumer.NAME, new PipelinedReadResumer());
            }
        });
    }

    @Bean
    WebClient upstreamWebClient(
            ReactorResourceFactory resources, @Value("${stackbench.upstream.timeout}") Duration timeout) {
        return WebClient.builder()
                .clientConnector(new ReactorClientHttpConnector(resources, client -> client.responseTimeout(timeout)))
                .build();
    }
}
