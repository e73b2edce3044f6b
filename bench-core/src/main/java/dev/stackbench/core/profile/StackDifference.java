package dev.stackbench.core.profile;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

/**
 * How two profiles of the same kind differ: for a call path (a frame with its callers) and for a frame wherever it
 * appears, the share of each profile's whole it holds, and whether the change is more than sampling noise. Shares, not
 * raw weights: two runs of different lengths or rates are compared by where their time went.
 *
 * <p>Noise: a share p of n samples varies by about sqrt(p(1 - p) / n) from run to run by sampling alone; a change counts
 * only beyond {@value #NOISE_STANDARD_ERRORS} standard errors of the difference and at least {@value #MIN_CHANGE_POINTS}
 * percentage points. Other sources of difference between runs (the machine's speed, the JIT) are not in it.
 */
public final class StackDifference {

    static final double NOISE_STANDARD_ERRORS = 3;
    static final double MIN_CHANGE_POINTS = 0.1;
    /** Frames in at least this share of both profiles are the threads' roots (Thread.run): every change is under them. */
    static final double ROOT_SHARE = 0.99;

    public enum Direction {
        GREW,
        SHRANK,
        SAME,
        NEW
    }

    /**
     * @param baseShare    share of the first profile's whole (0 to 1)
     * @param currentShare share of the second's
     */
    public record Change(double baseShare, double currentShare, Direction direction) {

        /** {@code (+3.1 pp)}, {@code (new)}: the change in percentage points of each profile's whole. */
        String label() {
            return direction == Direction.NEW
                    ? "(new)"
                    : String.format(Locale.ROOT, "(%+.1f pp)", 100 * (currentShare - baseShare));
        }
    }

    /**
     * A frame's change wherever it appears (its inclusive share in each profile).
     *
     * @param frame    {@code package.Class.method} or a native symbol
     * @param category whose code it is
     */
    public record FrameChange(String frame, FrameCategory category, Change change) {}

    private final Node base = new Node();
    private final Node current = new Node();
    private final StackCounts baseStacks;
    private final StackCounts currentStacks;

    public StackDifference(StackCounts base, StackCounts current) {
        this.baseStacks = base;
        this.currentStacks = current;
        fill(this.base, base);
        fill(this.current, current);
    }

    /** The change of the call path {@code pathRootFirst}. */
    public Change at(List<String> pathRootFirst) {
        long inBase = base.weight(pathRootFirst);
        long inCurrent = current.weight(pathRootFirst);
        return change(inBase, inCurrent);
    }

    /**
     * Every frame of either profile whose inclusive share changed beyond noise, the largest change first; the threads'
     * roots, which hold nearly all of both, left out.
     */
    public List<FrameChange> frames(List<String> codePackages) {
        Map<String, Long> inBase = baseStacks.totalByFrame();
        Map<String, Long> inCurrent = currentStacks.totalByFrame();
        var frames = new HashMap<String, Boolean>();
        inBase.keySet().forEach(frame -> frames.put(frame, true));
        inCurrent.keySet().forEach(frame -> frames.put(frame, true));
        var changes = new ArrayList<FrameChange>();
        for (String frame : frames.keySet()) {
            var change = change(inBase.getOrDefault(frame, 0L), inCurrent.getOrDefault(frame, 0L));
            boolean root = change.baseShare() >= ROOT_SHARE && change.currentShare() >= ROOT_SHARE;
            if (!root && change.direction() != Direction.SAME) {
                changes.add(new FrameChange(frame, FrameCategory.of(frame, codePackages), change));
            }
        }
        changes.sort(Comparator.<FrameChange>comparingDouble(change -> -Math.abs(
                        change.change().currentShare() - change.change().baseShare()))
                .thenComparing(FrameChange::frame));
        return changes;
    }

    /**
     * The largest changes in words, per request where the costs per request are known: "webflux-netty spends 31% less
     * CPU per request in X than loom-netty (12.3 vs 17.9 µs)"; else as shares of each profile. Frames are ranked by the
     * change of their own time (self, not inclusive: a callee's change would otherwise be told again for each of its
     * callers), the largest per request first; a frame only one profile runs is said so ("... which loom-netty does not
     * run"). Changes within sampling noise are left out.
     *
     * @param baseCostPerRequest    the first profile's whole per request (e.g. server CPU µs per request); null if unknown
     * @param currentCostPerRequest the second's
     * @param what                  what the weight is, e.g. {@code CPU}, {@code allocation}
     * @param unit                  the cost's unit, e.g. {@code µs}, {@code bytes}
     */
    public List<String> sentences(
            String baseName,
            Double baseCostPerRequest,
            String currentName,
            Double currentCostPerRequest,
            String what,
            String unit,
            List<String> codePackages,
            int limit) {
        boolean perRequest = baseCostPerRequest != null && currentCostPerRequest != null;
        Map<String, Long> inBase = baseStacks.selfByFrame();
        Map<String, Long> inCurrent = currentStacks.selfByFrame();
        var frames = new TreeSet<String>();
        frames.addAll(inBase.keySet());
        frames.addAll(inCurrent.keySet());
        var changed = new ArrayList<FrameChange>();
        for (String frame : frames) {
            var change = change(inBase.getOrDefault(frame, 0L), inCurrent.getOrDefault(frame, 0L));
            if (change.direction() != Direction.SAME) {
                changed.add(new FrameChange(frame, FrameCategory.of(frame, codePackages), change));
            }
        }
        ToDoubleFunction<FrameChange> size = perRequest
                ? frame -> Math.abs(frame.change().currentShare() * currentCostPerRequest
                        - frame.change().baseShare() * baseCostPerRequest)
                : frame ->
                        Math.abs(frame.change().currentShare() - frame.change().baseShare());
        changed.sort(Comparator.comparingDouble(size).reversed().thenComparing(FrameChange::frame));
        var sentences = new ArrayList<String>();
        for (FrameChange frame : changed.subList(0, Math.min(limit, changed.size()))) {
            var change = frame.change();
            String where = withCaller(frame, codePackages);
            if (!perRequest) {
                sentences.add(String.format(
                        Locale.ROOT,
                        "%s: %.1f%% of %s's %s samples against %.1f%% of %s's",
                        where,
                        100 * change.currentShare(),
                        currentName,
                        what,
                        100 * change.baseShare(),
                        baseName));
                continue;
            }
            double base = change.baseShare() * baseCostPerRequest;
            double current = change.currentShare() * currentCostPerRequest;
            if (base == 0) {
                sentences.add(String.format(
                        Locale.ROOT,
                        "%s spends %s %s of %s per request in %s, which %s does not run",
                        currentName,
                        amount(current),
                        unit,
                        what,
                        where,
                        baseName));
            } else if (current == 0) {
                sentences.add(String.format(
                        Locale.ROOT,
                        "%s does not run %s, where %s spends %s %s of %s per request",
                        currentName,
                        where,
                        baseName,
                        amount(base),
                        unit,
                        what));
            } else {
                double relative = 100 * (current / base - 1);
                sentences.add(String.format(
                        Locale.ROOT,
                        "%s spends %.0f%% %s %s per request in %s than %s (%s vs %s %s)",
                        currentName,
                        Math.abs(relative),
                        relative < 0 ? "less" : "more",
                        what,
                        where,
                        baseName,
                        amount(current),
                        amount(base),
                        unit));
            }
        }
        return List.copyOf(sentences);
    }

    /**
     * A frame in the JDK or native code with the nearest caller of the server's or its frameworks' code that runs it
     * most, in the profile that runs it more: "sun.management.ThreadImpl.getCurrentThreadCpuTime (under
     * com.example.Pricing.quote)". A JDK method that one build spends more in says little until it is said whose code
     * calls it.
     */
    private String withCaller(FrameChange frame, List<String> codePackages) {
        if (frame.category() != FrameCategory.JDK && frame.category() != FrameCategory.NATIVE) {
            return frame.frame();
        }
        StackCounts more = frame.change().currentShare() >= frame.change().baseShare() ? currentStacks : baseStacks;
        return more.heaviestCaller(frame.frame(), caller -> {
                    FrameCategory category = FrameCategory.of(caller, codePackages);
                    return category == FrameCategory.OWN || category == FrameCategory.FRAMEWORK;
                })
                .map(caller -> frame.frame() + " (under " + caller + ")")
                .orElse(frame.frame());
    }

    private static String examples(List<String> frames) {
        return frames.isEmpty()
                ? ""
                : " (" + String.join(", ", frames.subList(0, Math.min(2, frames.size())))
                        + (frames.size() > 2 ? ", ..." : "") + ")";
    }

    private static String amount(double value) {
        return value >= 100 ? String.format(Locale.ROOT, "%,.0f", value) : String.format(Locale.ROOT, "%.1f", value);
    }

    private Change change(long inBase, long inCurrent) {
        double n1 = Math.max(1, baseStacks.total());
        double n2 = Math.max(1, currentStacks.total());
        double p1 = inBase / n1;
        double p2 = inCurrent / n2;
        if (inBase == 0 && inCurrent > 0) {
            return new Change(0, p2, Direction.NEW);
        }
        double standardError = Math.sqrt(p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2);
        double difference = p2 - p1;
        boolean clear = Math.abs(difference) > NOISE_STANDARD_ERRORS * standardError
                && Math.abs(difference) * 100 >= MIN_CHANGE_POINTS;
        return new Change(p1, p2, !clear ? Direction.SAME : difference > 0 ? Direction.GREW : Direction.SHRANK);
    }

    private static void fill(Node root, StackCounts stacks) {
        for (var stack : stacks.stacks()) {
            Node node = root;
            for (String frame : stack.getKey()) {
                node = node.children.computeIfAbsent(frame, name -> new Node());
                node.total += stack.getValue();
            }
        }
    }

    /** A call tree: each node's weight is that of every stack passing through it. */
    private static final class Node {
        final Map<String, Node> children = new HashMap<>();
        long total;

        long weight(List<String> path) {
            Node node = this;
            for (String frame : path) {
                node = node.children.get(frame);
                if (node == null) {
                    return 0;
                }
            }
            return node.total;
        }
    }
}
