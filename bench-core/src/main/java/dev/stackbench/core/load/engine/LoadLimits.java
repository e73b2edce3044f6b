package dev.stackbench.core.load.engine;

import com.sun.management.UnixOperatingSystemMXBean;
import dev.stackbench.core.load.LoadRun;
import dev.stackbench.core.vocabulary.Segment;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What this process can do, checked twice: before the run, a load it cannot make is refused with one
 * line naming the limit (an {@link IllegalArgumentException}, exit code 2 on the command line); during
 * the run, a connection refused by an OS limit is reported once, in words, with what to do about it.
 */
final class LoadLimits {

    /**
     * The highest open-model rate accepted. Above it, intended starts lie less than 100 ns apart, finer
     * than the generator's clock and timers keep, and far beyond what one JVM can send.
     */
    static final double MAX_RATE_PER_SECOND = 10_000_000;
    /** The most generator event loops: more than this only contend for the cores (the default is one per core). */
    static final int MAX_THREADS = 256;

    private final ProgressListener listener;
    private final int sourceAddresses;
    private final Map<String, String> seen = new ConcurrentHashMap<>();

    LoadLimits(ProgressListener listener, int sourceAddresses) {
        this.listener = listener;
        this.sourceAddresses = sourceAddresses;
    }

    /**
     * Refuses what cannot run, and returns what may fail: e.g. an open model's cap on connections
     * beyond the open-files limit, which only matters if the server falls that far behind.
     *
     * @param serverInProcess whether the server's side of each connection is a file of this process too
     * @throws IllegalArgumentException naming the option and the limit
     */
    static List<String> check(LoadRun run, boolean serverInProcess) {
        return check(run, Segment.WHOLE, serverInProcess);
    }

    /**
     * The same for one generator of several: this host opens only {@code segment}'s share of the connections.
     *
     * @throws IllegalArgumentException naming the option and the limit
     */
    static List<String> check(LoadRun run, Segment segment, boolean serverInProcess) {
        checkInput(run);
        return checkHost(run, segment.shareOf(run.connections()), serverInProcess);
    }

    /**
     * What no generator can run, whatever its host: too many event loops, a rate finer than the clock.
     * A coordinator checks this before it waits for agents, which would each refuse it only after the wait.
     *
     * @throws IllegalArgumentException naming the option and the limit
     */
    static void checkInput(LoadRun run) {
        if (run.threads() > MAX_THREADS) {
            throw new IllegalArgumentException("threads of " + run.threads() + " is more than the " + MAX_THREADS
                    + " event loops the generator allows; this machine has "
                    + Runtime.getRuntime().availableProcessors()
                    + " cores, and the default is one per core");
        }
        if (run.profile() instanceof dev.stackbench.core.load.LoadProfile.Open open
                && open.ratePerSecond() > MAX_RATE_PER_SECOND) {
            throw new IllegalArgumentException(String.format(
                    Locale.ROOT,
                    "rate of %.0f requests/s is more than the %.0f/s "
                            + "the generator can schedule (intended starts under 100 ns apart)",
                    open.ratePerSecond(),
                    MAX_RATE_PER_SECOND));
        }
    }

    /** This host's limit on open files against the {@code connections} it opens (its share, on an agent). */
    private static List<String> checkHost(LoadRun run, long connections, boolean serverInProcess) {
        var warnings = new ArrayList<String>();
        if (ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean unix) {
            long perConnection = serverInProcess ? 2 : 1;
            long needed = connections * perConnection;
            long free = unix.getMaxFileDescriptorCount() - unix.getOpenFileDescriptorCount();
            if (needed > free) {
                String message = connections + " connections need about " + needed + " open files"
                        + (serverInProcess ? " (client and in-process server side)" : "")
                        + ", but this process may open "
                        + unix.getMaxFileDescriptorCount() + " (ulimit -n) and has " + free + " left";
                if (!run.isOpenModel()) {
                    throw new IllegalArgumentException("concurrency of " + connections + " users cannot run here: "
                            + message + "; raise the limit (e.g. ulimit -n 65536) or lower --concurrency");
                }
                warnings.add(
                        message
                                + ": the open model opens them only as the server falls behind; raise the limit, e.g. ulimit -n 65536");
            }
        }
        return warnings;
    }

    /** Called on worker threads: records an OS limit once, in words, with what to do about it. */
    void noteConnectFailure(Throwable cause) {
        var message = new StringBuilder();
        for (Throwable c = cause; c != null; c = c.getCause()) {
            message.append(' ').append(c.getMessage());
        }
        // Netty's native transport reports errno only in its message.
        if (message.indexOf("Too many open files") >= 0) {
            long limit = ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean unix
                    ? unix.getMaxFileDescriptorCount()
                    : -1;
            once(
                    "open-files",
                    "the OS limit on open files (ulimit -n " + limit
                            + ") stopped new connections: raise it, e.g. ulimit -n 65536");
        } else if (message.indexOf("Cannot assign requested address") >= 0) {
            once(
                    "ports",
                    "no free local port for new connections (ephemeral range exhausted): widen net.ipv4.ip_local_port_range"
                            + " or lower the connection count; loopback targets spread over " + sourceAddresses
                            + " source address(es)");
        }
    }

    /** The limits met during the run, in words. */
    List<String> seen() {
        return List.copyOf(seen.values());
    }

    private void once(String key, String message) {
        if (seen.putIfAbsent(key, message) == null) {
            listener.warning(message);
        }
    }
}
