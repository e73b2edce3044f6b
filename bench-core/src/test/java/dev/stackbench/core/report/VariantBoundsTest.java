package dev.stackbench.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.compare.ComparisonResult;
import dev.stackbench.core.compare.analysis.TrialValues;
import dev.stackbench.core.result.Percentiles;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.SampleResults;
import dev.stackbench.core.server.Execution;
import dev.stackbench.core.server.ServerLimits;
import dev.stackbench.testing.ChecksBehaviour;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * What the comparison's page says bounds each variant: for an application, whose delay is unknown, its limits and
 * Little's law on what it measured; for a built-in approach, the bound a run derives. Trials made by hand with the
 * numbers of 16 users on a 50 ms endpoint: 4 platform threads give 80 requests/s at 200 ms; virtual threads 320 at 50 ms.
 */
@ChecksBehaviour
class VariantBoundsTest {

    private static final ServerLimits FOUR_TOMCAT_THREADS = new ServerLimits(
            Execution.REQUEST_THREAD,
            4,
            null,
            ServerLimits.ThreadPool.eager("Tomcat request threads", 4, null, false),
            false,
            0,
            10);
    private static final ServerLimits VIRTUAL =
            new ServerLimits(Execution.VIRTUAL_THREAD, null, null, null, false, 0, null);
    private static final ServerLimits UNKNOWN = new ServerLimits(null, null, null, null, false, 0, null);

    /** A trial of an application: {@code rps} requests/s, every one answered in {@code latencyMillis}. */
    private static RunResult app(ServerLimits limits, double rps, long latencyMillis) {
        var latency = new Histogram(3);
        latency.recordValueWithCount(latencyMillis * 1_000_000, 100);
        var app = new RunResult.App(
                "app.jar",
                "com.example.App",
                "4.0.7",
                "Tomcat",
                RunResult.App.Isolation.ISOLATED_CLASS_LOADER,
                Map.of(),
                "app.log",
                null);
        var target = RunResult.Target.app("v", java.net.URI.create("http://127.0.0.1:1/"), app, Map.of(), limits);
        return result(target, rps, Percentiles.ofNanos(latency));
    }

    private static RunResult result(RunResult.Target target, double rps, Percentiles latency) {
        var profile = SampleResults.closedProfile(16, 1);
        var environment = new RunResult.Environment("25", "vm", 2, "linux", 1L << 30, true, 1);
        long ok = Math.round(rps);
        return SampleResults.builder()
                .target(target)
                .profile(profile)
                .environment(environment)
                .window(new RunResult.Window("2025-01-01T00:00:00Z", 0, 1, null, null, false))
                .served(ok)
                .rps(rps)
                .latencyMs(latency)
                .build();
    }

    /** Rounds of one trial each of variant "v". */
    private static ComparisonResult comparison(RunResult... trials) {
        var rounds = new java.util.ArrayList<ComparisonResult.Round>();
        for (int r = 0; r < trials.length; r++) {
            rounds.add(new ComparisonResult.Round(
                    r + 1,
                    List.of("v"),
                    List.of(new ComparisonResult.Trial("v", 1, "", 1, new TrialValues(Map.of()), trials[r], null)),
                    1));
        }
        return new ComparisonResult(
                ComparisonResult.SCHEMA,
                "",
                1,
                ComparisonResult.Stop.ROUNDS,
                null,
                null,
                List.of(),
                rounds,
                List.of(),
                List.of(),
                List.of(),
                null);
    }

    @Test
    void platformThreadsFewerThanTheRequestsInFlightBoundIt() {
        String words = VariantBounds.of(
                comparison(
                        app(FOUR_TOMCAT_THREADS, 78, 205),
                        app(FOUR_TOMCAT_THREADS, 80, 200),
                        app(FOUR_TOMCAT_THREADS, 76, 210)),
                "v");

        assertThat(words)
                .isEqualTo(
                        "4 Tomcat request threads; Little's law on its trials: 78 req/s × mean latency = 16.0 requests in flight, "
                                + "at most 4 in service: about 12 wait for a thread, so the threads bound it (each holds a request at most 4 / 78 req/s = "
                                + "51.3 ms); 10 database connections (their bound, connections / query time, not derived: the query time is not measured)");
    }

    @Test
    void platformThreadsMoreThanTheRequestsInFlightDoNotBoundIt() {
        assertThat(VariantBounds.of(comparison(app(FOUR_TOMCAT_THREADS, 40, 50)), "v"))
                .startsWith(
                        "4 Tomcat request threads; Little's law on "
                                + "its trials: 40 req/s × mean latency = 2.0 requests in flight, no more than its 4 threads: they do not bound it");
    }

    @Test
    void virtualThreadsHaveNoThreadBoundAndAnUnknownServerIsNotDerived() {
        assertThat(VariantBounds.of(comparison(app(VIRTUAL, 318, 50)), "v"))
                .isEqualTo("a virtual thread per request: no thread bound; "
                        + "Little's law on its trials: 318 req/s × mean latency = 15.9 requests in flight");
        assertThat(VariantBounds.of(comparison(app(UNKNOWN, 318, 50)), "v")).startsWith("request threads not derived");
        assertThat(VariantBounds.of(comparison(), "v")).isEqualTo("not derived: no complete round");
    }

    @Test
    void aBuiltInApproachHasTheBoundARunDerives() {
        var target = new RunResult.Target(
                "platform-tomcat/date",
                "http://127.0.0.1:1/",
                "platform-tomcat",
                "date",
                Map.of("delayMillis", "100"),
                Map.of(),
                new ServerLimits(
                        Execution.REQUEST_THREAD,
                        8,
                        null,
                        ServerLimits.ThreadPool.eager("Tomcat request threads", 8, null, false),
                        true,
                        0,
                        null),
                null,
                null);

        assertThat(VariantBounds.of(comparison(result(target, 78.2, Percentiles.ofNanos(new Histogram(3)))), "v"))
                .isEqualTo("8 threads / 100 ms = 80 req/s; measured 78.2 (98%)");
    }
}
