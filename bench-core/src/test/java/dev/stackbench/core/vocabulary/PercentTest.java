package dev.stackbench.core.vocabulary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stackbench.testing.ChecksBehaviour;
import org.junit.jupiter.api.Test;

/** One reading of percentages for compare's and the gate's options: with %, without, and what is not one. */
@ChecksBehaviour
class PercentTest {

    @Test
    void aPercentageIsAFractionAndABareNumberReadsAsTheCallerSays() {
        assertThat(Percent.fraction("15%", Percent.Bare.FRACTION)).hasValue(0.15);
        assertThat(Percent.fraction(" 2.5% ", Percent.Bare.FRACTION)).hasValue(0.025);
        assertThat(Percent.fraction("0.95", Percent.Bare.FRACTION)).hasValue(0.95);
        assertThat(Percent.fraction("5", Percent.Bare.PERCENT)).hasValue(0.05);
        assertThat(Percent.fraction("5%%", Percent.Bare.PERCENT)).isEmpty();
        assertThat(Percent.fraction("five", Percent.Bare.PERCENT)).isEmpty();
    }

    @Test
    void anOptionsBadValueIsNamedWithTheOption() {
        assertThat(Percent.parse("--confidence", "95%")).isEqualTo(0.95);
        assertThatThrownBy(() -> Percent.parse("--equivalence", "2 percent"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--equivalence takes a percentage such as 95% (or 0.95), got '2 percent'");
    }

    @Test
    void aFractionIsWrittenWithOneDecimalUnlessThatMakesItACertaintyOrNothing() {
        assertThat(Percent.format(0.03)).isEqualTo("3%");
        assertThat(Percent.format(0.025)).isEqualTo("2.5%");
        assertThat(Percent.format(0.9134)).isEqualTo("91.3%");
        assertThat(Percent.format(0.9999)).isEqualTo("99.99%");
        assertThat(Percent.format(0.99999)).isEqualTo("99.999%");
        assertThat(Percent.format(0.0004)).isEqualTo("0.04%");
        assertThat(Percent.format(1)).isEqualTo("100%");
    }
}
