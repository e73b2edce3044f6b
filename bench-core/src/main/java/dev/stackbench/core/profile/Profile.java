package dev.stackbench.core.profile;

import dev.stackbench.core.result.ServerProfile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a recording saw on the server's threads in the windows it kept: stacks of each {@link ProfileKind} and the
 * counts the facts come from. {@link #facts} turns it into result.json's {@link ServerProfile}; {@link ProfileFiles}
 * writes its collapsed stacks. Profiles of the same server from several recordings add up with {@link #plus}.
 */
public final class Profile {

    /** Where events blocked (monitors, locks, pinning): its innermost frames outside the JDK, and the events' count and time. */
    record Where(long events, long nanos) {
        Where plus(long moreEvents, long moreNanos) {
            return new Where(events + moreEvents, nanos + moreNanos);
        }
    }

    final ProfileSettings settings;
    final List<String> codePackages;
    final int carriers;
    /** The CPU event the samples are of: {@code cpu} or {@code wall}. */
    final ServerProfile.CpuEvent cpuEvent;

    final Map<ProfileKind, StackCounts> stacks = new EnumMap<>(ProfileKind.class);
    long windowNanos;
    int windows;
    long cpuSamples;
    long serverCpuSamples;
    long truncatedServerStacks;
    long allocationSamples;
    long monitorEvents;
    long monitorNanos;
    long parkEvents;
    long parkNanos;
    long pinnedEvents;
    long pinnedNanos;
    long submitFailures;
    long gcCount;
    long gcPauseNanos;
    long gcLongestPauseNanos;
    final Map<List<String>, Where> blockedAt = new HashMap<>();
    final Map<List<String>, Where> pinnedAt = new HashMap<>();
    final List<String> notes = new ArrayList<>();
    /** The recordings, while the recorder keeps them (deleted when it closes unless written beside the results). */
    final List<Path> recordings = new ArrayList<>();

    Profile(ProfileSettings settings, List<String> codePackages, int carriers) {
        this.settings = settings;
        this.codePackages = List.copyOf(codePackages);
        this.carriers = carriers;
        this.cpuEvent = settings.mode().cpuEvent();
        for (ProfileKind kind : ProfileKind.values()) {
            stacks.put(kind, new StackCounts());
        }
    }

    public StackCounts stacks(ProfileKind kind) {
        return stacks.get(kind);
    }

    public List<String> codePackages() {
        return codePackages;
    }

    public ProfileSettings settings() {
        return settings;
    }

    /** The recordings it was read from (temporary files, until {@link ProfileFiles#write} keeps them). */
    public List<Path> recordings() {
        return List.copyOf(recordings);
    }

    /**
     * The facts for result.json.
     *
     * @param finishedRequests requests that finished in the window(s) (ok or failed), to give per-request numbers; null
     *                         when not known
     * @param files            the files written beside result.json ({@link ProfileFiles#write}); null when none were
     */
    public ServerProfile facts(Long finishedRequests, ServerProfile.Files files) {
        return ProfileFacts.of(this, finishedRequests, files);
    }

    /**
     * Both profiles' windows and stacks in one, e.g. a server's profile from several JVMs (JMH forks) or recordings. The
     * settings, code packages and carriers are this one's.
     */
    public Profile plus(Profile other) {
        var sum = new Profile(settings, codePackages, carriers);
        for (ProfileKind kind : ProfileKind.values()) {
            sum.stacks.put(kind, stacks(kind).plus(other.stacks(kind)));
        }
        sum.windowNanos = windowNanos + other.windowNanos;
        sum.windows = windows + other.windows;
        sum.cpuSamples = cpuSamples + other.cpuSamples;
        sum.serverCpuSamples = serverCpuSamples + other.serverCpuSamples;
        sum.truncatedServerStacks = truncatedServerStacks + other.truncatedServerStacks;
        sum.allocationSamples = allocationSamples + other.allocationSamples;
        sum.monitorEvents = monitorEvents + other.monitorEvents;
        sum.monitorNanos = monitorNanos + other.monitorNanos;
        sum.parkEvents = parkEvents + other.parkEvents;
        sum.parkNanos = parkNanos + other.parkNanos;
        sum.pinnedEvents = pinnedEvents + other.pinnedEvents;
        sum.pinnedNanos = pinnedNanos + other.pinnedNanos;
        sum.submitFailures = submitFailures + other.submitFailures;
        sum.gcCount = gcCount + other.gcCount;
        sum.gcPauseNanos = gcPauseNanos + other.gcPauseNanos;
        sum.gcLongestPauseNanos = Math.max(gcLongestPauseNanos, other.gcLongestPauseNanos);
        for (var source : List.of(this, other)) {
            source.blockedAt.forEach(
                    (where, counts) -> sum.blockedAt.merge(where, counts, (a, b) -> a.plus(b.events(), b.nanos())));
            source.pinnedAt.forEach(
                    (where, counts) -> sum.pinnedAt.merge(where, counts, (a, b) -> a.plus(b.events(), b.nanos())));
            source.notes.stream().filter(note -> !sum.notes.contains(note)).forEach(sum.notes::add);
            sum.recordings.addAll(source.recordings);
        }
        return sum;
    }
}
