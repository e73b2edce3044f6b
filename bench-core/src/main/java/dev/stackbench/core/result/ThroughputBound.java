package dev.stackbench.core.result;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import dev.stackbench.core.load.ThinkTime;
import dev.stackbench.core.server.Approach;

/**
 * The most requests per second a run's setup allows, derived from its settings alone, so that a result
 * can say why its throughput is what it is. The rules, in one place:
 * <ul>
 *   <li><b>pool</b>: N threads that each hold a request for the delay D serve at most N / D requests/s
 *       (with {@code callDepth} K a request holds K + 1 of them: the server calls itself). N is
 *       {@code server.tomcat.threads.max} (platform-tomcat), {@code stackbench.elastic.max-threads} (elastic-*),
 *       the JVM's common-pool parallelism (commonpool-tomcat), or for async-tomcat the threads a
 *       ThreadPoolExecutor really starts: core-size, growing toward max-size only once its queue is full.</li>
 *   <li><b>closed model</b>: C users, each waiting D for a response and Z thinking, send at most C / (D + Z).</li>
 *   <li><b>open model</b>: the offered rate.</li>
 * </ul>
 * Virtual threads and event loops have no pool bound. A database pool of M connections with query time Q
 * would give M / Q, but the query time is not measured, so it is not derived.
 *
 * <pre>{@code
 * ThroughputBound.binding(result).ifPresent(bound -> System.out.println("bound: " + bound.against(result.rps())));
 * // bound: 8 threads / 100 ms = 80 req/s; measured 78.2 (98%)
 * }</pre>
 *
 * @param formula           the arithmetic, e.g. {@code 8 threads / 100 ms}
 * @param requestsPerSecond its result
 * @param source            where the numbers come from, e.g. {@code server.tomcat.threads.max=8, delayMillis=100}
 */
public record ThroughputBound(String formula, double requestsPerSecond, String source) {

    private static final double MILLIS_PER_SECOND = 1000.0;

    /** The lowest bound that applies: the one that explains the throughput, if any does. */
    public static Optional<ThroughputBound> binding(RunResult result) {
        return all(result).stream().min(Comparator.comparingDouble(ThroughputBound::requestsPerSecond));
    }

    /** Every bound that applies to this run. */
    public static List<ThroughputBound> all(RunResult result) {
        var bounds = new ArrayList<ThroughputBound>();
        Map<String, String> params = result.target().workloadParams() == null ? Map.of() : result.target().workloadParams();
        double delayMillis = number(params.get("delayMillis"), 0);
        int callDepth = (int) number(params.get("callDepth"), 0);
        poolBound(result, delayMillis, callDepth).ifPresent(bounds::add);
        modelBound(result, delayMillis).ifPresent(bounds::add);
        return bounds;
    }

    /** {@code 8 threads / 100 ms = 80 req/s} */
    public String describe() {
        return formula + " = " + rate(requestsPerSecond) + " req/s";
    }

    /** {@code 8 threads / 100 ms = 80 req/s; measured 78.2 (98%)} */
    public String against(double measuredPerSecond) {
        double percent = 100 * measuredPerSecond / requestsPerSecond;
        // 199 of 200 is 99.5%, not "100%": one decimal where rounding would hide the gap
        String shown = Math.round(percent) == 100 && percent != 100 ? String.format(Locale.ROOT, "%.1f", percent)
                : String.format(Locale.ROOT, "%.0f", percent);
        return describe() + "; measured " + rate(measuredPerSecond) + " (" + shown + "%)";
    }

    private static Optional<ThroughputBound> poolBound(RunResult result, double delayMillis, int callDepth) {
        if (result.target().approach() == null || delayMillis <= 0) {
            return Optional.empty(); // no pool of ours, or nothing holds a thread for long
        }
        Approach approach;
        try {
            approach = Approach.fromId(result.target().approach());
        } catch (IllegalArgumentException e) {
            return Optional.empty(); // a result from a version with other approaches
        }
        Map<String, String> settings = result.target().serverSettings() == null ? Map.of() : result.target().serverSettings();
        Pool pool = switch (approach.execution()) {
            case REQUEST_THREAD -> Pool.setting(settings, "server.tomcat.threads.max");
            case BOUNDED_ELASTIC -> Pool.setting(settings, "stackbench.elastic.max-threads");
            case COMMON_POOL -> result.environment().commonPoolParallelism() == null ? null
                    : new Pool(result.environment().commonPoolParallelism(), "common pool parallelism "
                    + result.environment().commonPoolParallelism() + " on " + result.environment().cores() + " cores");
            case TASK_POOL -> Pool.threadPoolExecutor(settings, inFlight(result));
            case VIRTUAL_THREAD, EVENT_LOOP -> null;
        };
        if (pool == null) {
            return Optional.empty();
        }
        int holders = callDepth + 1;
        String formula = pool.threads() + (pool.threads() == 1 ? " thread / " : " threads / ")
                + (holders > 1 ? "(" + holders + " × " + millis(delayMillis) + ")" : millis(delayMillis));
        String source = pool.source() + ", delayMillis=" + millis(delayMillis).replace(" ms", "")
                + (holders > 1 ? ", callDepth=" + callDepth + " holds " + holders + " threads per request" : "");
        return Optional.of(new ThroughputBound(formula, pool.threads() * MILLIS_PER_SECOND / (holders * delayMillis), source));
    }

    private static Optional<ThroughputBound> modelBound(RunResult result, double delayMillis) {
        var profile = result.profile();
        if (profile.ratePerSecond() != null) {
            return Optional.of(new ThroughputBound("offered rate", profile.ratePerSecond(), "open model, --rate"));
        }
        if (profile.concurrency() == null) {
            return Optional.empty(); // ramps: the load changes over the run
        }
        double thinkMillis = profile.thinkTime() == null ? 0 : meanMillis(ThinkTime.parse(profile.thinkTime()));
        if (delayMillis + thinkMillis <= 0) {
            return Optional.empty();
        }
        int users = profile.concurrency();
        String formula = users + (users == 1 ? " user / " : " users / ")
                + (thinkMillis > 0 ? "(" + millis(delayMillis) + " + " + millis(thinkMillis) + " think)" : millis(delayMillis));
        return Optional.of(new ThroughputBound(formula, users * MILLIS_PER_SECOND / (delayMillis + thinkMillis),
                "closed model: --concurrency " + users + (thinkMillis > 0 ? ", --think-time " + profile.thinkTime() : "")
                        + ", delayMillis=" + millis(delayMillis).replace(" ms", "")));
    }

    /** Requests that can be in the server at once: the users (closed) or the connection cap (open); null for ramps. */
    private static Integer inFlight(RunResult result) {
        if (result.profile().concurrency() != null) {
            return result.profile().concurrency();
        }
        return result.profile().ratePerSecond() != null ? result.profile().connections() : null;
    }

    private record Pool(int threads, String source) {

        static Pool setting(Map<String, String> settings, String name) {
            Integer threads = integer(settings.get(name));
            return threads == null ? null : new Pool(threads, name + "=" + threads);
        }

        /**
         * A ThreadPoolExecutor runs core-size threads and queues the rest; only a full queue makes it
         * start more, up to max-size. With U requests in flight it runs min(U, core) threads while
         * U <= core + queue, else min(max, U - queue).
         */
        static Pool threadPoolExecutor(Map<String, String> settings, Integer inFlight) {
            Integer core = integer(settings.get("spring.task.execution.pool.core-size"));
            Integer max = integer(settings.get("spring.task.execution.pool.max-size"));
            Integer queue = integer(settings.get("spring.task.execution.pool.queue-capacity"));
            if (core == null || max == null || queue == null) {
                return null;
            }
            String sizes = "spring.task.execution.pool core-size=" + core + ", max-size=" + max + ", queue-capacity=" + queue;
            if (inFlight == null) {
                return new Pool(core, sizes + ": threads beyond core-size start only when the queue is full");
            }
            if (inFlight <= core + queue) {
                int threads = Math.min(inFlight, core);
                return new Pool(threads, sizes + ": " + inFlight + " requests in flight never fill the queue, so at most "
                        + threads + " threads run");
            }
            int threads = Math.min(max, inFlight - queue);
            return new Pool(threads, sizes + ": " + inFlight + " requests in flight fill the queue, so " + threads + " threads run");
        }
    }

    private static double meanMillis(ThinkTime think) {
        return (think.min().toNanos() + think.max().toNanos()) / 2.0 / Duration.ofMillis(1).toNanos();
    }

    private static double number(String text, double fallback) {
        if (text == null || text.isBlank()) {
            return fallback;
        }
        try {
            return Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    private static Integer integer(String text) {
        double value = number(text, Double.NaN);
        return Double.isNaN(value) || value <= 0 ? null : (int) value;
    }

    private static String millis(double value) {
        return trim(value) + " ms";
    }

    /** Requests/s as people write them: 200, 78.2, 0.95. */
    public static String rate(double perSecond) {
        return perSecond >= 100 ? String.format(Locale.ROOT, "%.0f", perSecond)
                : perSecond >= 10 ? trim(Math.round(perSecond * 10) / 10.0)
                : trim(Math.round(perSecond * 100) / 100.0);
    }

    private static String trim(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : String.valueOf(value);
    }
}
