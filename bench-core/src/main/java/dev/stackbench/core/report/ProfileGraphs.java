package dev.stackbench.core.report;

import dev.stackbench.core.profile.FlameGraphPage;
import dev.stackbench.core.profile.ProfileFiles;
import dev.stackbench.core.profile.ProfileKind;
import dev.stackbench.core.profile.StackCounts;
import dev.stackbench.core.profile.StackDifference;
import dev.stackbench.core.result.RunResult;
import dev.stackbench.core.result.ServerProfile;
import dev.stackbench.core.result.read.RecordedRun;
import dev.stackbench.core.result.read.UnreadableResultException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The report's flame graphs, from the collapsed stacks beside each profiled run: its CPU and allocation graphs, and for
 * each other profiled run the differential graph against the first one (the report's baseline), with the largest
 * changes in words. Each graph is a whole page of async-profiler's converter, put into the report in an iframe's
 * {@code srcdoc}: the report stays one self-contained file, and the page's script runs in its own frame.
 */
final class ProfileGraphs {

    /** The iframe grows with the graph's depth up to this, then scrolls. */
    static final int MAX_FRAME_PIXELS = 900;
    /** Room for the graph's title and buttons above its canvas. */
    private static final int HEADER_PIXELS = 70;
    /** Differences shown against the baseline: one per profiled run after it, at most this many. */
    static final int MAX_DIFFERENCES = 8;
    /** Changes described in words per difference. */
    private static final int SENTENCES = 5;

    /**
     * @param id      the iframe's id, stable: {@code flame-cpu-1} (kind, run number), {@code flame-diff-cpu-2}
     * @param caption what it shows and how to read it
     */
    record Flame(
            String id,
            String title,
            String caption,
            String html,
            int heightPixels,
            List<FlameGraphPage.Legend> legend) {}

    /** One run's graphs against the baseline's. */
    record Difference(String title, List<String> sentences, List<Flame> flames) {}

    /**
     * What a run's graphs are drawn from: the directory of its collapsed stacks, its profile's facts, and its server CPU
     * per request (the whole that CPU shares are of; null when unknown).
     */
    record Profiled(Path directory, ServerProfile profile, Double serverCpuMicrosPerRequest) {

        static Profiled of(RecordedRun run) {
            RunResult result = run.result();
            return new Profiled(
                    run.file().toAbsolutePath().getParent(),
                    result.serverProfile(),
                    result.jvm() == null ? null : result.jvm().serverCpuMicrosPerRequest());
        }
    }

    private ProfileGraphs() {}

    /**
     * The CPU and allocation graphs of run {@code number} (1-based), and its lock and pinning graphs when it blocked or
     * pinned; empty when it was not profiled or its files are gone.
     */
    static List<Flame> of(RecordedRun run, String name, int number) {
        return of(Profiled.of(run), name, String.valueOf(number));
    }

    /** As {@link #of(RecordedRun, String, int)}, of any profiled server; {@code id} ends the iframes' ids. */
    static List<Flame> of(Profiled run, String name, String id) {
        var profile = run.profile();
        if (profile == null) {
            return List.of();
        }
        var flames = new ArrayList<Flame>();
        boolean wall = profile.cpu() != null && profile.cpu().event() == ServerProfile.CpuEvent.WALL;
        stacks(run, ProfileKind.CPU)
                .ifPresent(
                        stacks -> flames.add(
                                flame(
                                        "flame-cpu-" + id,
                                        name + ": " + (wall ? "wall clock" : "CPU") + " of the server's threads",
                                        stacks,
                                        profile.codePackages(),
                                        ProfileKind.CPU,
                                        (wall ? "Wall-clock" : "CPU")
                                                + " samples of the server's threads over the measured window (the load generator's left out); "
                                                + "the width of a frame is its share of them; roots on top, callees below their callers.")));
        stacks(run, ProfileKind.ALLOCATION)
                .ifPresent(
                        stacks -> flames.add(
                                flame(
                                        "flame-alloc-" + id,
                                        name + ": allocation by the server's threads",
                                        stacks,
                                        profile.codePackages(),
                                        ProfileKind.ALLOCATION,
                                        "Sampled allocation (bytes) of the server's threads over the measured window; the top frame is the type allocated.")));
        // Only when there is something to see: most runs block on no lock and pin no virtual thread.
        stacks(run, ProfileKind.LOCKS)
                .ifPresent(stacks -> flames.add(flame(
                        "flame-locks-" + id,
                        name + ": time blocked on locks",
                        stacks,
                        profile.codePackages(),
                        ProfileKind.LOCKS,
                        "Microseconds the server's threads blocked entering a monitor or parked on a lock (each wait of at least "
                                + profile.locks().thresholdMillis() + " ms), by where they blocked.")));
        stacks(run, ProfileKind.PINNING)
                .ifPresent(
                        stacks -> flames.add(
                                flame(
                                        "flame-pinning-" + id,
                                        name + ": virtual threads pinned to their carriers",
                                        stacks,
                                        profile.codePackages(),
                                        ProfileKind.PINNING,
                                        "Microseconds virtual threads blocked while pinned to their carrier (jdk.VirtualThreadPinned), by where they blocked.")));
        return List.copyOf(flames);
    }

    /** Each profiled run after the first against the first, at most {@link #MAX_DIFFERENCES}. */
    static List<Difference> differences(List<RecordedRun> runs, List<String> names) {
        int baseline = -1;
        var differences = new ArrayList<Difference>();
        for (int i = 0; i < runs.size() && differences.size() < MAX_DIFFERENCES; i++) {
            if (runs.get(i).result().serverProfile() == null
                    || stacks(runs.get(i), ProfileKind.CPU).isEmpty()) {
                continue;
            }
            if (baseline < 0) {
                baseline = i;
                continue;
            }
            differences.add(difference(
                    Profiled.of(runs.get(baseline)),
                    names.get(baseline),
                    Profiled.of(runs.get(i)),
                    names.get(i),
                    String.valueOf(i + 1)));
        }
        return List.copyOf(differences);
    }

    /** {@code current}'s graphs against {@code base}'s, with the largest changes in words; {@code id} ends the iframes' ids. */
    static Difference difference(Profiled base, String baseName, Profiled current, String currentName, String id) {
        var flames = new ArrayList<Flame>();
        var sentences = new ArrayList<String>();
        var codePackages = current.profile().codePackages();
        for (ProfileKind kind : List.of(ProfileKind.CPU, ProfileKind.ALLOCATION)) {
            var baseStacks = stacks(base, kind);
            var currentStacks = stacks(current, kind);
            if (baseStacks.isEmpty() || currentStacks.isEmpty()) {
                continue;
            }
            boolean cpu = kind == ProfileKind.CPU;
            var difference = new StackDifference(baseStacks.get(), currentStacks.get());
            sentences.addAll(difference.sentences(
                    baseName,
                    costPerRequest(base, kind),
                    currentName,
                    costPerRequest(current, kind),
                    cpu ? "CPU" : "allocation",
                    cpu ? "µs" : "bytes",
                    codePackages,
                    SENTENCES));
            var page = FlameGraphPage.difference(
                    baseStacks.get(),
                    currentStacks.get(),
                    currentName + " against " + baseName + ": " + (cpu ? "CPU" : "allocation"));
            flames.add(new Flame(
                    "flame-diff-" + (cpu ? "cpu-" : "alloc-") + id,
                    currentName + " against " + baseName,
                    currentName + "'s " + (cpu ? "CPU samples" : "sampled allocation")
                            + ", each frame coloured by the change of its share from "
                            + baseName
                            + "'s (in percentage points, in its title); changes within sampling noise (3 standard errors) are grey. "
                            + "Frames only " + baseName + " has do not show.",
                    page.html(),
                    height(page),
                    FlameGraphPage.DIFFERENCE_LEGEND));
        }
        if (sentences.isEmpty()) {
            sentences.add("no frame's share differs beyond sampling noise");
        }
        return new Difference(currentName + " against " + baseName, List.copyOf(sentences), List.copyOf(flames));
    }

    /** The whole a profile's shares are of, per request: server CPU µs (measured apart), or sampled bytes. */
    private static Double costPerRequest(Profiled run, ProfileKind kind) {
        if (kind == ProfileKind.CPU) {
            boolean wall = run.profile().cpu().event() == ServerProfile.CpuEvent.WALL;
            return wall ? null : run.serverCpuMicrosPerRequest();
        }
        return run.profile().allocation().bytesPerRequest();
    }

    private static Flame flame(
            String id, String title, StackCounts stacks, List<String> codePackages, ProfileKind kind, String caption) {
        var page = FlameGraphPage.of(stacks, codePackages, title, kind);
        return new Flame(
                id,
                title,
                caption + " Search: 🔍 or Ctrl+F (a regular expression); click a frame to zoom.",
                page.html(),
                height(page),
                kind == ProfileKind.ALLOCATION ? FlameGraphPage.ALLOCATION_LEGEND : FlameGraphPage.CATEGORY_LEGEND);
    }

    private static int height(FlameGraphPage.Page page) {
        return Math.min(MAX_FRAME_PIXELS, page.depth() * FlameGraphPage.ROW_PIXELS + HEADER_PIXELS);
    }

    /** The stacks beside a run, if it was profiled and they are there and not empty. */
    private static Optional<StackCounts> stacks(RecordedRun run, ProfileKind kind) {
        return stacks(Profiled.of(run), kind);
    }

    private static Optional<StackCounts> stacks(Profiled run, ProfileKind kind) {
        Path directory = run.directory();
        try {
            return ProfileFiles.read(directory, kind).filter(stacks -> !stacks.isEmpty());
        } catch (IllegalArgumentException | UncheckedIOException e) {
            throw new UnreadableResultException(
                    directory.resolve(kind.fileName()), "not collapsed stacks: " + e.getMessage());
        }
    }
}
