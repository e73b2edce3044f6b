package dev.stackbench.servers.movies;

import dev.stackbench.servers.db.AnswerTimeout;
import dev.stackbench.servers.db.Database;
import java.time.Duration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.mongodb.core.MongoTemplate;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * The movies' store, as {@code stackbench.movies.store} says ({@code sql}, {@code redis} or {@code mongo}),
 * in the form the approach's client property says: blocking ({@link MovieStore}) or reactive
 * ({@link ReactiveMovieStore}), exactly one of them. Redis and MongoDB are emptied and loaded with the
 * known data set at start, as the SQL databases are by their scripts.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "stackbench.workload", havingValue = "movies")
class MovieStores {

    /** How long loading the data set into a store may take at start. */
    private static final Duration SEED_TIMEOUT = Duration.ofMillis(Database.CONNECTION_TIMEOUT_MILLIS * 5L);

    /** One class per store, so that only the chosen store's client types are loaded. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(name = "stackbench.movies.store", havingValue = "sql")
    static class Sql {

        @Bean
        @ConditionalOnProperty(name = "stackbench.db.access", havingValue = "jdbc")
        MovieStore sqlMovieStore(JdbcClient jdbc, TransactionTemplate transaction) {
            return new SqlMovieStore(jdbc, transaction);
        }

        @Bean
        @ConditionalOnProperty(name = "stackbench.db.access", havingValue = "r2dbc")
        ReactiveMovieStore r2dbcMovieStore(
                DatabaseClient database, TransactionalOperator transaction, AnswerTimeout answerTimeout) {
            return new R2dbcMovieStore(database, transaction, answerTimeout);
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(name = "stackbench.movies.store", havingValue = "redis")
    static class Redis {

        @Bean
        @ConditionalOnProperty(name = "stackbench.redis.client", havingValue = "blocking")
        MovieStore redisMovieStore(StringRedisTemplate redis, JsonMapper json) {
            var store = new RedisMovieStore(redis, new RedisMovies(json));
            store.reset(SeedMovies.load());
            return store;
        }

        @Bean
        @ConditionalOnProperty(name = "stackbench.redis.client", havingValue = "reactive")
        ReactiveMovieStore reactiveRedisMovieStore(ReactiveStringRedisTemplate redis, JsonMapper json) {
            var store = new ReactiveRedisMovieStore(redis, new RedisMovies(json));
            store.reset(SeedMovies.load()).block(SEED_TIMEOUT);
            return store;
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(name = "stackbench.movies.store", havingValue = "mongo")
    static class Mongo {

        @Bean
        @ConditionalOnProperty(name = "stackbench.mongo.client", havingValue = "blocking")
        MovieStore mongoMovieStore(MongoTemplate mongo) {
            var store = new MongoMovieStore(mongo);
            store.reset(SeedMovies.load());
            return store;
        }

        @Bean
        @ConditionalOnProperty(name = "stackbench.mongo.client", havingValue = "reactive")
        ReactiveMovieStore reactiveMongoMovieStore(ReactiveMongoTemplate mongo) {
            var store = new ReactiveMongoMovieStore(mongo);
            store.reset(SeedMovies.load()).block(SEED_TIMEOUT);
            return store;
        }
    }
}
