package dev.stackbench.core.result;

import java.util.List;
import java.util.Map;

/** Hand-made results for tests of what is derived from them. */
final class TestResults {

    private TestResults() {
    }

    static RunResult closed(String approach, Map<String, String> settings, Map<String, String> params, int users, String thinkTime,
                            double rps) {
        return of(approach, settings, params, new RunResult.Profile("closed", users + " users", users, null, null, thinkTime, users, 2,
                0, 10, null, 10, 30, true, false, List.of()), rps);
    }

    static RunResult open(String approach, Map<String, String> settings, Map<String, String> params, double rate, int connections,
                          double rps) {
        return of(approach, settings, params, new RunResult.Profile("open", rate + "/s", null, rate, null, null, connections, 2,
                0, 10, null, 10, 30, true, false, List.of()), rps);
    }

    static RunResult of(String approach, Map<String, String> settings, Map<String, String> params, RunResult.Profile profile, double rps) {
        var target = new RunResult.Target(approach + "/date", "http://127.0.0.1:1/", approach, "date", params, settings);
        var environment = new RunResult.Environment("25", "vm", 2, "linux", 1L << 30, true, 1);
        long ok = Math.round(rps * profile.durationSeconds());
        return new RunResult(RunResult.SCHEMA, target, profile, environment, new RunResult.Window("2025-01-01T00:00:00Z", 0, 10, null, null, false),
                new RunResult.Requests(ok, ok, ok, 0, Map.of(), 0, 0), rps, Percentiles.ofNanos(new org.HdrHistogram.Histogram(3)),
                null, null, new RunResult.Bytes(0, 0), new RunResult.ClientCpu(0, null), List.of(), List.of(), null);
    }
}
