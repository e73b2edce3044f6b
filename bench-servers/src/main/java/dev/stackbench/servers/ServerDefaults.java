package dev.stackbench.servers;

import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.Execution;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.WebStack;
import dev.stackbench.core.server.Workload;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import reactor.core.scheduler.Schedulers;
import reactor.netty.resources.LoopResources;

/**
 * stackbench's server settings, in one place: the reference experiments' pool sizes and the same
 * connection handling on both stacks. Every value is a Spring property a user can override with
 * {@code --server-property NAME=VALUE}; shared values are {@code stackbench.*} properties that the
 * stack-specific ones refer to, so one override changes both stacks alike.
 */
final class ServerDefaults {

    /** Idle keep-alive connections are closed after this long, on Tomcat and Netty alike. */
    static final String IDLE_TIMEOUT = "60s";
    /** Listen backlog of both servers (Tomcat's accept-count, Netty's SO_BACKLOG). Tomcat's own default is 100. */
    static final int ACCEPT_COUNT = 1024;
    /** Tomcat's request threads, as in the reference experiments (Tomcat's default). */
    static final int TOMCAT_MAX_THREADS = 200;
    /** async-tomcat's @Async pool, as in 000_1588c31d8a7041cb.txt. */
    static final int ASYNC_CORE_POOL_SIZE = 100;

    static final int ASYNC_MAX_POOL_SIZE = 200;
    static final int ASYNC_QUEUE_CAPACITY = 1000;
    /** Timeout of nested (call-depth) HTTP calls, connect and response. */
    static final String UPSTREAM_TIMEOUT = "30s";
    /** Connections per server for nested calls with WebClient (the blocking JDK client has no cap). */
    static final int UPSTREAM_MAX_CONNECTIONS = 20_000;

    /** A fresh in-memory H2 database per server; postgresql://host:port/database for PostgreSQL. */
    static final String DB_URL = "h2:mem";
    /** Connections of the JDBC or R2DBC pool (HikariCP's own default): often the real bottleneck. */
    static final int DB_POOL_SIZE = 10;
    /** Where the movies workload keeps its movies: {@code sql} (the database above), {@code redis} or {@code mongo}. */
    static final String MOVIES_STORE = "sql";

    static final List<String> MOVIES_STORES = List.of("sql", "redis", "mongo");
    /** Redis where a plain {@code redis-server} listens, unless the environment's STACKBENCH_REDIS_URL says (as .ci/run's does). */
    static final String REDIS_URL = "${STACKBENCH_REDIS_URL:redis://127.0.0.1:6379}";
    /**
     * Empty, unless the environment's STACKBENCH_MONGO_URI says: an embedded mongo-java-server of the server's own (in
     * memory); mongodb://host:port/database for a real MongoDB.
     */
    static final String MONGO_URI = "${STACKBENCH_MONGO_URI:}";

    /** Names of the settings that {@link ResolvedLimits} reads back, so each is written once. */
    static final class Property {
        static final String TOMCAT_MAX_THREADS = "server.tomcat.threads.max";
        /** Boot's own property, not set by stackbench: Tomcat's queue is unbounded unless a user sets it. */
        static final String TOMCAT_MAX_QUEUE_CAPACITY = "server.tomcat.threads.max-queue-capacity";

        static final String ASYNC_CORE_SIZE = "spring.task.execution.pool.core-size";
        static final String ASYNC_MAX_SIZE = "spring.task.execution.pool.max-size";
        static final String ASYNC_QUEUE_CAPACITY = "spring.task.execution.pool.queue-capacity";
        static final String ELASTIC_MAX_THREADS = "stackbench.elastic.max-threads";
        static final String ELASTIC_QUEUED_TASK_CAP = "stackbench.elastic.queued-task-cap";
        static final String NETTY_EVENT_LOOP_THREADS = "stackbench.netty.event-loop-threads";
        static final String NETTY_THREAD_NAME_PREFIX = "stackbench.netty.thread-name-prefix";
        static final String NETTY_TIMER = "stackbench.netty.timer";
        static final String UPSTREAM_URI = "stackbench.upstream.uri";
        static final String DATE_ADDED_DELAY_MILLIS = "stackbench.date.added-delay-millis";
        static final String DATE_BURN_MICROS = "stackbench.date.burn-micros";
        static final String DATE_PINNED_WAIT_MILLIS = "stackbench.date.pinned-wait-millis";
        static final String DB_POOL_SIZE = "stackbench.db.pool-size";
        static final String MOVIES_STORE = "stackbench.movies.store";
        static final String HTTP2_ENABLED = "server.http2.enabled";
        /** Boot's server TLS: a key store, a PEM certificate or a bundle, each a way to give the server its certificate. */
        static final List<String> SSL_CERTIFICATE_SOURCES =
                List.of("server.ssl.key-store", "server.ssl.certificate", "server.ssl.bundle");

        private Property() {}
    }

    private ServerDefaults() {}

    static Map<String, String> forServer(ServerSpec spec) {
        Approach approach = spec.approach();
        Workload workload = spec.workload();
        var defaults = new LinkedHashMap<String, String>();
        common(defaults);
        String store = workload == Workload.MOVIES ? moviesStore(spec) : MOVIES_STORE;
        switch (store) {
            case "redis" -> redis(defaults, approach);
            case "mongo" -> mongo(defaults, approach);
            default -> {
                if (workload != Workload.DATE) {
                    database(defaults, approach);
                }
            }
        }
        // Added to every date request's delay: makes a server slower without changing its requests
        // (how the gate tests show that a slower server fails a gate).
        defaults.put(Property.DATE_ADDED_DELAY_MILLIS, "0");
        // CPU spent on every date request before it answers: a known extra cost (how comparisons show what they
        // detect).
        defaults.put(Property.DATE_BURN_MICROS, "0");
        // Waited by every blocking date request inside a VM call (PinnedWait): a virtual thread pins its carrier
        // meanwhile.
        defaults.put(Property.DATE_PINNED_WAIT_MILLIS, "0");
        if (spec.http2() || spec.tls()) {
            // A default, not an override: --server-property server.http2.enabled=false still wins, as it did.
            // Over TLS it makes both stacks offer h2 by ALPN, beside http/1.1.
            defaults.put(Property.HTTP2_ENABLED, "true");
        }
        if (spec.tls()) {
            tls(defaults, spec.serverProperties());
        }
        if (workload == Workload.MOVIES) {
            defaults.put(Property.MOVIES_STORE, MOVIES_STORE);
            defaults.put("stackbench.movies.cache", "true");
            defaults.put("stackbench.movies.read-only", "false");
        }
        switch (approach.stack()) {
            case MVC_TOMCAT -> tomcat(defaults);
            case WEBFLUX_NETTY -> netty(defaults);
        }
        switch (approach.execution()) {
            case VIRTUAL_THREAD -> {
                if (approach.stack() == WebStack.MVC_TOMCAT) {
                    defaults.put("spring.threads.virtual.enabled", "true");
                }
            }
            case TASK_POOL -> {
                defaults.put(Property.ASYNC_CORE_SIZE, String.valueOf(ASYNC_CORE_POOL_SIZE));
                defaults.put(Property.ASYNC_MAX_SIZE, String.valueOf(ASYNC_MAX_POOL_SIZE));
                defaults.put(Property.ASYNC_QUEUE_CAPACITY, String.valueOf(ASYNC_QUEUE_CAPACITY));
                defaults.put("spring.task.execution.thread-name-prefix", approach.id() + "-");
            }
            case BOUNDED_ELASTIC -> {
                // Reactor's own defaults for boundedElastic: 10 threads per core, 100,000 queued tasks.
                defaults.put(Property.ELASTIC_MAX_THREADS, String.valueOf(Schedulers.DEFAULT_BOUNDED_ELASTIC_SIZE));
                defaults.put(
                        Property.ELASTIC_QUEUED_TASK_CAP, String.valueOf(Schedulers.DEFAULT_BOUNDED_ELASTIC_QUEUESIZE));
            }
            case REQUEST_THREAD, COMMON_POOL, EVENT_LOOP -> {}
        }
        return defaults;
    }

    /**
     * TLS with the {@link GeneratedCertificate}, unless the user's server properties give a certificate (a key
     * store, a PEM certificate or a bundle): then theirs alone, none of the generated one's settings mixed in.
     */
    private static void tls(Map<String, String> defaults, Map<String, String> serverProperties) {
        // A client's failed handshake (an untrusted certificate) is the client's to report: the load generator counts
        // each as a 'tls' error and says why once, where Reactor Netty would log two warnings per connection.
        defaults.put("logging.level.io.netty.handler.ssl.ApplicationProtocolNegotiationHandler", "ERROR");
        if (Property.SSL_CERTIFICATE_SOURCES.stream().anyMatch(serverProperties::containsKey)) {
            return;
        }
        defaults.put("server.ssl.key-store", "file:" + GeneratedCertificate.keyStore());
        defaults.put("server.ssl.key-store-type", GeneratedCertificate.STORE_TYPE);
        defaults.put("server.ssl.key-store-password", GeneratedCertificate.password());
        defaults.put("server.ssl.key-alias", GeneratedCertificate.ALIAS);
    }

    private static void common(Map<String, String> defaults) {
        defaults.put("spring.main.banner-mode", "off");
        defaults.put("spring.main.log-startup-info", "false");
        defaults.put("spring.jmx.enabled", "false");
        defaults.put("logging.level.root", "WARN");
        // A failed start becomes a one-line ServerStartException; Boot's own failure report would repeat it at length.
        defaults.put("logging.level.org.springframework.boot.SpringApplication", "OFF");
        defaults.put("logging.level.org.springframework.boot.diagnostics", "OFF");
        defaults.put("logging.level.org.springframework.boot.web.server", "ERROR");
        // Requests abandoned in flight when a run ends time out as the server stops: not worth a warning each.
        defaults.put(
                "logging.level.org.springframework.web.servlet.mvc.support.DefaultHandlerExceptionResolver", "ERROR");
        // Tomcat warns when seeding its session-id SecureRandom takes over 100 ms, as it does on a busy machine; no
        // session is used.
        defaults.put("logging.level.org.apache.catalina.util.SessionIdGeneratorBase", "ERROR");
        defaults.put("server.address", "127.0.0.1");
        defaults.put("server.port", "0");
        // A benchmark's server stops when asked: requests still in flight after a run are abandoned.
        defaults.put("server.shutdown", "immediate");
        defaults.put("stackbench.idle-timeout", IDLE_TIMEOUT);
        defaults.put("stackbench.accept-count", String.valueOf(ACCEPT_COUNT));
        defaults.put(Property.UPSTREAM_URI, "");
        defaults.put("stackbench.upstream.timeout", UPSTREAM_TIMEOUT);
    }

    /**
     * Each stack reaches the database its own way: R2DBC end to end for the non-blocking approach,
     * JDBC over HikariCP for every other (run on the approach's threads).
     */
    private static void database(Map<String, String> defaults, Approach approach) {
        defaults.put("stackbench.db.access", approach.execution() == Execution.EVENT_LOOP ? "r2dbc" : "jdbc");
        defaults.put("stackbench.db.url", DB_URL);
        defaults.put("stackbench.db.username", "sa");
        defaults.put("stackbench.db.password", "");
        defaults.put(Property.DB_POOL_SIZE, String.valueOf(DB_POOL_SIZE));
    }

    /**
     * The movies' store from the spec (a workload option {@code store} beats the server property, as it does
     * when the server starts), checked here: its settings depend on it.
     */
    private static String moviesStore(ServerSpec spec) {
        String store = spec.workloadOptions()
                .getOrDefault("store", spec.serverProperties().getOrDefault(Property.MOVIES_STORE, MOVIES_STORE));
        if (!MOVIES_STORES.contains(store)) {
            throw new IllegalArgumentException(Property.MOVIES_STORE + " must be one of "
                    + String.join(", ", MOVIES_STORES) + ", got '" + store + "'");
        }
        return store;
    }

    /** As {@link #database}: the reactive client for the non-blocking approach, the blocking one for every other. */
    private static String client(Approach approach) {
        return approach.execution() == Execution.EVENT_LOOP ? "reactive" : "blocking";
    }

    private static void redis(Map<String, String> defaults, Approach approach) {
        defaults.put("stackbench.redis.client", client(approach));
        defaults.put("stackbench.redis.url", REDIS_URL);
    }

    private static void mongo(Map<String, String> defaults, Approach approach) {
        defaults.put("stackbench.mongo.client", client(approach));
        defaults.put("stackbench.mongo.uri", MONGO_URI);
        // The embedded server says where it is, once, on stderr.
        defaults.put("logging.level.dev.stackbench.servers.db.EmbeddedMongo", "INFO");
        // The embedded mongo-java-server warns, at every start, that it ignores the director index (the README says
        // so).
        defaults.put("logging.level.de.bwaldvogel.mongo", "ERROR");
    }

    private static void tomcat(Map<String, String> defaults) {
        defaults.put(Property.TOMCAT_MAX_THREADS, String.valueOf(TOMCAT_MAX_THREADS));
        // Tomcat closes a connection after 100 requests by default; Netty never does.
        defaults.put("server.tomcat.max-keep-alive-requests", "-1");
        // Tomcat caps connections at 8192 by default; Netty has no cap.
        defaults.put("server.tomcat.max-connections", "-1");
        defaults.put("server.tomcat.keep-alive-timeout", "${stackbench.idle-timeout}");
        defaults.put("server.tomcat.connection-timeout", "${stackbench.idle-timeout}");
        defaults.put("server.tomcat.accept-count", "${stackbench.accept-count}");
        // No server-side request timeout on either stack (MVC's async default is Tomcat's 30 s): the client decides.
        defaults.put("spring.mvc.async.request-timeout", "-1ms");
    }

    private static void netty(Map<String, String> defaults) {
        defaults.put("server.netty.idle-timeout", "${stackbench.idle-timeout}");
        defaults.put(Property.NETTY_EVENT_LOOP_THREADS, String.valueOf(LoopResources.DEFAULT_IO_WORKER_COUNT));
        // Names the event loops (<prefix>-http-nio-1): an upstream service gives its own, so its CPU is told apart.
        defaults.put(Property.NETTY_THREAD_NAME_PREFIX, "${stackbench.approach}");
        defaults.put(Property.NETTY_TIMER, "parallel");
        defaults.put("stackbench.upstream.max-connections", String.valueOf(UPSTREAM_MAX_CONNECTIONS));
    }
}
