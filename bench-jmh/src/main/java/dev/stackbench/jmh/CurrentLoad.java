package dev.stackbench.jmh;

import dev.stackbench.core.load.engine.LoadSession;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The load of the benchmark running in this JVM, for {@link LatencyProfiler} and {@link ServerProfiler}. JMH creates
 * profilers itself and gives them no access to benchmark state, so these static references are
 * the bridge; a forked JVM runs one trial at a time.
 *
 * <p>JMH runs a trial's @TearDown inside its last iteration, before the profiler's
 * {@code afterIteration}: the teardown therefore leaves the last window here for it.
 */
final class CurrentLoad {

    private static volatile LoadSession session;
    private static volatile LoadSession.Window lastWindow;
    private static volatile List<String> codePackages = List.of();
    private static final Set<Long> benchmarkThreadIds = ConcurrentHashMap.newKeySet();

    private CurrentLoad() {}

    /** @param serverCodePackages the server's own packages ({@code RunningServer.codePackages()}), for {@link ServerProfiler} */
    static void started(LoadSession current, List<String> serverCodePackages) {
        lastWindow = null;
        codePackages = List.copyOf(serverCodePackages);
        session = current;
    }

    /** A JMH thread of the benchmark: it waits for the generator's responses and is not the server's, for {@link ServerProfiler}. */
    static void benchmarkThread(long threadId) {
        benchmarkThreadIds.add(threadId);
    }

    static Set<Long> benchmarkThreadIds() {
        return Set.copyOf(benchmarkThreadIds);
    }

    static List<String> codePackages() {
        return codePackages;
    }

    /** Called before the load stops: the window of the iteration still under way. */
    static void stopping() {
        LoadSession current = session;
        session = null;
        if (current != null) {
            lastWindow = current.window();
        }
    }

    static LoadSession session() {
        return session;
    }

    /** The window of the current iteration: from the running load, or the one it left when it stopped. */
    static LoadSession.Window takeWindow() {
        LoadSession current = session;
        if (current != null) {
            return current.window();
        }
        LoadSession.Window last = lastWindow;
        lastWindow = null;
        return last;
    }
}
