package dev.stackbench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.app.AppSource;
import dev.stackbench.core.app.AppSpec;
import dev.stackbench.core.compare.analysis.Schedule;
import dev.stackbench.core.compare.jvm.LoadSetup;
import dev.stackbench.core.load.LoadOptions;
import dev.stackbench.core.result.Metric;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.Workload;
import dev.stackbench.core.variant.ServerSource;
import dev.stackbench.core.variant.Variant;
import dev.stackbench.testing.ChecksBehaviour;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A planned comparison on CPU per request of the built-in stacks starts its JVMs without tiered compilation (cheaper
 * JVMs, the same steady level); every other comparison, and one whose options choose the compilation, is left as given.
 */
@ChecksBehaviour
class PlannedCompilationTest {

    private static final Variant BASE = Variant.of(Approach.WEBFLUX_NETTY, Workload.DATE);
    private static final Variant BURN = BASE.withLabel("burn").withProperty("stackbench.date.burn-micros", "1");

    @Test
    void aPlannedComparisonOnCpuPerRequestOfBuiltInStacksCompilesWithoutTiers() {
        var choice = PlannedCompilation.apply(comparison(planned(Metric.CPU_PER_REQUEST), List.of("-Xss1m")), false);

        assertThat(choice.comparison().jvmOptions()).containsExactly("-Xss1m", PlannedCompilation.WITHOUT_TIERS);
        assertThat(choice.words()).contains("without tiered compilation").contains("--tiered");
        // the option reaches each variant's JVM, after the comparison's other options and before a variant's own
        assertThat(VariantCommand.jvmOptions(choice.comparison(), BURN)).endsWith(PlannedCompilation.WITHOUT_TIERS);
    }

    @Test
    void serverCpuPerRequestAloneIsCpuPerRequestToo() {
        assertThat(PlannedCompilation.apply(comparison(planned(Metric.SERVER_CPU_PER_REQUEST), List.of()), false)
                        .comparison()
                        .jvmOptions())
                .containsExactly(PlannedCompilation.WITHOUT_TIERS);
    }

    @Test
    void tieredIsKeptWhenAskedForOrWhenTheQuestionIsNotCpuPerRequestAlone() {
        assertUnchanged(comparison(planned(Metric.CPU_PER_REQUEST), List.of()), true);
        assertUnchanged(comparison(planned(Metric.RPS), List.of()), false);
        assertUnchanged(comparison(planned(Metric.CPU_PER_REQUEST, Metric.P99), List.of()), false);
        assertUnchanged(comparison(byHand(), List.of()), false);
    }

    @Test
    void anOptionThatChoosesTheCompilationLeavesItToTheUser() {
        assertUnchanged(comparison(planned(Metric.CPU_PER_REQUEST), List.of("-XX:TieredStopAtLevel=1")), false);
        assertUnchanged(comparison(planned(Metric.CPU_PER_REQUEST), List.of("-Xint")), false);
        assertUnchanged(
                comparison(
                        List.of(BASE, BURN.withJvmOptions(List.of("-XX:+TieredCompilation"))),
                        planned(Metric.CPU_PER_REQUEST),
                        List.of()),
                false);
    }

    @Test
    void anApplicationsJvmsKeepTheirTiers() {
        var app = new Variant(
                "a",
                new ServerSource.Application(AppSpec.of(new AppSource.MainClass("com.example.Service"))),
                Map.of(),
                List.of());
        assertUnchanged(
                comparison(List.of(app, app.withLabel("b")), planned(Metric.CPU_PER_REQUEST), List.of()), false);
    }

    private static void assertUnchanged(Comparison comparison, boolean keepTiers) {
        var choice = PlannedCompilation.apply(comparison, keepTiers);
        assertThat(choice.comparison()).isSameAs(comparison);
        assertThat(choice.words()).isNull();
    }

    private static Comparison comparison(Design design, List<String> jvmOptions) {
        return comparison(List.of(BASE, BURN), design, jvmOptions);
    }

    private static Comparison comparison(List<Variant> variants, Design design, List<String> jvmOptions) {
        var load = LoadSetup.of(LoadOptions.builder().concurrency(50).build(), Map.of(), List.of(), Path.of(""));
        return new Comparison(variants, load, false, false, jvmOptions, design, null);
    }

    private static Design planned(Metric... deciding) {
        return Design.planned(
                0.03,
                Duration.ofMinutes(8),
                Design.TRIAL_WARMUP,
                Design.REHEARSALS,
                Schedule.TOGETHER,
                Design.CONFIDENCE,
                0.03,
                List.of(deciding),
                1);
    }

    private static Design byHand() {
        return new Design(
                3,
                4,
                Design.TIME_LIMIT,
                Duration.ZERO,
                0,
                3,
                Schedule.TOGETHER,
                0.95,
                0.02,
                List.of(Metric.CPU_PER_REQUEST),
                1);
    }
}
