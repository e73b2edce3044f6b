package dev.stackbench.core.profile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.testing.ChecksBehaviour;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Differences between two profiles: a share that moved by far more than sampling noise is a change, the same shares
 * are not, a path only the second has is new; the words say it per request.
 */
@ChecksBehaviour
class StackDifferenceTest {

    private static final List<String> OWN = List.of("app.");

    @Test
    void aShareThatMovedBeyondNoiseIsAChangeTheSameSharesAreNot() {
        var base = stacks(600, 400); // parse 60%, render 40%
        var current = stacks(300, 700); // parse 30%, render 70%
        var same = stacks(
                620, 380); // 2 points apart in 1,000 samples each: within noise (3 standard errors are 6.5 points)

        var moved = new StackDifference(base, current);
        var unmoved = new StackDifference(base, same);

        assertThat(moved.at(List.of("java.lang.Thread.run", "app.Server.handle", "app.Parser.parse"))
                        .direction())
                .isEqualTo(StackDifference.Direction.SHRANK);
        assertThat(moved.at(List.of("java.lang.Thread.run", "app.Server.handle", "app.Renderer.render"))
                        .direction())
                .isEqualTo(StackDifference.Direction.GREW);
        assertThat(unmoved.at(List.of("java.lang.Thread.run", "app.Server.handle", "app.Parser.parse"))
                        .direction())
                .isEqualTo(StackDifference.Direction.SAME);
        assertThat(unmoved.frames(OWN)).isEmpty();
        assertThat(moved.frames(OWN))
                .extracting(StackDifference.FrameChange::frame)
                .as("the roots hold everything in both: not a change")
                .containsExactlyInAnyOrder("app.Parser.parse", "app.Renderer.render");
    }

    @Test
    void aPathOnlyTheSecondHasIsNew() {
        var base = stacks(500, 500);
        var current = stacks(500, 500);
        current.add(List.of("java.lang.Thread.run", "app.Server.handle", "app.Cache.get"), 500);

        assertThat(new StackDifference(base, current)
                        .at(List.of("java.lang.Thread.run", "app.Server.handle", "app.Cache.get"))
                        .direction())
                .isEqualTo(StackDifference.Direction.NEW);
    }

    @Test
    void theWordsSayTheChangePerRequest() {
        var base = stacks(600, 400);
        var current = stacks(300, 700);

        // 100 µs per request in base, 200 in current: parse 60 -> 60 µs (no change per request), render 40 -> 140 µs.
        var sentences = new StackDifference(base, current).sentences("a", 100.0, "b", 200.0, "CPU", "µs", OWN, 5);

        assertThat(sentences)
                .first()
                .isEqualTo("b spends 250% more CPU per request in app.Renderer.render than a (140 vs 40.0 µs)");
    }

    /**
     * A JDK method that only b runs says whose code calls it: Zipkin with a known extra cost spent its samples in the
     * thread clock that the cost's method reads, and "ThreadImpl.getCurrentThreadCpuTime, which a does not run" alone
     * did not name the method (2026-11-28).
     */
    @Test
    void aJdkMethodIsSaidWithTheCallerThatRunsIt() {
        var base = stacks(600, 400);
        var current = stacks(600, 400);
        current.add(
                List.of(
                        "java.lang.Thread.run",
                        "app.Server.handle",
                        "lib.Decorator.serve",
                        "app.Pricing.quote",
                        "java.lang.Math.exp",
                        "sun.management.ThreadImpl.getCurrentThreadCpuTime"),
                500);
        current.add(List.of("java.lang.Thread.run", "app.Server.handle", "lib.Decorator.serve"), 300);

        var sentences = new StackDifference(base, current).sentences("a", 100.0, "b", 180.0, "CPU", "µs", OWN, 5);

        assertThat(sentences)
                .contains("b spends 50.0 µs of CPU per request in sun.management.ThreadImpl.getCurrentThreadCpuTime"
                        + " (under app.Pricing.quote), which a does not run")
                .contains("b spends 30.0 µs of CPU per request in lib.Decorator.serve, which a does not run");
    }

    @Test
    void flameGraphPagesAreTheConvertersWithTheCategoryColours() {
        var page = FlameGraphPage.of(stacks(600, 400), OWN, "a <title>", ProfileKind.CPU);
        var difference = FlameGraphPage.difference(stacks(600, 400), stacks(300, 700), "b against a");

        assertThat(page.html())
                .contains("const palette = [[0x40b8b8")
                .contains("a &lt;title&gt; (1,000 samples)")
                .contains("app.Parser.parse")
                .doesNotContain("0xb2e1b2"); // the converter's own first colour is replaced
        assertThat(page.depth()).isEqualTo(4);
        assertThat(difference.html())
                .contains("(-30.0 pp)")
                .contains("(+30.0 pp)")
                .contains("0xe04848");
    }

    private static StackCounts stacks(long parse, long render) {
        var stacks = new StackCounts();
        stacks.add(List.of("java.lang.Thread.run", "app.Server.handle", "app.Parser.parse"), parse);
        stacks.add(List.of("java.lang.Thread.run", "app.Server.handle", "app.Renderer.render"), render);
        return stacks;
    }
}
