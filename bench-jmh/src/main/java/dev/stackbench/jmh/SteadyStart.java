package dev.stackbench.jmh;

import dev.stackbench.core.jvm.JvmMetrics;
import dev.stackbench.core.load.engine.LoadSession;
import dev.stackbench.core.steady.WarmupUntilSteady;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Holds a trial's setup until the load is steady, before JMH's own warm-up iterations: the JIT quiet
 * and no trend in requests/s and p50 over the last seconds ({@link WarmupUntilSteady}, the same test
 * as {@code load --warmup auto}), at most a cap. Without it, on shared cores the first iterations
 * measure the compiler (seen: 15.9k, 34.0k, 40.3k ops/s in a row), and JMH's error grows larger than
 * its score.
 */
final class SteadyStart {

    private static final Duration INTERVAL = Duration.ofSeconds(1);

    private SteadyStart() {}

    /** @return why the wait ended: steady, or the cap reached */
    static String await(LoadSession load, Duration cap) throws InterruptedException {
        var detector = new WarmupUntilSteady(cap);
        load.window(); // what the load did while the server was starting
        Long compiledMillis = JvmMetrics.compilationMillis();
        Optional<String> decided = Optional.empty();
        while (decided.isEmpty()) {
            TimeUnit.NANOSECONDS.sleep(INTERVAL.toNanos());
            LoadSession.Window window = load.window();
            long ok = window.latencyNanos().getTotalCount();
            Double p50Millis = ok == 0 ? null : window.latencyNanos().getValueAtPercentile(50) / 1e6;
            Long nowMillis = JvmMetrics.compilationMillis();
            Double jitSeconds = nowMillis == null ? null : (nowMillis - compiledMillis) / 1e3;
            compiledMillis = nowMillis;
            decided = detector.offer(ok / window.seconds(), p50Millis, jitSeconds, window.seconds());
        }
        return decided.get();
    }
}
