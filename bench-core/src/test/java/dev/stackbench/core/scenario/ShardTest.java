package dev.stackbench.core.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stackbench.testing.ChecksBehaviour;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The split of a list into shards: a stable, disjoint cover of it, balanced by estimated length. */
@ChecksBehaviour
class ShardTest {

    /** Lengths that differ as a seed's runs do: warm-ups until steady (long) among fixed ones (short). */
    private static final List<Long> LENGTHS = List.of(38L, 38L, 38L, 38L, 93L, 93L, 93L, 93L, 93L, 93L, 7L);

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 11, 12})
    void theShardsOfACountAreDisjointAndTogetherTheWholeListInItsOrder(int count) {
        List<Integer> items = IntStream.range(0, LENGTHS.size()).boxed().toList();
        var union = new ArrayList<Integer>();
        for (int index = 1; index <= count; index++) {
            List<Integer> shard = new Shard(index, count).of(items, LENGTHS::get);
            assertThat(shard).as("the list's order within a shard").isSorted();
            assertThat(shard)
                    .as("the same i/n, the same items")
                    .isEqualTo(new Shard(index, count).of(items, LENGTHS::get));
            union.addAll(shard);
        }
        assertThat(union).as("disjoint").doesNotHaveDuplicates();
        assertThat(new HashSet<>(union)).as("the whole").isEqualTo(new HashSet<>(items));
    }

    @Test
    void longRunsAreSpreadOverTheShardsNotDealtInTurn() {
        List<Integer> items = IntStream.range(0, LENGTHS.size()).boxed().toList();
        long[] totals = new long[4];
        for (int index = 1; index <= 4; index++) {
            totals[index - 1] = new Shard(index, 4)
                    .of(items, LENGTHS::get).stream().mapToLong(LENGTHS::get).sum();
        }
        // 717 in all: dealt in turn (k mod 4) the shards would take 224, 224, 138, 131; longest first to the least
        // loaded,
        // the longest shard is at most the longest item above the ideal quarter.
        long longest = java.util.Arrays.stream(totals).max().orElseThrow();
        assertThat(longest).isLessThanOrEqualTo(717 / 4 + 93).isLessThan(224);
        assertThat(totals).containsExactly(186, 186, 176, 169);
    }

    @Test
    void equalLengthsAreDealtInTurn() {
        List<String> items = List.of("a", "b", "c", "d", "e", "f", "g");

        assertThat(new Shard(1, 3).of(items, item -> 1)).containsExactly("a", "d", "g");
        assertThat(new Shard(2, 3).of(items, item -> 1)).containsExactly("b", "e");
        assertThat(new Shard(3, 3).of(items, item -> 1)).containsExactly("c", "f");
    }

    @Test
    void aShardBeyondTheItemsIsEmpty() {
        assertThat(new Shard(3, 3).of(List.of("a", "b"), item -> 1)).isEmpty();
        // Counting only the shards the items can fill: a huge count costs nothing and deals as a small one would.
        assertThat(new Shard(2, 999_999_999).of(List.of("a", "b"), item -> 1)).containsExactly("b");
        assertThat(new Shard(999_999_999, 999_999_999).of(List.of("a", "b"), item -> 1))
                .isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"0/4", "5/4", "1/0", "2", "a/b", "-1/2", "1/2/3", ""})
    void anythingButIOfNWithIFrom1ToNIsRefusedNamingTheValue(String text) {
        assertThatThrownBy(() -> Shard.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--shard must be i/n with 1 <= i <= n")
                .hasMessageContaining(text);
    }

    @Test
    void parsesIOfN() {
        assertThat(Shard.parse("2/4")).isEqualTo(new Shard(2, 4));
        assertThat(Shard.parse("2/4")).hasToString("2/4");
    }
}
