package dev.stackbench.core.load.engine;

import java.net.UnknownHostException;

import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.result.Measurement;
import dev.stackbench.core.result.RunResult;

/**
 * Runs a {@link LoadRun}: its own Netty event loops (never the shared ones an in-process WebFlux
 * server uses, and not colocated), HdrHistogram recorders per loop merged once per interval.
 *
 * <pre>{@code
 * LoadRun run = LoadRun.of(URI.create("http://127.0.0.1:8080/date"),
 *         new LoadProfile.Open(1000, Duration.ofSeconds(30)), Duration.ofSeconds(30));
 * Measurement measurement = LoadGenerator.run(run, RunResult.Target.url(run.target()), ProgressListener.NONE);
 * System.out.println(measurement.result().latencyMs().p99());
 * }</pre>
 */
public final class LoadGenerator {

    private LoadGenerator() {
    }

    /**
     * Runs to the end of the profile and returns; failures of requests are counted, not thrown.
     *
     * @param target how the target is described in the result
     * @throws UnknownHostException if the target's host cannot be resolved
     */
    public static Measurement run(LoadRun run, RunResult.Target target, ProgressListener listener) throws UnknownHostException {
        return new Engine(run, target, listener).run();
    }
}
