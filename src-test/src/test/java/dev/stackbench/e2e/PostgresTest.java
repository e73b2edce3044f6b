package dev.stackbench.e2e;

import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.Workload;
import dev.stackbench.testing.ChecksBehaviour;
import dev.stackbench.testing.SharedResources;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The movies and crud checks against PostgreSQL, JDBC and R2DBC both derived from one
 * {@code stackbench.db.url}: STACKBENCH_POSTGRES_URL ({@code postgresql://host:port/database}); .ci/run
 * installs, starts and provisions one. Without it these are skipped, except with CI=true, where they fail
 * ({@link Postgres.Needed}). Each server start reloads the known data set, so these run one server at a time.
 *
 * <p>These check what is answered, not how fast: the answer timeout is 30 s here, not the default 5 s, so that a commit
 * held up by a busy machine (the shared phase of CI keeps both cores busy) is not answered 503. SilentDatabaseTest
 * checks the timeout itself.
 */
@Postgres.Needed
@ChecksBehaviour
@ResourceLock(SharedResources.POSTGRES)
class PostgresTest {

    private static final String ANSWER_TIMEOUT_MILLIS = "30000";

    static ServerSpec onPostgres(Approach approach, Workload workload) {
        return Postgres.on(ServerSpec.of(approach, workload))
                .withServerProperty("stackbench.db.answer-timeout-millis", ANSWER_TIMEOUT_MILLIS);
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
    @EnumSource(
            value = Approach.class,
            names = {"LOOM_TOMCAT", "WEBFLUX_NETTY"})
    void concurrentWritesOnPostgres(Approach approach) throws Exception {
        PersistenceTest.checkConcurrentWrites(onPostgres(approach, Workload.CRUD));
    }
}
