package dev.stackbench.core.result;

import dev.stackbench.core.vocabulary.LoadModel;
import dev.stackbench.core.vocabulary.ThinkTime;
import java.net.URI;
import java.util.List;
import java.util.Map;

/**
 * Results for tests that need a {@link RunResult} but not a run: every component at a plain default (a closed-model run
 * of one user for 10 s against {@code http://127.0.0.1:1/} that served nothing), a test setting what it holds. The one
 * place the tests list the record's twenty components.
 */
public final class SampleResults {

    private SampleResults() {}

    /** The plain defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** Every component of {@code result}, to change some. */
    public static Builder from(RunResult result) {
        var builder = new Builder();
        builder.schema = result.schema();
        builder.target = result.target();
        builder.profile = result.profile();
        builder.environment = result.environment();
        builder.window = result.window();
        builder.requests = result.requests();
        builder.rps = result.rps();
        builder.latencyMs = result.latencyMs();
        builder.serviceTimeMs = result.serviceTimeMs();
        builder.waitTimeMs = result.waitTimeMs();
        builder.bytes = result.bytes();
        builder.clientCpu = result.clientCpu();
        builder.timeline = result.timeline();
        builder.warnings = result.warnings();
        builder.jvm = result.jvm();
        builder.generator = result.generator();
        builder.byRequest = result.byRequest();
        builder.startup = result.startup();
        builder.agents = result.agents();
        builder.serverProfile = result.serverProfile();
        return builder;
    }

    /** A closed-model profile of {@code users} users without think time, measured for {@code seconds}. */
    public static RunResult.Profile closedProfile(int users, double seconds) {
        return new RunResult.Profile(
                LoadModel.CLOSED,
                users + " users",
                users,
                null,
                null,
                ThinkTime.NONE,
                users,
                1,
                0,
                seconds,
                null,
                10,
                30,
                true,
                false,
                List.of());
    }

    public static final class Builder {
        private String schema = RunResult.SCHEMA;
        private RunResult.Target target = RunResult.Target.url(URI.create("http://127.0.0.1:1/"));
        private RunResult.Profile profile = closedProfile(1, 10);
        private RunResult.Environment environment =
                new RunResult.Environment("25", "vm", 2, "linux", 1L << 30, true, 1);
        private RunResult.Window window = new RunResult.Window("2026-01-01T00:00:00Z", 0, 10, null, null, false);
        private RunResult.Requests requests = new RunResult.Requests(0, 0, 0, 0, Map.of(), 0, 0);
        private double rps;
        private Percentiles latencyMs = Percentiles.ofNanos(new org.HdrHistogram.Histogram(3));
        private Percentiles serviceTimeMs;
        private Percentiles waitTimeMs;
        private RunResult.Bytes bytes = new RunResult.Bytes(0, 0);
        private RunResult.ClientCpu clientCpu = new RunResult.ClientCpu(0, null);
        private List<TimelineRow> timeline = List.of();
        private List<String> warnings = List.of();
        private Jvm jvm;
        private Generator generator;
        private List<RunResult.RequestStats> byRequest;
        private RunResult.Startup startup;
        private RunResult.Agents agents;
        private ServerProfile serverProfile;

        private Builder() {}

        public Builder target(RunResult.Target value) {
            target = value;
            return this;
        }

        public Builder profile(RunResult.Profile value) {
            profile = value;
            return this;
        }

        public Builder environment(RunResult.Environment value) {
            environment = value;
            return this;
        }

        public Builder window(RunResult.Window value) {
            window = value;
            return this;
        }

        public Builder requests(RunResult.Requests value) {
            requests = value;
            return this;
        }

        /** {@code ok} requests, all of them scheduled, sent and served. */
        public Builder served(long ok) {
            return requests(new RunResult.Requests(ok, ok, ok, 0, Map.of(), 0, 0));
        }

        public Builder rps(double value) {
            rps = value;
            return this;
        }

        public Builder latencyMs(Percentiles value) {
            latencyMs = value;
            return this;
        }

        public Builder timeline(List<TimelineRow> value) {
            timeline = value;
            return this;
        }

        public Builder jvm(Jvm value) {
            jvm = value;
            return this;
        }

        public Builder generator(Generator value) {
            generator = value;
            return this;
        }

        public Builder startup(RunResult.Startup value) {
            startup = value;
            return this;
        }

        public Builder agents(RunResult.Agents value) {
            agents = value;
            return this;
        }

        public RunResult build() {
            return new RunResult(
                    schema,
                    target,
                    profile,
                    environment,
                    window,
                    requests,
                    rps,
                    latencyMs,
                    serviceTimeMs,
                    waitTimeMs,
                    bytes,
                    clientCpu,
                    timeline,
                    warnings,
                    jvm,
                    generator,
                    byRequest,
                    startup,
                    agents,
                    serverProfile);
        }
    }
}
