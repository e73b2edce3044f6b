package dev.stackbench.core.profile;

import dev.stackbench.core.result.ServerProfile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** result.json's {@link ServerProfile} from a {@link Profile}: shares, rates and per-request numbers, the heaviest first. */
final class ProfileFacts {

    /** Frames listed per table: enough to see where the time goes, few enough to read. */
    static final int TOP_FRAMES = 10;
    /** Stacks listed for locks and pinning. */
    static final int TOP_STACKS = 5;

    private ProfileFacts() {}

    static ServerProfile of(Profile profile, Long finishedRequests, ServerProfile.Files files) {
        double seconds = profile.windowNanos / 1e9;
        Double perRequestDivisor = finishedRequests == null || finishedRequests <= 0 ? null : (double) finishedRequests;
        var notes = new ArrayList<>(profile.notes);
        if (profile.truncatedServerStacks > 0) {
            notes.add(String.format(
                    Locale.ROOT,
                    "%.1f%% of the server's CPU samples had stacks cut at %d frames: their roots are missing",
                    100.0 * profile.truncatedServerStacks / Math.max(1, profile.serverCpuSamples),
                    profile.settings.stackDepth()));
        }
        if (profile.windows > 0 && profile.serverCpuSamples == 0) {
            notes.add("no CPU sample of a server thread in the window(s): the server was idle or ran no Java code");
        }
        StackCounts cpu = profile.stacks(ProfileKind.CPU);
        var cpuFacts = new ServerProfile.Cpu(
                profile.cpuEvent,
                profile.settings.cpuInterval().toNanos() / 1e6,
                profile.cpuSamples,
                profile.serverCpuSamples,
                profile.truncatedServerStacks,
                topSelf(cpu, profile.codePackages),
                topCode(cpu, profile.codePackages));
        StackCounts allocation = profile.stacks(ProfileKind.ALLOCATION);
        var allocationFacts = new ServerProfile.Allocation(
                profile.allocationSamples,
                allocation.total(),
                seconds > 0 ? allocation.total() / seconds : null,
                perRequestDivisor == null ? null : allocation.total() / perRequestDivisor,
                topSites(allocation, profile.codePackages),
                topSelf(allocation, profile.codePackages));
        double blockedMillis = (profile.monitorNanos + profile.parkNanos) / 1e6;
        var locks = new ServerProfile.Locks(
                profile.settings.lockThreshold().toNanos() / 1e6,
                profile.monitorEvents,
                profile.monitorNanos / 1e6,
                profile.parkEvents,
                profile.parkNanos / 1e6,
                perRequestDivisor == null ? null : blockedMillis / perRequestDivisor,
                top(profile.blockedAt));
        double pinnedMillis = profile.pinnedNanos / 1e6;
        var pinning = new ServerProfile.Pinning(
                profile.pinnedEvents,
                seconds > 0 ? profile.pinnedEvents / seconds : null,
                pinnedMillis,
                perRequestDivisor == null ? null : pinnedMillis / perRequestDivisor,
                seconds > 0 ? 100.0 * profile.pinnedNanos / (profile.windowNanos * (double) profile.carriers) : null,
                top(profile.pinnedAt),
                profile.submitFailures);
        var gc = new ServerProfile.Gc(
                profile.gcCount,
                profile.gcPauseNanos / 1e6,
                profile.gcLongestPauseNanos / 1e6,
                seconds > 0 ? 100.0 * profile.gcPauseNanos / profile.windowNanos : null);
        return new ServerProfile(
                profile.settings.mode().id(),
                seconds,
                profile.windows,
                profile.carriers,
                profile.codePackages,
                cpuFacts,
                allocationFacts,
                locks,
                pinning,
                gc,
                files,
                List.copyOf(notes));
    }

    /** The frames most often on top of the stack, with their self and inclusive shares. */
    static List<ServerProfile.FrameShare> topSelf(StackCounts stacks, List<String> codePackages) {
        var self = stacks.selfByFrame();
        var total = stacks.totalByFrame();
        return StackCounts.heaviest(self, TOP_FRAMES).stream()
                .map(frame -> share(frame, self, total, stacks.total(), codePackages))
                .toList();
    }

    /**
     * The server's own methods, each sample charged to the innermost of its frames in the stack, so a method counts with
     * the framework and JDK code it calls but not with the server's methods it calls (those count for themselves); the
     * frames near the root that every request passes through do not win by holding everything.
     */
    static List<ServerProfile.FrameShare> topCode(StackCounts stacks, List<String> codePackages) {
        var charged = new HashMap<String, Long>();
        for (var stack : stacks.stacks()) {
            List<String> frames = stack.getKey();
            for (int i = frames.size() - 1; i >= 0; i--) {
                if (FrameCategory.of(frames.get(i), codePackages) == FrameCategory.OWN) {
                    charged.merge(frames.get(i), stack.getValue(), Long::sum);
                    break;
                }
            }
        }
        var total = stacks.totalByFrame();
        return StackCounts.heaviest(charged, TOP_FRAMES).stream()
                .map(frame -> share(frame, charged, total, stacks.total(), codePackages))
                .toList();
    }

    /** Allocation sites: the frame that allocated (below the allocated type), by the bytes it allocated. */
    private static List<ServerProfile.FrameShare> topSites(StackCounts allocation, List<String> codePackages) {
        var bySite = new HashMap<String, Long>();
        for (var stack : allocation.stacks()) {
            List<String> frames = stack.getKey();
            if (frames.size() >= 2) {
                bySite.merge(frames.get(frames.size() - 2), stack.getValue(), Long::sum);
            }
        }
        return StackCounts.heaviest(bySite, TOP_FRAMES).stream()
                .map(frame -> share(frame, bySite, allocation.totalByFrame(), allocation.total(), codePackages))
                .toList();
    }

    private static ServerProfile.FrameShare share(
            String frame, Map<String, Long> self, Map<String, Long> total, long all, List<String> codePackages) {
        return new ServerProfile.FrameShare(
                frame,
                FrameCategory.of(frame, codePackages).id(),
                100.0 * self.getOrDefault(frame, 0L) / all,
                100.0 * total.getOrDefault(frame, 0L) / all);
    }

    private static List<ServerProfile.StackShare> top(Map<List<String>, Profile.Where> at) {
        return at.entrySet().stream()
                .sorted(Comparator.<Map.Entry<List<String>, Profile.Where>>comparingLong(
                                entry -> entry.getValue().nanos())
                        .reversed())
                .limit(TOP_STACKS)
                .map(entry -> new ServerProfile.StackShare(
                        entry.getKey(),
                        entry.getValue().events(),
                        entry.getValue().nanos() / 1e6))
                .toList();
    }
}
