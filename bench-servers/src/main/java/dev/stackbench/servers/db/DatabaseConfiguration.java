package dev.stackbench.servers.db;

import com.zaxxer.hikari.HikariDataSource;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.postgresql.PostgresqlConnectionFactoryProvider;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactoryOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.SQLException;
import java.time.Duration;
import javax.sql.DataSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.ByteArrayResource;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.client.ReactorResourceFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.r2dbc.connection.R2dbcTransactionManager;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import org.springframework.transaction.support.TransactionTemplate;
import reactor.core.publisher.Mono;

/**
 * The database of the movies and crud workloads, as each stack should reach it (connections waited
 * for and opened within {@link Database#CONNECTION_TIMEOUT_MILLIS}; a database unreachable at start
 * fails the start with {@link DatabaseStartException}):
 * {@code stackbench.db.access=jdbc} (JDBC over HikariCP, for every blocking approach) or
 * {@code r2dbc} (R2DBC end to end, for webflux-netty). Both start from the same known data set,
 * loaded by the same scripts at every start.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "stackbench.db.access")
public class DatabaseConfiguration {

    /** The schema and the known data set; the movies workload's other stores load the same data set from them. */
    public static final ClassPathResource SCHEMA = new ClassPathResource("dev/stackbench/servers/db/schema.sql");

    public static final ClassPathResource DATA = new ClassPathResource("dev/stackbench/servers/db/data.sql");

    @Bean
    Database database(
            @Value("${stackbench.db.url}") String url,
            @Value("${stackbench.db.username}") String username,
            @Value("${stackbench.db.password}") String password,
            @Value("${stackbench.db.pool-size}") int poolSize) {
        return Database.of(url, username, password, poolSize);
    }

    @Bean
    AnswerTimeout answerTimeout(
            @Value("${" + AnswerTimeout.PROPERTY + ":" + AnswerTimeout.DEFAULT_MILLIS + "}") long millis) {
        return new AnswerTimeout(millis);
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(name = "stackbench.db.access", havingValue = "jdbc")
    static class Jdbc {

        @Bean(destroyMethod = "close")
        HikariDataSource dataSource(Database database, AnswerTimeout answerTimeout) {
            var dataSource = new HikariDataSource();
            dataSource.setJdbcUrl(database.jdbcUrl());
            dataSource.setUsername(database.username());
            dataSource.setPassword(database.password());
            dataSource.setMaximumPoolSize(database.poolSize());
            dataSource.setPoolName("stackbench-jdbc");
            // An unavailable database answers 503 within the timeout, instead of requests waiting HikariCP's default 30
            // s.
            dataSource.setConnectionTimeout(Database.CONNECTION_TIMEOUT_MILLIS);
            dataSource.setValidationTimeout(Database.CONNECTION_TIMEOUT_MILLIS / 2);
            if (database.postgres()) {
                // PgJDBC's connect timeout is in seconds, 10 by default.
                dataSource.addDataSourceProperty(
                        "connectTimeout", String.valueOf(Math.max(1, Database.CONNECTION_TIMEOUT_MILLIS / 1000)));
                // A query sent to a database that stopped answering (a partition) fails after this, not after TCP's
                // minutes: the connection is broken (SQL state 08006), so it answers 503.
                dataSource.addDataSourceProperty("socketTimeout", String.valueOf(answerTimeout.wholeSeconds()));
            }
            try (var connection = dataSource.getConnection()) {
                // reachable: the pool has started with its first connection
            } catch (SQLException | RuntimeException e) {
                dataSource.close();
                throw DatabaseStartException.of(database, e);
            }
            new org.springframework.jdbc.datasource.init.ResourceDatabasePopulator(SCHEMA, DATA).execute(dataSource);
            return dataSource;
        }

        @Bean
        JdbcClient jdbcClient(DataSource dataSource) {
            return JdbcClient.create(dataSource);
        }

        @Bean
        TransactionTemplate transactionTemplate(DataSource dataSource) {
            return new TransactionTemplate(new DataSourceTransactionManager(dataSource));
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(name = "stackbench.db.access", havingValue = "r2dbc")
    static class R2dbc {

        @Bean(destroyMethod = "dispose")
        ConnectionPool connectionFactory(Database database, ObjectProvider<ReactorResourceFactory> serverResources) {
            var options = ConnectionFactoryOptions.parse(database.r2dbcUrl())
                    .mutate()
                    .option(ConnectionFactoryOptions.USER, database.username())
                    .option(ConnectionFactoryOptions.PASSWORD, database.password());
            ReactorResourceFactory resources = serverResources.getIfAvailable();
            Duration timeout = Duration.ofMillis(Database.CONNECTION_TIMEOUT_MILLIS);
            if (database.postgres()) {
                options.option(ConnectionFactoryOptions.CONNECT_TIMEOUT, timeout);
                if (resources != null) {
                    // The driver would otherwise run on Reactor Netty's JVM-wide loops: use this server's own.
                    options.option(PostgresqlConnectionFactoryProvider.LOOP_RESOURCES, resources.getLoopResources());
                }
            }
            // An unavailable database answers 503 within the timeout, never a wait of the pool's default (none).
            var pool = new ConnectionPool(ConnectionPoolConfiguration.builder(ConnectionFactories.get(options.build()))
                    .name("stackbench-r2dbc")
                    .initialSize(1)
                    .maxSize(database.poolSize())
                    .maxAcquireTime(timeout)
                    .maxCreateConnectionTime(timeout)
                    .build());
            try {
                Mono.usingWhen(pool.create(), connection -> Mono.empty(), Connection::close)
                        .block(timeout.multipliedBy(2));
            } catch (RuntimeException e) {
                pool.dispose();
                throw DatabaseStartException.of(database, e);
            }
            // Scripts read into memory first: read from the jar inside the reactive chain, they would be read on an
            // event loop.
            new org.springframework.r2dbc.connection.init.ResourceDatabasePopulator(inMemory(SCHEMA), inMemory(DATA))
                    .populate(pool)
                    .block(Duration.ofSeconds(60));
            return pool;
        }

        private static ByteArrayResource inMemory(ClassPathResource script) {
            try {
                return new ByteArrayResource(script.getContentAsByteArray(), script.getDescription());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + script.getDescription(), e);
            }
        }

        @Bean
        DatabaseClient databaseClient(ConnectionPool connectionFactory) {
            return DatabaseClient.create(connectionFactory);
        }

        @Bean
        TransactionalOperator transactionalOperator(ConnectionPool connectionFactory) {
            return TransactionalOperator.create(new R2dbcTransactionManager(connectionFactory));
        }
    }
}
