package dev.stackbench.core.result;

import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.Execution;
import dev.stackbench.core.server.ServerLimits;
import dev.stackbench.core.server.WorkloadParams;
import dev.stackbench.core.vocabulary.Numbers;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The most requests per second a run's setup allows, derived from the numbers its result records (the
 * server's {@code target.limits}, the workload's parameters, the load profile), so that a result can say
 * why its throughput is what it is, or that no bound could be derived and why ({@link #notDerived}).
 * The rules, in one place, with D the wait at the bottom of a request's call chain ({@code delayMillis}
 * plus the delay the server adds) and K its nested calls ({@code callDepth}):
 * <ul>
 *   <li><b>pool</b>: N threads that each hold a request for D serve at most N / D requests/s. With K nested
 *       calls back to the same server, a request holds K + 1 threads of the same pool for at least D each,
 *       so N / ((K + 1) D). N is the threads the pool really runs: a ThreadPoolExecutor (async-tomcat) runs
 *       its core size until its queue is full; with U requests in flight it receives up to (K + 1) U tasks,
 *       of which only each chain's deepest can wait in the queue. Not derived, with the reason, when:
 *       the U chains' outer levels alone (K U) can hold every thread while their nested calls wait in the
 *       queue behind them (thread starvation: the server stalls until a timeout); the queue can fill with
 *       nested calls (threads beyond core then start and tasks are rejected as timing decides); the common
 *       pool runs nested calls (a blocked {@code CompletableFuture.get} makes ForkJoinPool add compensating
 *       threads, so N is not its parallelism); nested calls go to another server; U is not fixed (stages);
 *       or the result predates {@code target.limits}.</li>
 *   <li><b>closed model</b>: C users, each waiting D for a response and Z thinking, send at most C / (D + Z).</li>
 *   <li><b>open model</b>: the offered rate.</li>
 *   <li><b>pinning</b> (a profiled run only): C carriers, each held for P per request by a virtual thread blocked while
 *       pinned to it, serve at most C / P, whatever else the server does; C is the virtual-thread scheduler's parallelism
 *       and P the pinned time per request that the profile measured ({@link ServerProfile.Pinning}).</li>
 * </ul>
 * Virtual threads and event loops have no pool bound. A database pool of M connections with query time Q
 * would give M / Q, but the query time is not measured, so it is not derived.
 *
 * <pre>{@code
 * ThroughputBound.binding(result).ifPresent(bound -> System.out.println("bound: " + bound.against(result.rps())));
 * // bound: 8 threads / 100 ms = 80 req/s; measured 78.2 (98%)
 * ThroughputBound.notDerived(result).forEach(reason -> System.out.println("not derived: " + reason));
 * }</pre>
 *
 * @param formula           the arithmetic, e.g. {@code 8 threads / 100 ms}
 * @param requestsPerSecond its result
 * @param source            where the numbers come from, e.g. {@code Tomcat request threads: 8, delayMillis=100}
 */
public record ThroughputBound(String formula, double requestsPerSecond, String source) {

    private static final double MILLIS_PER_SECOND = 1000.0;

    /** The lowest bound that applies: the one that explains the throughput, if any does. */
    public static Optional<ThroughputBound> binding(RunResult result) {
        return all(result).stream().min(Comparator.comparingDouble(ThroughputBound::requestsPerSecond));
    }

    /** Every bound that applies to this run. */
    public static List<ThroughputBound> all(RunResult result) {
        return Derivation.of(result).bounds();
    }

    /**
     * Bounds that would apply to this run but cannot be derived, each as one line saying which and why,
     * e.g. {@code pool: 8 requests in flight with 1 nested call each can hold all 4 threads ...}; empty when
     * nothing is missing.
     */
    public static List<String> notDerived(RunResult result) {
        return Derivation.of(result).notDerived();
    }

    /** {@code 8 threads / 100 ms = 80 req/s} */
    public String describe() {
        return formula + " = " + rate(requestsPerSecond) + " req/s";
    }

    /** {@code 8 threads / 100 ms = 80 req/s; measured 78.2 (98%)} */
    public String against(double measuredPerSecond) {
        double percent = 100 * measuredPerSecond / requestsPerSecond;
        // 199 of 200 is 99.5%, not "100%": one decimal where rounding would hide the gap
        String shown = Math.round(percent) == 100 && percent != 100
                ? String.format(Locale.ROOT, "%.1f", percent)
                : String.format(Locale.ROOT, "%.0f", percent);
        return describe() + "; measured " + rate(measuredPerSecond) + " (" + shown + "%)";
    }

    /** What one result allows: its bounds, and the ones that apply but cannot be derived. */
    private record Derivation(List<ThroughputBound> bounds, List<String> notDerived) {

        static Derivation of(RunResult result) {
            var bounds = new ArrayList<ThroughputBound>();
            var notDerived = new ArrayList<String>();
            Map<String, String> params = result.target().workloadParams() == null
                    ? Map.of()
                    : result.target().workloadParams();
            int callDepth = (int) number(params.get(WorkloadParams.CALL_DEPTH), 0);
            ServerLimits limits = result.target().limits();
            // The server adds its delay at the bottom of the chain: here, unless nested calls go to another server.
            int addedMillis =
                    limits != null && (callDepth == 0 || limits.nestedCallsToSelf()) ? limits.addedDelayMillis() : 0;
            var wait = new Wait(number(params.get(WorkloadParams.DELAY_MILLIS), 0), addedMillis);
            poolBound(result, limits, wait, callDepth, notDerived).ifPresent(bounds::add);
            modelBound(result, wait).ifPresent(bounds::add);
            pinningBound(result).ifPresent(bounds::add);
            return new Derivation(List.copyOf(bounds), List.copyOf(notDerived));
        }
    }

    /** The wait at the bottom of a request's call chain: what the request asks for, plus what the server adds. */
    private record Wait(double requestedMillis, int addedMillis) {

        double millis() {
            return requestedMillis + addedMillis;
        }

        /** {@code delayMillis=100}, or {@code delayMillis=50 + 50 ms added by the server} */
        String source() {
            return WorkloadParams.DELAY_MILLIS + "=" + Numbers.plain(requestedMillis)
                    + (addedMillis > 0 ? " + " + addedMillis + " ms added by the server" : "");
        }
    }

    private static Optional<ThroughputBound> poolBound(
            RunResult result, ServerLimits limits, Wait wait, int callDepth, List<String> notDerived) {
        if (limits == null) {
            if (wait.millis() > 0 && runsOnAPool(result.target().approach())) {
                notDerived.add("pool: the result was written before servers recorded their limits");
            }
            return Optional.empty();
        }
        ServerLimits.ThreadPool pool = limits.blockingPool();
        if (pool == null) {
            return Optional.empty(); // a virtual thread per request, or the event loop: no pool holds the wait
        }
        Integer inFlight = inFlight(result);
        Threads threads =
                callDepth == 0 ? Threads.unnested(pool, inFlight) : Threads.nested(pool, limits, callDepth, inFlight);
        return switch (threads) {
            case Threads.Unknown unknown -> {
                // Starvation stalls the server whatever the wait; the other reasons only matter when a wait holds
                // threads.
                if (unknown.evenWithoutWait() || wait.millis() > 0) {
                    notDerived.add("pool: " + unknown.reason());
                }
                yield Optional.empty();
            }
            case Threads.Running running when wait.millis() <= 0 -> Optional.empty(); // nothing holds a thread for long
            case Threads.Running running -> {
                int levels = callDepth + 1;
                String formula = running.count()
                        + (running.count() == 1 ? " thread / " : " threads / ")
                        + (levels > 1 ? "(" + levels + " × " + millis(wait.millis()) + ")" : millis(wait.millis()));
                String source = running.why() + ", " + wait.source()
                        + (levels > 1
                                ? ", " + WorkloadParams.CALL_DEPTH + "=" + callDepth + " holds " + levels
                                        + " threads per request"
                                : "");
                yield Optional.of(new ThroughputBound(
                        formula, running.count() * MILLIS_PER_SECOND / (levels * wait.millis()), source));
            }
        };
    }

    /** How many threads of the pool can hold requests at once, or why that cannot be said. */
    private sealed interface Threads {

        record Running(int count, String why) implements Threads {}

        /** @param evenWithoutWait true when the reason stands whatever the wait (starvation stalls a server with no delay too) */
        record Unknown(String reason, boolean evenWithoutWait) implements Threads {}

        /**
         * One task per request. A ThreadPoolExecutor with U requests in flight runs at most core threads while
         * U <= core + queue, else min(max, U - queue): only a full queue makes it start threads beyond core. (With
         * fewer requests than threads the closed model's bound is the lower one.)
         */
        static Threads unnested(ServerLimits.ThreadPool pool, Integer inFlight) {
            if (pool.coreThreads() == pool.maxThreads()) {
                return new Running(pool.maxThreads(), pool.describe());
            }
            if (inFlight == null) {
                return new Unknown(
                        "requests in flight are not fixed (stages), and " + pool.name()
                                + " starts threads beyond its core of " + pool.coreThreads()
                                + " only once its queue is full",
                        false);
            }
            if (pool.queueCapacity() == null || inFlight <= pool.coreThreads() + pool.queueCapacity()) {
                return new Running(
                        pool.coreThreads(),
                        pool.describe() + ": " + inFlight + " requests in flight never fill the queue, so at most "
                                + pool.coreThreads() + " threads run");
            }
            int count = Math.min(pool.maxThreads(), inFlight - pool.queueCapacity());
            return new Running(
                    count,
                    pool.describe() + ": " + inFlight + " requests in flight fill the queue, so " + count
                            + " threads run");
        }

        /**
         * K nested calls back to the same server: U requests in flight give the pool up to (K + 1) U tasks, each level
         * holding its thread while the levels below it run; only a chain's deepest task can wait in the queue (the levels
         * above it hold threads), so at most U tasks wait.
         */
        static Threads nested(ServerLimits.ThreadPool pool, ServerLimits limits, int callDepth, Integer inFlight) {
            if (!limits.nestedCallsToSelf()) {
                return new Unknown("nested calls go to another server, whose time per call is not known here", false);
            }
            if (pool.compensatesBlockedThreads()) {
                return new Unknown(
                        "each nested call blocks in ForkJoinPool.managedBlock (CompletableFuture.get), which adds"
                                + " compensating threads to " + pool.name()
                                + ", so more threads hold requests than its size of "
                                + pool.maxThreads(),
                        false);
            }
            if (inFlight == null) {
                return new Unknown(
                        "requests in flight are not fixed (stages), so whether nested calls starve " + pool.name()
                                + " is not known",
                        false);
            }
            long tasks = (long) (callDepth + 1) * inFlight;
            long outerLevels = (long) callDepth * inFlight;
            long waiting = Math.min(inFlight, tasks - pool.coreThreads());
            String calls = inFlight + " requests in flight with " + callDepth
                    + (callDepth == 1 ? " nested call" : " nested calls") + " each";
            if (pool.queueCapacity() != null && waiting > pool.queueCapacity()) {
                return new Unknown(
                        "" + calls + " can fill the queue of " + pool.queueCapacity() + " of " + pool.name()
                                + ", which then starts threads beyond its core of " + pool.coreThreads()
                                + " and rejects tasks beyond "
                                + pool.maxThreads() + " as timing decides",
                        false);
            }
            if (outerLevels >= pool.coreThreads()) {
                return new Unknown(
                        "" + calls + " can hold all " + pool.coreThreads() + " threads of " + pool.name()
                                + " while their nested calls wait in its queue behind them (thread starvation until a timeout)",
                        true);
            }
            return new Running(
                    pool.coreThreads(),
                    pool.describe() + ": " + calls + " never fill the queue, so at most " + pool.coreThreads()
                            + " threads run");
        }
    }

    private static Optional<ThroughputBound> modelBound(RunResult result, Wait wait) {
        var profile = result.profile();
        if (profile.ratePerSecond() != null) {
            return Optional.of(new ThroughputBound("offered rate", profile.ratePerSecond(), "open model, --rate"));
        }
        if (profile.concurrency() == null) {
            return Optional.empty(); // ramps: the load changes over the run
        }
        double thinkMillis =
                profile.thinkTime() == null ? 0 : profile.thinkTime().meanMillis();
        if (wait.millis() + thinkMillis <= 0) {
            return Optional.empty();
        }
        int users = profile.concurrency();
        String formula = users
                + (users == 1 ? " user / " : " users / ")
                + (thinkMillis > 0
                        ? "(" + millis(wait.millis()) + " + " + millis(thinkMillis) + " think)"
                        : millis(wait.millis()));
        return Optional.of(new ThroughputBound(
                formula,
                users * MILLIS_PER_SECOND / (wait.millis() + thinkMillis),
                "closed model: --concurrency " + users
                        + (thinkMillis > 0 ? ", --think-time " + profile.thinkTime() : "") + ", " + wait.source()));
    }

    /** Virtual threads blocked while pinned hold their carriers: C carriers and P pinned per request serve at most C / P. */
    private static Optional<ThroughputBound> pinningBound(RunResult result) {
        ServerProfile profile = result.serverProfile();
        if (profile == null
                || profile.pinning() == null
                || profile.pinning().millisPerRequest() == null
                || profile.pinning().millisPerRequest() <= 0
                || profile.carriers() <= 0) {
            return Optional.empty();
        }
        double perRequest = Math.round(profile.pinning().millisPerRequest() * 10) / 10.0;
        if (perRequest <= 0) {
            return Optional.empty(); // under 0.05 ms per request: no bound worth stating
        }
        int carriers = profile.carriers();
        return Optional.of(new ThroughputBound(
                carriers + (carriers == 1 ? " carrier / " : " carriers / ") + millis(perRequest) + " pinned",
                carriers * MILLIS_PER_SECOND / perRequest,
                "virtual threads blocked while pinned to their carriers, "
                        + profile.pinning().events() + " times in the profile's window"));
    }

    /** Requests that can be in the server at once: the users (closed) or the connection cap (open); null for ramps. */
    private static Integer inFlight(RunResult result) {
        if (result.profile().concurrency() != null) {
            return result.profile().concurrency();
        }
        return result.profile().ratePerSecond() != null ? result.profile().connections() : null;
    }

    /** Whether the approach of an older result, which has no limits, would run its blocking work on a pool. */
    private static boolean runsOnAPool(String approachId) {
        if (approachId == null) {
            return false;
        }
        try {
            Execution execution = Approach.fromId(approachId).execution();
            return execution != Execution.VIRTUAL_THREAD && execution != Execution.EVENT_LOOP;
        } catch (IllegalArgumentException e) {
            return false; // a result from a version with other approaches
        }
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

    private static String millis(double value) {
        return Numbers.plain(value) + " ms";
    }

    /** Requests/s as people write them: 200, 78.2, 0.95. */
    public static String rate(double perSecond) {
        return perSecond >= 100
                ? String.format(Locale.ROOT, "%.0f", perSecond)
                : perSecond >= 10
                        ? Numbers.plain(Math.round(perSecond * 10) / 10.0)
                        : Numbers.plain(Math.round(perSecond * 100) / 100.0);
    }
}
