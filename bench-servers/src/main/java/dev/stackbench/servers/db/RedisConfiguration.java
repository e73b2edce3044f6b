package dev.stackbench.servers.db;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Redis at {@code stackbench.redis.url} ({@code redis://[:password@]host:port[/database]}), over Lettuce as
 * Spring Data Redis sets it up: one shared connection, multiplexed. {@code stackbench.redis.client=blocking}
 * ({@link StringRedisTemplate}, for every blocking approach) or {@code reactive}
 * ({@link ReactiveStringRedisTemplate}, for webflux-netty). A Redis unreachable at start fails the start
 * ({@link DatabaseStartException}); one that goes away later answers 503: commands are refused at once
 * while the connection is down (not queued until it is back), a connection is opened within
 * {@link Database#CONNECTION_TIMEOUT_MILLIS}, and no command waits longer than the {@link AnswerTimeout} (a Redis that
 * stops answering without closing its connection).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "stackbench.redis.client")
public class RedisConfiguration {

    @Bean(destroyMethod = "destroy")
    LettuceConnectionFactory redisConnectionFactory(
            @Value("${stackbench.redis.url}") String url,
            @Value("${" + AnswerTimeout.PROPERTY + ":" + AnswerTimeout.DEFAULT_MILLIS + "}") long answerMillis) {
        RedisURI uri = RedisURI.create(url);
        Duration timeout = Duration.ofMillis(Database.CONNECTION_TIMEOUT_MILLIS);
        var client = LettuceClientConfiguration.builder()
                // One multiplexed connection: a command waits for no pool, so this bounds it whole, a silent Redis too.
                .commandTimeout(new AnswerTimeout(answerMillis).duration())
                .clientOptions(ClientOptions.builder()
                        .socketOptions(
                                SocketOptions.builder().connectTimeout(timeout).build())
                        .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                        .build())
                .build();
        var factory = new LettuceConnectionFactory(LettuceConnectionFactory.createRedisConfiguration(url), client);
        // The shared connections opened at start: lazily, the first requests would connect on an event loop
        // (webflux-netty).
        factory.setEagerInitialization(true);
        String described = "Redis at " + uri.getHost() + ":" + uri.getPort();
        try {
            factory.afterPropertiesSet(); // starts it too (early start-up), and connects (eager initialization)
            try (var connection = factory.getConnection()) {
                connection.ping();
            }
        } catch (RuntimeException e) {
            try {
                factory.destroy();
            } catch (
                    RuntimeException
                            notStarted) { // a factory whose start failed may fail to stop too: the start's failure says
                // why
                e.addSuppressed(notStarted);
            }
            throw DatabaseStartException.of(described, e);
        }
        return factory;
    }

    @Bean
    @ConditionalOnProperty(name = "stackbench.redis.client", havingValue = "blocking")
    StringRedisTemplate stringRedisTemplate(LettuceConnectionFactory connectionFactory) {
        return new StringRedisTemplate(connectionFactory);
    }

    @Bean
    @ConditionalOnProperty(name = "stackbench.redis.client", havingValue = "reactive")
    ReactiveStringRedisTemplate reactiveStringRedisTemplate(LettuceConnectionFactory connectionFactory) {
        return new ReactiveStringRedisTemplate(connectionFactory);
    }
}
