package dev.stackbench.core.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What a run's server profile says about its numbers, in words, beside the throughput bound (summary and report):
 * where the server's CPU went, what it allocated per request, how long it blocked on locks, how much its virtual
 * threads pinned their carriers, and how much of the window GC paused it. Empty for a run that was not profiled.
 *
 * <pre>{@code
 * ProfileExplanation.of(result).forEach(line -> System.out.println("Profile: " + line));
 * // pinning: 2,300 events/s, 41.2 ms pinned per request, at dev...PinnedWait$Loader.loadClass; carriers 2, held 96% ...
 * }</pre>
 */
public final class ProfileExplanation {

    /** Top frames named in the CPU line; result.json lists more. */
    private static final int TOP_IN_WORDS = 3;

    private ProfileExplanation() {}

    public static List<String> of(RunResult result) {
        return of(
                result.serverProfile(),
                result.jvm() == null ? null : result.jvm().serverCpuMicrosPerRequest());
    }

    /** The same of a profile alone, e.g. one over a comparison's trials; {@code serverCpuMicrosPerRequest} null when unknown. */
    public static List<String> of(ServerProfile profile, Double serverCpuMicrosPerRequest) {
        if (profile == null) {
            return List.of();
        }
        var lines = new ArrayList<String>();
        cpu(serverCpuMicrosPerRequest, profile).ifPresent(lines::add);
        lines.add(allocation(profile.allocation()));
        lines.add(locks(profile.locks()));
        lines.add(pinning(profile));
        lines.add(gc(profile.gc()));
        return List.copyOf(lines);
    }

    private static Optional<String> cpu(Double cpuPerRequest, ServerProfile profile) {
        var cpu = profile.cpu();
        if (cpu.topSelf().isEmpty()) {
            return Optional.of(cpu.event() + ": no sample of a server thread");
        }
        boolean wall = cpu.event() == ServerProfile.CpuEvent.WALL;
        var top = cpu.topSelf().getFirst();
        var tops = cpu.topSelf().stream()
                .limit(TOP_IN_WORDS)
                .map(frame -> frame.frame() + " (" + frame.category() + ") " + percent(frame.selfPercent()))
                .toList();
        String text =
                (wall ? "wall clock" : "CPU") + ": on top most often " + String.join(", ", tops) + " of the server's "
                        + String.format(Locale.ROOT, "%,d", cpu.serverSamples()) + " samples"
                        + (cpuPerRequest == null || wall
                                ? ""
                                : String.format(
                                        Locale.ROOT,
                                        ", the first about %.1f of its %.1f µs CPU per request",
                                        top.selfPercent() / 100 * cpuPerRequest,
                                        cpuPerRequest));
        if (!cpu.topCode().isEmpty()) {
            var code = cpu.topCode().getFirst();
            text += "; of its own code most in " + code.frame() + " and what it calls " + percent(code.selfPercent());
        }
        return Optional.of(text);
    }

    private static String allocation(ServerProfile.Allocation allocation) {
        if (allocation.samples() == 0) {
            return "allocation: no sample on a server thread";
        }
        return "allocation: "
                + (allocation.bytesPerRequest() == null ? "" : bytes(allocation.bytesPerRequest()) + " per request, ")
                + (allocation.bytesPerSecond() == null ? "" : bytes(allocation.bytesPerSecond()) + "/s, ")
                + "estimated from " + String.format(Locale.ROOT, "%,d", allocation.samples()) + " samples"
                + (allocation.topSites().isEmpty()
                        ? ""
                        : "; most by " + allocation.topSites().getFirst().frame() + " "
                                + percent(allocation.topSites().getFirst().selfPercent()))
                + (allocation.topTypes().isEmpty()
                        ? ""
                        : ", most of it " + allocation.topTypes().getFirst().frame() + " "
                                + percent(allocation.topTypes().getFirst().selfPercent()));
    }

    private static String locks(ServerProfile.Locks locks) {
        String threshold = millis(locks.thresholdMillis());
        if (locks.monitorEvents() + locks.parkEvents() == 0) {
            return "locks: no contended monitor entry or lock wait of " + threshold + " or more";
        }
        return "locks: "
                + (locks.blockedMillisPerRequest() == null
                        ? ""
                        : millis(locks.blockedMillisPerRequest()) + " blocked per request, ")
                + locks.monitorEvents() + " contended monitor entries (" + millis(locks.monitorMillis()) + ") and "
                + locks.parkEvents()
                + " parks on locks (" + millis(locks.parkMillis()) + ") of " + threshold + " or more"
                + (locks.top().isEmpty()
                        ? ""
                        : "; longest at " + locks.top().getFirst().frames().getFirst());
    }

    private static String pinning(ServerProfile profile) {
        var pinning = profile.pinning();
        String failures = pinning.submitFailures() > 0
                ? "; " + pinning.submitFailures() + " virtual threads could not be submitted to the scheduler"
                : "";
        if (pinning.events() == 0) {
            return "pinning: none (no virtual thread blocked while pinned to its carrier)" + failures;
        }
        return "pinning: "
                + (pinning.perSecond() == null
                        ? pinning.events() + " events"
                        : String.format(Locale.ROOT, "%,.0f events/s", pinning.perSecond()))
                + (pinning.millisPerRequest() == null
                        ? ""
                        : ", " + millis(pinning.millisPerRequest()) + " pinned per request")
                + (pinning.top().isEmpty()
                        ? ""
                        : " in " + pinning.top().getFirst().frames().getFirst())
                + "; carriers " + profile.carriers()
                + (pinning.carrierBusyPercent() == null
                        ? ""
                        : ", so pinned threads held " + percent(pinning.carrierBusyPercent())
                                + " of the carriers' time, blocked")
                + failures;
    }

    private static String gc(ServerProfile.Gc gc) {
        if (gc.collections() == 0) {
            return "GC: no collection in the window";
        }
        return "GC: " + gc.collections() + (gc.collections() == 1 ? " collection" : " collections") + ", pauses "
                + millis(gc.pauseMillis())
                + (gc.pausePercent() == null ? "" : ", " + percent(gc.pausePercent()) + " of the window")
                + " (longest " + millis(gc.longestPauseMillis()) + ")";
    }

    static String percent(double value) {
        return value >= 10 ? String.format(Locale.ROOT, "%.0f%%", value) : String.format(Locale.ROOT, "%.1f%%", value);
    }

    static String millis(double value) {
        return value >= 100
                ? String.format(Locale.ROOT, "%,.0f ms", value)
                : value >= 1
                        ? String.format(Locale.ROOT, "%.1f ms", value)
                        : String.format(Locale.ROOT, "%.2f ms", value);
    }

    static String bytes(double value) {
        return value >= 1e9
                ? String.format(Locale.ROOT, "%.1f GB", value / 1e9)
                : value >= 1e6
                        ? String.format(Locale.ROOT, "%.1f MB", value / 1e6)
                        : value >= 1e3
                                ? String.format(Locale.ROOT, "%.1f KB", value / 1e3)
                                : String.format(Locale.ROOT, "%.0f B", value);
    }
}
