package dev.stackbench.core.profile;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Stacks with a weight each (samples, bytes, microseconds), root first, as collapsed-stack files hold them: one line
 * per stack, {@code frame;frame;...;frame weight}, the text format that flame graph tools share (Brendan Gregg's
 * stackcollapse, async-profiler's {@code collapsed} output). Frames never contain {@code ;}; the weight follows the
 * last space, so a frame may contain spaces ({@code new byte[]}).
 *
 * <p>Filled on one thread, then read.
 */
public final class StackCounts {

    private final Map<String, Long> weightByStack = new HashMap<>();
    private long total;

    /** Adds {@code weight} to the stack of {@code framesRootFirst}; an empty stack or a weight of 0 adds nothing. */
    public void add(List<String> framesRootFirst, long weight) {
        if (framesRootFirst.isEmpty() || weight <= 0) {
            return;
        }
        weightByStack.merge(String.join(";", framesRootFirst), weight, Long::sum);
        total += weight;
    }

    /** The sum of both; neither changes. */
    public StackCounts plus(StackCounts other) {
        var sum = new StackCounts();
        weightByStack.forEach((stack, weight) -> sum.addCollapsed(stack, weight));
        other.weightByStack.forEach((stack, weight) -> sum.addCollapsed(stack, weight));
        return sum;
    }

    private void addCollapsed(String stack, long weight) {
        weightByStack.merge(stack, weight, Long::sum);
        total += weight;
    }

    public long total() {
        return total;
    }

    public boolean isEmpty() {
        return total == 0;
    }

    /** Every stack, root first, with its weight; the heaviest first. */
    public List<Map.Entry<List<String>, Long>> stacks() {
        var stacks = new ArrayList<Map.Entry<List<String>, Long>>(weightByStack.size());
        weightByStack.forEach((stack, weight) -> stacks.add(Map.entry(List.of(stack.split(";")), weight)));
        stacks.sort(Map.Entry.<List<String>, Long>comparingByValue().reversed());
        return stacks;
    }

    /** Weight with {@code frame} on top of the stack (self), by frame. */
    public Map<String, Long> selfByFrame() {
        var self = new HashMap<String, Long>();
        weightByStack.forEach(
                (stack, weight) -> self.merge(stack.substring(stack.lastIndexOf(';') + 1), weight, Long::sum));
        return self;
    }

    /**
     * Of the stacks with {@code self} on top, the caller nearest the top that {@code isCaller} accepts, the one with the
     * most weight (ties by name); empty when none has one. Where a JDK method spends, this names whose code called it.
     */
    public Optional<String> heaviestCaller(String self, Predicate<String> isCaller) {
        var byCaller = new HashMap<String, Long>();
        weightByStack.forEach((stack, weight) -> {
            String[] frames = stack.split(";");
            if (!frames[frames.length - 1].equals(self)) {
                return;
            }
            for (int i = frames.length - 2; i >= 0; i--) {
                if (isCaller.test(frames[i])) {
                    byCaller.merge(frames[i], weight, Long::sum);
                    return;
                }
            }
        });
        return heaviest(byCaller, 1).stream().findFirst();
    }

    /** Weight with {@code frame} anywhere in the stack (counted once per stack, however often it recurs), by frame. */
    public Map<String, Long> totalByFrame() {
        var inclusive = new HashMap<String, Long>();
        for (var entry : weightByStack.entrySet()) {
            Set<String> seen = new HashSet<>(Arrays.asList(entry.getKey().split(";")));
            seen.forEach(frame -> inclusive.merge(frame, entry.getValue(), Long::sum));
        }
        return inclusive;
    }

    /** The collapsed text: one line per stack, heaviest first, so a reader sees the hot stacks at the top. */
    public String collapsed() {
        var text = new StringBuilder();
        weightByStack.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .forEach(entry -> text.append(entry.getKey())
                        .append(' ')
                        .append(entry.getValue())
                        .append('\n'));
        return text.toString();
    }

    /**
     * Reads collapsed text; blank lines are skipped.
     *
     * @throws IllegalArgumentException naming the line that is not {@code frames weight}
     */
    public static StackCounts parse(Reader collapsed) throws IOException {
        var counts = new StackCounts();
        try (var lines = new BufferedReader(collapsed)) {
            int number = 0;
            for (String line; (line = lines.readLine()) != null; ) {
                number++;
                if (line.isBlank()) {
                    continue;
                }
                int space = line.lastIndexOf(' ');
                long weight;
                try {
                    weight = space > 0 ? Long.parseLong(line.substring(space + 1)) : -1;
                } catch (NumberFormatException e) {
                    weight = -1;
                }
                if (weight < 0) {
                    throw new IllegalArgumentException("line " + number + " is not 'frame;frame;... weight': '"
                            + (line.length() > 80 ? line.substring(0, 80) + "..." : line) + "'");
                }
                counts.addCollapsed(line.substring(0, space), weight);
            }
        }
        return counts;
    }

    /** The frames with the most weight by {@code byFrame}, the heaviest first, ties by name. */
    static List<String> heaviest(Map<String, Long> byFrame, int limit) {
        var frames = new ArrayList<>(byFrame.keySet());
        frames.sort(
                Comparator.<String, Long>comparing(byFrame::get).reversed().thenComparing(Comparator.naturalOrder()));
        return Collections.unmodifiableList(frames.subList(0, Math.min(limit, frames.size())));
    }

    /** Stacks by their weight, for tests and messages. */
    Map<String, Long> asMap() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(weightByStack));
    }
}
