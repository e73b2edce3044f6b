package dev.stackbench.core.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.stackbench.core.result.JvmInterval;
import dev.stackbench.testing.ObservesTheWholeJvm;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** Where CPU, GC and pinning land: each test would fail if a group, a delta or an event went to the wrong place. */
@ObservesTheWholeJvm
class JvmMetricsTest {

    // Long beside what other threads of this JVM (JFR, leftovers of earlier tests) may use meanwhile, so a client burn
    // charged to the server cannot hide in their noise.
    private static final Duration CLIENT_BURN = Duration.ofMillis(1000);
    private static final Duration SERVER_BURN = Duration.ofMillis(150);

    @Test
    void aBusyThreadsCpuLandsInItsOwnersGroup() throws Exception {
        try (var jvm = JvmMetrics.start(true);
                var client = new BusyThread("client");
                var server = new BusyThread("server")) {
            Set<Long> clientIds = Set.of(client.id());
            long clientBefore = client.cpuNanos();
            var from = jvm.sample(clientIds);

            client.burn(CLIENT_BURN);
            server.burn(SERVER_BURN);
            var to = jvm.sample(clientIds);
            long clientBurned = client.cpuNanos() - clientBefore;

            JvmInterval interval = jvm.interval(from, to);
            // The client group is exactly the client thread, parked around both samples.
            assertThat(interval.clientCpuSeconds()).isCloseTo(clientBurned / 1e9, within(0.005));
            assertThat(interval.serverCpuSeconds())
                    .isGreaterThanOrEqualTo(SERVER_BURN.toNanos() / 1e9)
                    .as("the client's burn is not charged to the server")
                    .isLessThan((SERVER_BURN.toNanos() + clientBurned) / 1e9);
            assertThat(interval.processCpuSeconds())
                    .isGreaterThanOrEqualTo((clientBurned + SERVER_BURN.toNanos()) / 1e9 * 0.99);
            assertThat(interval.jvmInternalCpuSeconds()).isNotNegative();
        }
    }

    /** A second server in this JVM, told apart by its threads' names: its CPU is its own, never the server's. */
    @Test
    void anUpstreamServicesThreadsAreCountedApartFromTheServer() throws Exception {
        try (var jvm = JvmMetrics.start(true, "busy-upstream-");
                var upstream = new BusyThread("upstream-loop");
                var server = new BusyThread("server")) {
            long upstreamBefore = upstream.cpuNanos();
            var from = jvm.sample(Set.of());
            upstream.burn(CLIENT_BURN);
            server.burn(SERVER_BURN);
            var to = jvm.sample(Set.of());
            long upstreamBurned = upstream.cpuNanos() - upstreamBefore;

            JvmInterval interval = jvm.interval(from, to);
            assertThat(interval.upstreamCpuSeconds()).isCloseTo(upstreamBurned / 1e9, within(0.005));
            assertThat(interval.serverCpuSeconds())
                    .isGreaterThanOrEqualTo(SERVER_BURN.toNanos() / 1e9)
                    .as("the upstream's burn is not charged to the server")
                    .isLessThan((SERVER_BURN.toNanos() + upstreamBurned) / 1e9);
            assertThat(jvm.window(from, to, List.of(interval), 1).upstreamCpuSeconds())
                    .isEqualTo(interval.upstreamCpuSeconds());
        }
        try (var jvm = JvmMetrics.start(true)) {
            var from = jvm.sample(Set.of());
            assertThat(jvm.interval(from, jvm.sample(Set.of())).upstreamCpuSeconds())
                    .as("no upstream: unknown, not 0")
                    .isNull();
        }
    }

    /** Physical bounds: the process holds at least the heap it uses, and no more than the machine's memory. */
    @Test
    void theResidentSetHoldsTheHeapAndFitsTheMachine() throws Exception {
        try (var jvm = JvmMetrics.start(true)) {
            var from = jvm.sample(Set.of());
            byte[][] garbage = new byte[64][];
            for (int i = 0; i < garbage.length; i++) {
                garbage[i] = new byte[1 << 16]; // 4 MB in all, so that the interval's heap peak has something to see
            }
            var to = jvm.sample(Set.of());
            var interval = jvm.interval(from, to);
            long memTotal = memTotalBytes();

            assertThat(garbage[garbage.length - 1]).hasSize(1 << 16);
            assertThat(interval.heapUsedBytes()).isPositive();
            assertThat(interval.processResidentBytes())
                    .isGreaterThanOrEqualTo(interval.heapUsedBytes())
                    .isLessThanOrEqualTo(memTotal);
            assertThat(interval.heapPeakBytes())
                    .isPositive()
                    .isLessThanOrEqualTo(Runtime.getRuntime().maxMemory());
            var window = jvm.window(from, to, List.of(interval), 1);
            assertThat(window.processResidentMaxBytes()).isEqualTo(interval.processResidentBytes());
            assertThat(window.heapPeakBytes()).isEqualTo(interval.heapPeakBytes());
        }
    }

    private static long memTotalBytes() throws java.io.IOException {
        return java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/meminfo")).stream()
                .filter(line -> line.startsWith("MemTotal:"))
                .map(line -> Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024)
                .findFirst()
                .orElseThrow();
    }

    @Test
    void aUrlTargetsServerCpuIsUnknownNotZero() throws Exception {
        try (var jvm = JvmMetrics.start(false);
                var other = new BusyThread("other")) {
            var from = jvm.sample(Set.of());
            other.burn(SERVER_BURN);
            var interval = jvm.interval(from, jvm.sample(Set.of()));

            assertThat(interval.serverCpuSeconds()).isNull();
            assertThat(interval.processCpuSeconds()).isGreaterThanOrEqualTo(SERVER_BURN.toNanos() / 1e9 * 0.99);
        }
    }

    /** The JVM's collection counter is cumulative; an interval must show only its own collections. */
    @Test
    void gcCountsAreDeltasAndTheWindowIsTheirSum() {
        try (var jvm = JvmMetrics.start(true)) {
            var first = jvm.sample(Set.of());
            System.gc();
            System.gc();
            System.gc();
            var second = jvm.sample(Set.of());
            System.gc();
            var third = jvm.sample(Set.of());
            var before = jvm.interval(first, second);
            var after = jvm.interval(second, third);
            long cumulative = ManagementFactory.getGarbageCollectorMXBeans().stream()
                    .mapToLong(gc -> gc.getCollectionCount())
                    .sum();

            assertThat(before.gcCount()).isGreaterThanOrEqualTo(3);
            assertThat(after.gcCount())
                    .isGreaterThanOrEqualTo(1)
                    .isLessThan(cumulative)
                    .isLessThan(before.gcCount() + after.gcCount());
            var window = jvm.window(first, third, List.of(before, after), 1);
            assertThat(window.gcCount()).isEqualTo(before.gcCount() + after.gcCount());
            assertThat(window.gcTimeMillis()).isEqualTo(before.gcTimeMillis() + after.gcTimeMillis());
            assertThat(window.heapUsedMaxBytes()).isEqualTo(Math.max(before.heapUsedBytes(), after.heapUsedBytes()));
        }
    }

    /**
     * Blocking inside a class initializer pins a virtual thread on every JDK from 21 on (a native frame
     * is on the stack); {@code synchronized} pins only up to JDK 23 (JEP 491), so it is not used here.
     * A plain sleep on a virtual thread is the control: it unmounts and is not pinned.
     */
    @Test
    void aVirtualThreadBlockingWhilePinnedIsCountedWithWhereItHappened() throws Exception {
        try (var jvm = JvmMetrics.start(true)) {
            var from = jvm.sample(Set.of());
            Thread.ofVirtual().start(() -> sleep(Duration.ofMillis(50))).join();
            var middle = jvm.sample(Set.of());
            Thread.ofVirtual().start(SlowToInitialize::touch).join();
            var to = jvm.sample(Set.of());

            var unpinned = jvm.withVirtualThreads(jvm.interval(from, middle), from, middle);
            var pinned = jvm.withVirtualThreads(jvm.interval(middle, to), middle, to);
            var window = jvm.window(from, to, List.of(unpinned, pinned), 2);

            assertThat(unpinned.pinnedCount()).isZero();
            assertThat(unpinned.virtualThreadsStarted()).isGreaterThanOrEqualTo(1);
            assertThat(pinned.pinnedCount()).isEqualTo(1);
            assertThat(window.pinnedCount()).isEqualTo(1);
            assertThat(window.pinnedMillis()).isGreaterThanOrEqualTo(SlowToInitialize.SLEEP.toMillis());
            assertThat(window.pinnedExamples()).singleElement().asString().contains("SlowToInitialize.<clinit>");
            assertThat(window.notes()).isEmpty();
        }
    }

    static final class SlowToInitialize {
        static final Duration SLEEP = Duration.ofMillis(60);

        static {
            try {
                Thread.sleep(SLEEP); // here, not in a helper: the example names the first application frame
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        static void touch() {}
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A platform thread that burns CPU on request and is parked otherwise. */
    private static final class BusyThread implements AutoCloseable {
        private final Thread thread;
        private volatile Duration request;
        private volatile CountDownLatch done;
        private volatile boolean closed;

        BusyThread(String name) {
            thread = Thread.ofPlatform().name("busy-" + name).start(this::loop);
        }

        long id() {
            return thread.threadId();
        }

        long cpuNanos() {
            return ManagementFactory.getThreadMXBean().getThreadCpuTime(id());
        }

        void burn(Duration cpu) throws InterruptedException {
            done = new CountDownLatch(1);
            request = cpu;
            java.util.concurrent.locks.LockSupport.unpark(thread);
            done.await();
        }

        private void loop() {
            var threads = ManagementFactory.getThreadMXBean();
            while (!closed) {
                Duration cpu = request;
                if (cpu == null) {
                    java.util.concurrent.locks.LockSupport.park();
                    continue;
                }
                request = null;
                long until = threads.getCurrentThreadCpuTime() + cpu.toNanos();
                long spin = 0;
                while (threads.getCurrentThreadCpuTime() < until) {
                    spin++;
                }
                if (spin < 0) {
                    System.out.print(""); // keeps the loop from being optimised away
                }
                done.countDown();
            }
        }

        @Override
        public void close() throws InterruptedException {
            closed = true;
            java.util.concurrent.locks.LockSupport.unpark(thread);
            thread.join();
        }
    }
}
