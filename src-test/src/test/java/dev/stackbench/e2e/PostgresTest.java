package dev.stackbench.e2e;

import java.util.Map;

import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.Workload;

import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The movies and crud checks against PostgreSQL, JDBC and R2DBC both derived from one
 * {@code stackbench.db.url}. Runs when STACKBENCH_POSTGRES_URL names a database
 * ({@code postgresql://host:port/database}); .ci/run installs, starts and provisions one, so CI always runs it.
 * Each server start reloads the known data set, so these run one server at a time.
 */
@EnabledIfEnvironmentVariable(named = "STACKBENCH_POSTGRES_URL", matches = "postgresql://.+")
class PostgresTest {

    static ServerSpec onPostgres(Approach approach, Workload workload) {
        return ServerSpec.of(approach, workload).withServerProperties(Map.of(
                "stackbench.db.url", System.getenv("STACKBENCH_POSTGRES_URL"),
                "stackbench.db.username", System.getenv().getOrDefault("STACKBENCH_POSTGRES_USER", "stackbench"),
                "stackbench.db.password", System.getenv().getOrDefault("STACKBENCH_POSTGRES_PASSWORD", "stackbench")));
    }

    @ParameterizedTest
    @EnumSource(Approach.class)
    void moviesOnPostgres(Approach approach) throws Exception {
        MoviesAndCrudOnEveryApproachTest.checkMovies(onPostgres(approach, Workload.MOVIES));
    }

    @ParameterizedTest
    @EnumSource(Approach.class)
    void contactsOnPostgres(Approach approach) throws Exception {
        MoviesAndCrudOnEveryApproachTest.checkContacts(onPostgres(approach, Workload.CRUD));
    }

    @ParameterizedTest
    @EnumSource(value = Approach.class, names = {"LOOM_TOMCAT", "WEBFLUX_NETTY"})
    void concurrentWritesOnPostgres(Approach approach) throws Exception {
        PersistenceTest.checkConcurrentWrites(onPostgres(approach, Workload.CRUD));
    }
}
