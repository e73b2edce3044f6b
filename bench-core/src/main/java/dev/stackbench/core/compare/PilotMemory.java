package dev.stackbench.core.compare;

import dev.stackbench.core.machine.MachineStore;
import dev.stackbench.core.plan.Costs;
import dev.stackbench.core.plan.VarianceComponents;
import dev.stackbench.core.result.ResultFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import tools.jackson.core.type.TypeReference;

/**
 * What the pilots of planned comparisons measured on each machine, kept in {@code $STACKBENCH_HOME/}{@value #FILE} (the
 * newest {@value #KEPT}, at most {@value #PER_KIND} per machine and kind), so that the next comparison of the same kind
 * on the same machine says what it will take before it spends anything ({@link PilotPlan#upFront}), from the last few
 * pilots pooled: one pilot of 3 JVMs per variant is a rough estimate of what JVMs differ by (1.0% in one, 1.8% in the
 * next, here). What JVMs differ by and what a JVM
 * costs are facts about a machine and a stack: a pilot is found again only under the machine's fingerprint and the
 * comparison's kind ({@link PilotPlan#kind}). It only informs: every comparison still runs its own pilot, and its
 * verdicts rest on its own JVMs alone. Best effort: a home that cannot be read or written costs the up-front plan,
 * nothing else.
 */
final class PilotMemory {

    static final String FILE = "pilots.json";
    static final int KEPT = 50;
    /** Pilots kept per machine and kind: the up-front plan pools them. */
    static final int PER_KIND = 5;

    /**
     * One pilot's components and costs, with where (the machine's fingerprint) and of what (the kind) it was measured.
     *
     * @param measuredAt     when its plan was made, ISO-8601
     * @param levels         each variant's level in the pilot, by label (the log of its values relative to their
     *                       moment's): the pairs' ratios, to say up front which pairs a budget likely leaves undecided;
     *                       null in pilots kept before they were
     * @param heldJvms       for a pilot its time limit held smaller ({@link PilotPlan#servesAlone}), the JVMs per
     *                       variant it kept; null for a whole pilot. Its components do not plan (with one JVM a variant,
     *                       what JVMs differ by is unseen): it says up front what a budget holds
     * @param startSeconds   a held pilot's JVM start, each; null for a whole pilot
     * @param warmupSeconds  a held pilot's JVM warm-up with its rehearsals, each; null for a whole pilot
     */
    record Remembered(
            String machine,
            String kind,
            String measuredAt,
            double betweenJvm,
            double withinJvm,
            int jvms,
            int trialsPerJvm,
            double jvmSeconds,
            double trialSeconds,
            Map<String, Double> levels,
            Integer heldJvms,
            Double startSeconds,
            Double warmupSeconds) {

        static Remembered of(
                String machine,
                String kind,
                Instant at,
                VarianceComponents components,
                Costs costs,
                Map<String, Double> levels) {
            return of(machine, kind, at, components, costs, levels, null, null, null);
        }

        /** A pilot its time limit held to {@code heldJvms} JVMs per variant, with its JVMs' start and warm-up each. */
        static Remembered held(
                String machine,
                String kind,
                Instant at,
                VarianceComponents components,
                Costs costs,
                Map<String, Double> levels,
                int heldJvms,
                double startSeconds,
                double warmupSeconds) {
            return of(machine, kind, at, components, costs, levels, heldJvms, startSeconds, warmupSeconds);
        }

        private static Remembered of(
                String machine,
                String kind,
                Instant at,
                VarianceComponents components,
                Costs costs,
                Map<String, Double> levels,
                Integer heldJvms,
                Double startSeconds,
                Double warmupSeconds) {
            return new Remembered(
                    machine,
                    kind,
                    at.toString(),
                    components.betweenJvm(),
                    components.withinJvm(),
                    components.jvms(),
                    components.trialsPerJvm(),
                    costs.perJvm().toNanos() / 1e9,
                    costs.perTrial().toNanos() / 1e9,
                    Map.copyOf(levels),
                    heldJvms,
                    startSeconds,
                    warmupSeconds);
        }

        /** Whether its time limit held it smaller than a pilot: its components do not plan. */
        boolean held() {
            return heldJvms != null;
        }

        /** A held pilot without its start or warm-up (a file edited by hand) can say nothing up front: read as none. */
        boolean usable() {
            return !held() || (startSeconds != null && warmupSeconds != null);
        }

        VarianceComponents components() {
            return new VarianceComponents(betweenJvm, withinJvm, jvms, trialsPerJvm);
        }

        Costs costs() {
            return new Costs(
                    Duration.ofNanos((long) (jvmSeconds * 1e9)), Duration.ofNanos((long) (trialSeconds * 1e9)));
        }
    }

    private final Path file;

    PilotMemory(Path file) {
        this.file = file;
    }

    /** The memory in {@link MachineStore#home()}. */
    static PilotMemory standard() {
        return new PilotMemory(MachineStore.home().resolve(FILE));
    }

    /**
     * The last pilots of {@code kind} measured on {@code machine}, the newest first: at most {@value #PER_KIND} whole ones
     * and the newest held one (held pilots, of a shorter time limit, do not crowd out the whole ones that plan).
     */
    List<Remembered> recent(String machine, String kind) {
        return newestOfKind(ofKind(all(), machine, kind));
    }

    /** The whole pilots among {@code pilots}: the ones that plan (a held one has not seen what JVMs differ by). */
    static List<Remembered> whole(List<Remembered> pilots) {
        return pilots.stream().filter(pilot -> !pilot.held()).toList();
    }

    private static List<Remembered> ofKind(List<Remembered> pilots, String machine, String kind) {
        return pilots.stream()
                .filter(pilot -> machine.equals(pilot.machine()) && kind.equals(pilot.kind()))
                .toList();
    }

    /** Of pilots of one machine and kind: the newest {@value #PER_KIND} whole ones and the newest held one, newest first. */
    private static List<Remembered> newestOfKind(List<Remembered> ofKind) {
        var newestFirst = ofKind.stream()
                .sorted(Comparator.comparing(Remembered::measuredAt).reversed())
                .toList();
        var kept = new ArrayList<>(newestFirst.stream()
                .filter(pilot -> !pilot.held())
                .limit(PER_KIND)
                .toList());
        newestFirst.stream().filter(Remembered::held).findFirst().ifPresent(kept::add);
        kept.sort(Comparator.comparing(Remembered::measuredAt).reversed());
        return kept;
    }

    /**
     * Keeps {@code pilot}, dropping the oldest of its machine and kind beyond {@value #PER_KIND} whole ones and one held
     * one, and any beyond {@value #KEPT}.
     */
    void remember(Remembered pilot) {
        List<Remembered> all = all();
        var sameKind = new ArrayList<>(ofKind(all, pilot.machine(), pilot.kind()));
        sameKind.add(pilot);
        var kept = new ArrayList<>(all.stream()
                .filter(other -> !(other.machine().equals(pilot.machine())
                        && other.kind().equals(pilot.kind())))
                .toList());
        kept.addAll(newestOfKind(sameKind));
        kept.sort(Comparator.comparing(Remembered::measuredAt));
        List<Remembered> newest = kept.subList(Math.max(0, kept.size() - KEPT), kept.size());
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            ResultFiles.writeAtomically(file, ResultFiles.json().writeValueAsBytes(newest));
        } catch (java.io.IOException | RuntimeException e) {
            // Kept nowhere: the next comparison of this kind plans after its pilot, as without a memory.
        }
    }

    /** Every pilot kept; none when there is no file or it cannot be read (a later write replaces it). */
    private List<Remembered> all() {
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        try {
            List<Remembered> read =
                    ResultFiles.json().readValue(file.toFile(), new TypeReference<List<Remembered>>() {});
            return read == null
                    ? List.of()
                    : read.stream()
                            .filter(pilot -> pilot != null
                                    && pilot.machine() != null
                                    && pilot.kind() != null
                                    && pilot.measuredAt() != null
                                    && pilot.usable())
                            .toList();
        } catch (RuntimeException e) { // JacksonException among them
            return List.of();
        }
    }
}
