package dev.stackbench.servers.db;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.connection.TransportSettings;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.http.client.ReactorResourceFactory;
import reactor.core.publisher.Mono;
import reactor.netty.resources.LoopResources;

/**
 * MongoDB at {@code stackbench.mongo.uri} ({@code mongodb://host:port/database}), or, when it is empty (the
 * default), an {@link EmbeddedMongo} of this server's own. {@code stackbench.mongo.client=blocking}
 * ({@link MongoTemplate} over the sync driver, for every blocking approach) or {@code reactive}
 * ({@link ReactiveMongoTemplate} over the Reactive Streams driver, on this server's own event loops, for
 * webflux-netty). The drivers' pools and defaults stay as they are, but for the waits: a server is
 * selected, a connection taken and opened within {@link Database#CONNECTION_TIMEOUT_MILLIS}, and an answer read
 * within the {@link AnswerTimeout}, so a MongoDB that goes away, or stops answering, answers 503, never a hang (the
 * driver's defaults are 30 s and none). One unreachable at start fails
 * the start ({@link DatabaseStartException}).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "stackbench.mongo.client")
public class MongoConfiguration {

    /** The database when the URI names none. */
    static final String DEFAULT_DATABASE = "stackbench";

    /** Where MongoDB is; owns the embedded server, if it is one. */
    record MongoAddress(ConnectionString uri, EmbeddedMongo embedded) implements AutoCloseable {

        String database() {
            return uri.getDatabase() == null ? DEFAULT_DATABASE : uri.getDatabase();
        }

        String describe() {
            return (embedded == null ? "MongoDB at " : "the embedded mongo-java-server at ")
                    + String.join(",", uri.getHosts());
        }

        @Override
        public void close() {
            if (embedded != null) {
                embedded.close();
            }
        }
    }

    /** The {@link AnswerTimeout} property, read here: the SQL database's bean is not there beside MongoDB. */
    static final String ANSWER_MILLIS = "${" + AnswerTimeout.PROPERTY + ":" + AnswerTimeout.DEFAULT_MILLIS + "}";

    @Bean(destroyMethod = "close")
    MongoAddress mongoAddress(@Value("${stackbench.mongo.uri}") String uri) {
        if (!uri.isBlank()) {
            return new MongoAddress(new ConnectionString(uri), null);
        }
        var embedded = new EmbeddedMongo();
        return new MongoAddress(new ConnectionString(embedded.uri()), embedded);
    }

    /** The waits first, then the URI, whose own options ({@code ?serverSelectionTimeoutMS=500}) win over them. */
    static MongoClientSettings.Builder settings(MongoAddress address, AnswerTimeout answer) {
        long timeout = Database.CONNECTION_TIMEOUT_MILLIS;
        return MongoClientSettings.builder()
                .applyToClusterSettings(cluster -> cluster.serverSelectionTimeout(timeout, TimeUnit.MILLISECONDS))
                .applyToConnectionPoolSettings(pool -> pool.maxWaitTime(timeout, TimeUnit.MILLISECONDS))
                .applyToSocketSettings(socket -> socket.connectTimeout((int) timeout, TimeUnit.MILLISECONDS)
                        // A MongoDB that stops answering without closing (a partition): 503 after this, not TCP's
                        // minutes.
                        .readTimeout((int) answer.millis(), TimeUnit.MILLISECONDS))
                .applyConnectionString(address.uri());
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(name = "stackbench.mongo.client", havingValue = "blocking")
    static class Blocking {

        @Bean(destroyMethod = "close")
        com.mongodb.client.MongoClient mongoClient(MongoAddress address, @Value(ANSWER_MILLIS) long answerMillis) {
            var client = com.mongodb.client.MongoClients.create(
                    settings(address, new AnswerTimeout(answerMillis)).build());
            try {
                client.getDatabase(address.database()).runCommand(new Document("ping", 1));
            } catch (RuntimeException e) {
                client.close();
                throw DatabaseStartException.of(address.describe(), e);
            }
            return client;
        }

        @Bean
        MongoTemplate mongoTemplate(com.mongodb.client.MongoClient client, MongoAddress address) {
            return new MongoTemplate(client, address.database());
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(name = "stackbench.mongo.client", havingValue = "reactive")
    static class Reactive {

        @Bean(destroyMethod = "close")
        com.mongodb.reactivestreams.client.MongoClient reactiveMongoClient(
                MongoAddress address,
                @Value(ANSWER_MILLIS) long answerMillis,
                ObjectProvider<ReactorResourceFactory> serverResources) {
            var settings = settings(address, new AnswerTimeout(answerMillis));
            ReactorResourceFactory resources = serverResources.getIfAvailable();
            if (resources != null) {
                // The driver would otherwise complete on threads of its own: use this server's event loops, as R2DBC
                // does.
                LoopResources loops = resources.getLoopResources();
                EventLoopGroup group = loops.onClient(true);
                settings.transportSettings(TransportSettings.nettyBuilder()
                        .eventLoopGroup(group)
                        .socketChannelClass(loops.onChannelClass(SocketChannel.class, group))
                        .build());
            }
            var client = com.mongodb.reactivestreams.client.MongoClients.create(settings.build());
            try {
                Mono.from(client.getDatabase(address.database()).runCommand(new Document("ping", 1)))
                        .block(Duration.ofMillis(Database.CONNECTION_TIMEOUT_MILLIS * 2L));
            } catch (RuntimeException e) {
                client.close();
                throw DatabaseStartException.of(address.describe(), e);
            }
            return client;
        }

        /**
         * Closes the client while the server's event loops still run: its close ends the driver's sessions over them, and
         * the context stops them (ReactorResourceFactory is a lifecycle bean) before it destroys any bean, so a close at
         * destroy waited forever for a write that no loop would do (seen with FerretDB, which has sessions). The destroy
         * method stays, for a start that failed (no ContextClosedEvent then); a second close does nothing.
         */
        @Bean
        ClientCloser reactiveMongoClientCloser(com.mongodb.reactivestreams.client.MongoClient client) {
            return new ClientCloser(client);
        }

        record ClientCloser(com.mongodb.reactivestreams.client.MongoClient client)
                implements ApplicationListener<ContextClosedEvent> {
            @Override
            public void onApplicationEvent(ContextClosedEvent event) {
                client.close();
            }
        }

        @Bean
        ReactiveMongoTemplate reactiveMongoTemplate(
                com.mongodb.reactivestreams.client.MongoClient client, MongoAddress address) {
            return new ReactiveMongoTemplate(client, address.database());
        }
    }
}
