package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.MongoClients;
import com.mongodb.client.model.Filters;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.RunningServer;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.ServerStartException;
import dev.stackbench.core.server.Workload;
import dev.stackbench.testing.ChecksBehaviour;
import dev.stackbench.testing.SharedResources;
import io.lettuce.core.RedisClient;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The movies workload on Redis and on MongoDB ({@code stackbench.movies.store}), on every approach, one server
 * each: the known data set reads back by director, the work runs on the thread the approach claims (blocking
 * clients on its own threads, reactive ones on event loops), a saved movie reads back through the server and
 * is really in the store (read with a client of the test's own), and a store that goes away (a {@link TcpProxy}
 * cut) answers 503 with the API's error body, until it is back. MongoDB here is a mongo-java-server of the
 * test's own, reached by URI; {@link #theEmbeddedMongoIsTheDefault} checks the default.
 */
@ChecksBehaviour
@ResourceLock(SharedResources.REDIS)
class MovieStoresOnEveryApproachTest {

    /** webflux-netty on Redis: Lettuce completes its commands on its own event loops (the reactive chain goes on there). */
    static final Pattern LETTUCE_EVENT_LOOP = Pattern.compile("lettuce-(epoll|nio|ioUring|kqueue)EventLoop-\\d+-\\d+");

    /**
     * The URI's option beats the server's 2 s wait for a MongoDB server: a read after a cut waits for it, and 2 s on
     * each of eight approaches is CI time for nothing more.
     */
    static final String SHORT_SERVER_SELECTION = "serverSelectionTimeoutMS=300";

    /** Threads that POST at once (four POSTs of one movie each) to see that ids taken concurrently stay unique. */
    static final int CONCURRENT_SAVES = 16;

    static final String CONCURRENT_MOVIE =
            "[{\"title\":\"T\",\"year\":2000,\"genre\":\"Drama\",\"rating\":5,\"directors\":[{\"lastName\":\"Together\"}]}]";

    /** What the test reads from the store itself: the titles of a director's movies, as stored. */
    interface Directly {
        List<String> titlesBy(String director);
    }

    @ParameterizedTest
    @EnumSource(Approach.class)
    @Redis.Needed
    void moviesOnRedis(Approach approach) throws Exception {
        try (var proxy = new TcpProxy(Redis.address());
                var servers = new Servers();
                var http = new Http();
                var redis = RedisClient.create(Redis.url());
                var connection = redis.connect()) {
            RunningServer server = servers.start(ServerSpec.of(approach, Workload.MOVIES)
                    .withServerProperty("stackbench.movies.store", "redis")
                    .withServerProperty("stackbench.redis.url", "redis://127.0.0.1:" + proxy.port()));
            Directly directly =
                    director -> connection.sync().smembers("stackbench:movies:director:" + director).stream()
                            .map(id -> connection.sync().get("stackbench:movies:movie:" + id))
                            .map(json -> ResultFiles.json()
                                    .readTree(json)
                                    .get("title")
                                    .asString())
                            .toList();
            checkStore(
                    approach, server, http, directly, approach == Approach.WEBFLUX_NETTY ? LETTUCE_EVENT_LOOP : null);
            checkDownAndBack(approach, server, http, proxy);
        }
    }

    @ParameterizedTest
    @EnumSource(Approach.class)
    void moviesOnMongo(Approach approach) throws Exception {
        var mongoServer = new MongoServer(new MemoryBackend());
        InetSocketAddress address = mongoServer.bind();
        try (var proxy = new TcpProxy(address);
                var servers = new Servers();
                var http = new Http();
                var mongo = MongoClients.create("mongodb://127.0.0.1:" + address.getPort())) {
            RunningServer server = servers.start(ServerSpec.of(approach, Workload.MOVIES)
                    .withServerProperty("stackbench.movies.store", "mongo")
                    .withServerProperty(
                            "stackbench.mongo.uri",
                            "mongodb://127.0.0.1:" + proxy.port() + "/movies?" + SHORT_SERVER_SELECTION));
            var movies = mongo.getDatabase("movies").getCollection("movies");
            Directly directly = director -> movies.find(Filters.eq("director", director))
                    .map(movie -> movie.getString("title"))
                    .into(new ArrayList<>());
            checkStore(approach, server, http, directly, null);
            checkDownAndBack(approach, server, http, proxy);
        } finally {
            mongoServer.shutdownNow();
        }
    }

    /** No URI: the server starts a mongo-java-server of its own, and the workload runs on it, blocking and reactive. */
    @ParameterizedTest
    @EnumSource(
            value = Approach.class,
            names = {"PLATFORM_TOMCAT", "WEBFLUX_NETTY"})
    void theEmbeddedMongoIsTheDefault(Approach approach) throws Exception {
        try (var servers = new Servers();
                var http = new Http()) {
            RunningServer server = servers.start(
                    ServerSpec.of(approach, Workload.MOVIES).withServerProperty("stackbench.movies.store", "mongo"));
            assertThat(server.settings())
                    .containsEntry("stackbench.mongo.uri", "")
                    .containsEntry("stackbench.movies.store", "mongo");
            assertThat(MoviesAndCrudOnEveryApproachTest.titles(
                            http.get(server.baseUri().resolve("movies?director=Allen"))))
                    .containsExactly("Annie Hall", "Manhattan", "Midnight in Paris");
            Http.Response saved = http.send(
                    "POST", server.baseUri().resolve("movies"), MoviesAndCrudOnEveryApproachTest.BARRY_LYNDON);
            assertThat(saved.status()).as(saved.body()).isEqualTo(201);
            assertThat(MoviesAndCrudOnEveryApproachTest.titles(
                            http.get(server.baseUri().resolve("movies?director=Kubrick"))))
                    .containsExactly("2001: A Space Odyssey", "Barry Lyndon", "The Shining");
        }
    }

    /** A store that refuses connections at start fails the start, in one line naming it: blocking and reactive clients alike. */
    @ParameterizedTest
    @CsvSource({"platform-tomcat,redis", "webflux-netty,redis", "platform-tomcat,mongo", "webflux-netty,mongo"})
    void aStoreUnreachableAtStartFailsTheStartNamingIt(String approach, String store) throws Exception {
        int refusingPort;
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            refusingPort = socket.getLocalPort();
        }
        String address = "127.0.0.1:" + refusingPort;
        try (var servers = new Servers()) {
            var spec = ServerSpec.of(Approach.fromId(approach), Workload.MOVIES)
                    .withServerProperty("stackbench.movies.store", store)
                    .withServerProperty(
                            store.equals("redis") ? "stackbench.redis.url" : "stackbench.mongo.uri",
                            store.equals("redis")
                                    ? "redis://" + address
                                    : "mongodb://" + address + "/?" + SHORT_SERVER_SELECTION);

            assertThatThrownBy(() -> servers.start(spec))
                    .isInstanceOf(ServerStartException.class)
                    .hasMessageEndingWith("cannot connect to " + (store.equals("redis") ? "Redis" : "MongoDB") + " at "
                            + address + ": Connection refused")
                    .satisfies(failure -> assertThat(failure.getMessage()).doesNotContain("\n"));
        }
    }

    /**
     * @param reactiveThread where webflux-netty's reply is made when not on the server's own event loops, or null
     */
    static void checkStore(
            Approach approach, RunningServer server, Http http, Directly directly, Pattern reactiveThread)
            throws Exception {
        URI base = server.baseUri();
        // Kubrick first: not cached yet, so the answer comes from the store, on the thread the store's client answers
        // on.
        Http.Response kubrick = http.get(base.resolve("movies?director=Kubrick"));
        assertThat(MoviesAndCrudOnEveryApproachTest.titles(kubrick))
                .containsExactly("2001: A Space Odyssey", "The Shining");
        if (reactiveThread == null) {
            DateOnEveryApproachTest.assertRanWhereClaimed(approach, kubrick);
        } else {
            assertThat(kubrick.threadName()).as("thread of %s", approach).matches(reactiveThread);
            assertThat(kubrick.virtual()).isFalse();
        }
        assertThat(MoviesAndCrudOnEveryApproachTest.titles(http.get(base.resolve("movies?director=allen"))))
                .containsExactly("Annie Hall", "Manhattan", "Midnight in Paris");
        assertThat(MoviesAndCrudOnEveryApproachTest.titles(http.get(base.resolve("movies?director=Hitchcock"))))
                .containsExactly("Rear Window", "Vertigo", "Psycho");
        assertThat(MoviesAndCrudOnEveryApproachTest.titles(http.get(base.resolve("movies?director=Nobody"))))
                .isEmpty();

        Http.Response saved = http.send("POST", base.resolve("movies"), MoviesAndCrudOnEveryApproachTest.BARRY_LYNDON);
        assertThat(saved.status()).as(saved.body()).isEqualTo(201);
        assertThat(MoviesAndCrudOnEveryApproachTest.json(saved).get(0).get("id").asLong())
                .isEqualTo(9); // after the data set's 8
        assertThat(MoviesAndCrudOnEveryApproachTest.titles(http.get(base.resolve("movies?director=Kubrick"))))
                .containsExactly("2001: A Space Odyssey", "Barry Lyndon", "The Shining");
        assertThat(directly.titlesBy("kubrick"))
                .containsExactlyInAnyOrder("2001: A Space Odyssey", "Barry Lyndon", "The Shining");

        // Saves at once, each taking ids from the store's counter: all saved, no id twice.
        var concurrently = new ArrayList<java.util.concurrent.Future<Http.Response>>();
        try (var executor = Executors.newFixedThreadPool(CONCURRENT_SAVES)) {
            for (int i = 0; i < CONCURRENT_SAVES * 4; i++) {
                concurrently.add(executor.submit(() -> http.send("POST", base.resolve("movies"), CONCURRENT_MOVIE)));
            }
            for (var save : concurrently) {
                Http.Response response = save.get(30, TimeUnit.SECONDS);
                assertThat(response.status()).as(response.body()).isEqualTo(201);
            }
        }
        Http.Response together = http.get(base.resolve("movies?director=Together"));
        assertThat(MoviesAndCrudOnEveryApproachTest.titles(together)).hasSize(CONCURRENT_SAVES * 4);
        assertThat(MoviesAndCrudOnEveryApproachTest.json(together)
                        .valueStream()
                        .map(movie -> movie.get("id").asLong())
                        .distinct())
                .hasSize(CONCURRENT_SAVES * 4);
    }

    /** A write and a read past the cache (a director not read yet) answer 503 while the store is away; the server serves again once it is back. */
    static void checkDownAndBack(Approach approach, RunningServer server, Http http, TcpProxy proxy) throws Exception {
        URI movies = server.baseUri().resolve("movies");
        proxy.cut();
        DatabaseDownTest.assertUnavailable(
                approach,
                List.of(
                        http.send("POST", movies, DatabaseDownTest.MOVIE),
                        http.get(server.baseUri().resolve("movies?director=Scorsese"))));
        proxy.restore();
        DatabaseDownTest.assertServesAgain(() -> http.send("POST", movies, DatabaseDownTest.MOVIE));
    }
}
