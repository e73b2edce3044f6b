package dev.stackbench.core.scenario;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToLongFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Shard {@code index} of {@code count}: which items of a list one of {@code count} machines runs, so
 * that a CI matrix can split a scenario's runs, or the JMH suite's benchmarks, and merge the results.
 *
 * <p>The rule, the one place it is decided: items are dealt out longest first (by an estimate of
 * their length; ties in the list's order), each to the shard whose estimated total is smallest so
 * far (ties: the lowest index), the "longest processing time first" rule. Why not item k to shard
 * (k mod n) + 1: a scenario's runs differ up to threefold in length (a warm-up until steady may take
 * 60 s, a fixed one 5 s), and dealing them out in turn can leave one shard twice as long as another;
 * with equal lengths (the JMH suite's benchmarks, or runs shortened alike) the rule is exactly that
 * round robin. It depends only on the list and the estimates, so the same index of the same count
 * over the same list is always the same items, the shards are disjoint and together the whole list.
 * Within a shard the items keep the list's order.
 *
 * <pre>{@code
 * Shard shard = Shard.parse("2/4");
 * List<ScenarioRun> mine = shard.of(scenario.runs(), run -> run.length().toMillis());
 * }</pre>
 *
 * @param index 1-based, from 1 to {@code count}
 */
public record Shard(int index, int count) {

    private static final Pattern FORMAT = Pattern.compile("(\\d{1,9})/(\\d{1,9})");

    public Shard {
        if (count < 1 || index < 1 || index > count) {
            throw new IllegalArgumentException("--shard must be i/n with 1 <= i <= n, got " + index + "/" + count);
        }
    }

    /** @throws IllegalArgumentException naming the value, for anything but {@code i/n} with 1 <= i <= n */
    public static Shard parse(String text) {
        Matcher matcher = FORMAT.matcher(text == null ? "" : text.strip());
        if (!matcher.matches()) {
            throw new IllegalArgumentException("--shard must be i/n with 1 <= i <= n, e.g. 2/4, got '" + text + "'");
        }
        return new Shard(Integer.parseInt(matcher.group(1)), Integer.parseInt(matcher.group(2)));
    }

    /** The items of this shard, in the list's order. */
    public <T> List<T> of(List<T> items, ToLongFunction<T> estimatedLength) {
        int[] owner = owners(items, estimatedLength);
        var mine = new ArrayList<T>();
        for (int i = 0; i < items.size(); i++) {
            if (owner[i] == index) {
                mine.add(items.get(i));
            }
        }
        return mine;
    }

    /** The shard (1-based) of each item of the list, by the rule above. */
    private <T> int[] owners(List<T> items, ToLongFunction<T> length) {
        List<Integer> longestFirst = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            longestFirst.add(i);
        }
        // A stable sort: equal lengths keep the list's order.
        longestFirst.sort(Comparator.comparingLong((Integer i) -> length.applyAsLong(items.get(i)))
                .reversed());
        // Shards past the list's length stay empty by the rule (ties go to the lowest shard): no need to count them,
        // so --shard 1/999999999 costs what 1/2 does.
        long[] totals = new long[Math.max(1, Math.min(count, items.size()))];
        int[] owner = new int[items.size()];
        for (int item : longestFirst) {
            int smallest = 0;
            for (int shard = 1; shard < totals.length; shard++) {
                if (totals[shard] < totals[smallest]) {
                    smallest = shard;
                }
            }
            totals[smallest] += length.applyAsLong(items.get(item));
            owner[item] = smallest + 1;
        }
        return owner;
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}
