package dev.stackbench.core.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.stackbench.testing.ChecksBehaviour;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

@ChecksBehaviour
class VarianceComponentsTest {

    @Test
    void aSmallPilotByHand() {
        // JVM means 1, 3, 5 (variance 4); within: (±1)² in each JVM, 6 / (3 * 1) = 2; between = 4 - 2 / 2 = 3
        VarianceComponents components = VarianceComponents.ofLogs(new double[][] {{0, 2}, {2, 4}, {4, 6}});

        assertThat(components.withinJvm()).isCloseTo(2, within(1e-12));
        assertThat(components.betweenJvm()).isCloseTo(3, within(1e-12));
        assertThat(components.jvms()).isEqualTo(3);
        assertThat(components.trialsPerJvm()).isEqualTo(2);
        assertThat(components.ofJvmMean(4)).isCloseTo(3.5, within(1e-12));
    }

    @Test
    void jvmsThatDifferLessThanTheirTrialsExplainHaveNoBetweenVarianceOfTheirOwn() {
        // JVM means equal: the naive variance of the means would be 0 - 2/2 < 0; clamped
        VarianceComponents components = VarianceComponents.ofLogs(new double[][] {{0, 2}, {2, 0}, {1, 1}});

        assertThat(components.betweenJvm()).isZero();
        assertThat(components.withinJvm()).isCloseTo(4.0 / 3, within(1e-12));
    }

    @Test
    void itRecoversTheComponentsOfSyntheticJvmsOnTheLogScale() {
        var random = new Random(13);
        double sumBetween = 0;
        double sumWithin = 0;
        double sumNaive = 0;
        int pilots = 2000;
        for (int p = 0; p < pilots; p++) {
            double[][] values = new double[4][3];
            for (int j = 0; j < 4; j++) {
                double offset = 0.03 * random.nextGaussian();
                for (int t = 0; t < 3; t++) {
                    values[j][t] = 40 * Math.exp(offset + 0.05 * random.nextGaussian());
                }
            }
            VarianceComponents components = VarianceComponents.of(values);
            sumBetween += components.betweenJvm();
            sumWithin += components.withinJvm();
            double[] means = new double[4];
            for (int j = 0; j < 4; j++) {
                means[j] = (Math.log(values[j][0]) + Math.log(values[j][1]) + Math.log(values[j][2])) / 3;
            }
            double grand = (means[0] + means[1] + means[2] + means[3]) / 4;
            double naive = 0;
            for (double mean : means) {
                naive += (mean - grand) * (mean - grand) / 3;
            }
            sumNaive += naive;
        }
        // unbiased (the clamp at 0 adds a little): 0.0009 between, 0.0025 within
        assertThat(sumWithin / pilots).isCloseTo(0.0025, within(0.0001));
        assertThat(sumBetween / pilots).isCloseTo(0.0009, within(0.00015));
        // the variance of the JVMs' means alone would count the trials' noise as the JVMs' own
        assertThat(sumNaive / pilots).isCloseTo(0.0009 + 0.0025 / 3, within(0.00015));
    }

    @Test
    void pilotsPoolByTheirDegreesOfFreedom() {
        VarianceComponents a = VarianceComponents.ofLogs(new double[][] {{0, 2}, {2, 4}, {4, 6}});
        VarianceComponents b = VarianceComponents.ofLogs(new double[][] {{0, 0}, {0, 0}, {0, 2}});

        VarianceComponents pooled = VarianceComponents.pooled(List.of(a, b));

        assertThat(pooled.withinJvm()).isCloseTo((a.withinJvm() * 3 + b.withinJvm() * 3) / 6, within(1e-12));
        assertThat(pooled.betweenJvm()).isCloseTo((a.betweenJvm() * 2 + b.betweenJvm() * 2) / 4, within(1e-12));
        assertThat(pooled.jvms()).isEqualTo(6);
    }

    @Test
    void badPilotsAreNamed() {
        assertThatThrownBy(() -> VarianceComponents.of(new double[][] {{1, 2}}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a pilot needs at least 2 JVMs to see what JVMs differ by, got 1");
        assertThatThrownBy(() -> VarianceComponents.of(new double[][] {{1}, {2}}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a pilot needs at least 2 trials per JVM to see what trials differ by, got 1");
        assertThatThrownBy(() -> VarianceComponents.of(new double[][] {{1, 2}, {2, 3, 4}}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("every JVM of a pilot needs the same number of trials, got 2 in JVM 1 and 3 in JVM 2");
        assertThatThrownBy(() -> VarianceComponents.of(new double[][] {{1, 2}, {0, 3}}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("got 0.0 in JVM 2, trial 1");
        assertThatThrownBy(() -> VarianceComponents.pooled(List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("got none");
        assertThatThrownBy(() -> VarianceComponents.pooled(List.of(VarianceComponents.known(1, 1))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("only components estimated from a pilot can be pooled");
    }
}
