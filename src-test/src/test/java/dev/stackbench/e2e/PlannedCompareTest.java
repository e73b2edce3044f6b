package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.compare.ComparisonResult;
import dev.stackbench.core.compare.Design;
import dev.stackbench.core.compare.analysis.Schedule;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.testing.ChecksBehaviour;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A comparison planned from {@code --detect} alone, through the real jar: its pilot first, then the plan its trials make.
 * (Generations of JVMs from one AOT cache: {@link JvmGenerationsTest}.)
 */
@ChecksBehaviour
class PlannedCompareTest {

    @TempDir
    Path temp;

    /**
     * Short trials of one approach against its own A/A copy, its users thinking between requests so that no trial takes
     * the machine: what is checked is the design's course, not a verdict.
     */
    private static final List<String> SHORT = List.of(
            "--variant",
            "platform-tomcat",
            "--aa",
            "--concurrency",
            "4",
            "--think-time",
            "10ms",
            "--warmup",
            "200ms",
            "--trial-warmup",
            "200ms",
            "--duration",
            "300ms",
            "--rehearsals",
            "0",
            "--seed",
            "1");

    /** compare with {@link Cli#variantsQuickJit}, {@link #SHORT} and {@code more}. */
    static String[] compare(String... more) {
        return compare(Cli.variantsQuickJit(), more);
    }

    /** compare with the variants' {@code --jvm-option}s given, {@link #SHORT} and {@code more}. */
    static String[] compare(List<String> jvmOptions, String... more) {
        return Stream.of(Stream.of("compare"), jvmOptions.stream(), SHORT.stream(), Stream.of(more))
                .flatMap(each -> each)
                .toArray(String[]::new);
    }

    @Test
    void detectAloneRunsAPilotAndFollowsThePlanItsTrialsMake() throws Exception {
        Path out = temp.resolve("planned");
        // On CPU per request, and neither --together nor --in-turns: the plan chooses to run together.
        String[] args =
                compare("--detect", "30%", "--metric", "cpuPerRequest", "--time-limit", "90s", "--out", out.toString());

        // A home of its own: no pilot of this kind kept before it, and the one it keeps is read back below.
        Path home = temp.resolve("home");
        Cli.Run run = Cli.jar(Duration.ofMinutes(8), Map.of("STACKBENCH_HOME", home.toString()), args);

        assertThat(run.exitCode()).as(run.out() + run.err()).isIn(0, 3);
        // Before any JVM starts, it says where its plan will come from.
        assertThat(run.err().indexOf("Up front:     no pilot of this kind kept for this machine"))
                .isNotNegative()
                .isLessThan(run.err().indexOf("starting "));
        assertThat(run.err())
                .contains("a pilot of " + Design.PILOT_FORKS + " JVMs per variant")
                .contains(Schedule.TOGETHER.words() + " (the plan's choice for CPU per request, unless --in-turns)")
                .contains("Pilot:        cpuPerRequest, 2 variants, " + Design.PILOT_FORKS + " JVMs each, "
                        + Design.PILOT_TRIALS + " trials per JVM")
                .contains("Plan:         ");
        // The plan is made from the pilot's trials before any look decides anything.
        assertThat(run.err().indexOf("Pilot:")).isLessThan(run.err().indexOf("(look 1 of"));
        ComparisonResult result = Results.comparison(out);
        assertThat(result.design().planned()).isTrue();
        assertThat(result.design().detect()).isEqualTo(0.30);
        assertThat(result.design().schedule()).isEqualTo(Schedule.TOGETHER);
        assertThat(result.variants()).hasSizeGreaterThanOrEqualTo(2 * Design.PILOT_FORKS);
        assertThat(result.rounds()).hasSizeGreaterThanOrEqualTo(Design.PILOT_TRIALS);
        // Its pilot is kept for the next comparison of its kind on this machine, under the machine's fingerprint.
        JsonNode kept = ResultFiles.json().readTree(home.resolve("pilots.json").toFile());
        assertThat(kept).hasSize(1);
        assertThat(kept.get(0).get("machine").asString())
                .isEqualTo(result.machine().id());
        assertThat(kept.get(0).get("kind").asString())
                .startsWith("cpuPerRequest, together, 2 variants of platform-tomcat serving date, closed: 4 users")
                .endsWith(", JVM options " + String.join(" ", Cli.variantJvmOptions()));
        assertThat(kept.get(0).get("jvms").asInt())
                .as("pooled over both variants")
                .isEqualTo(2 * Design.PILOT_FORKS);
    }
    /**
     * A planned pilot of which not even one JVM per variant fits with its rounds (6 JVMs to start, a time limit of 10 s):
     * it stops after the first warm-up, as a design by hand does, and says what a pilot of one JVM per variant would
     * need, not "fewer JVMs", which a plan does not take.
     */
    @Test
    void aPilotNotOneJvmPerVariantOfWhichFitsStopsSayingWhatOneWouldNeed() throws Exception {
        Path out = temp.resolve("pilot-out-of-time");
        Cli.Run run = Cli.jar(
                Duration.ofMinutes(4),
                Map.of("STACKBENCH_HOME", temp.resolve("home-out-of-time").toString()),
                compare("--detect", "30%", "--time-limit", "10s", "--out", out.toString()));

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err())
                .doesNotContain("per variant fit: stopping the other")
                .containsPattern("stopping here, with nothing measured \\(give fewer variants, or a --time-limit of at"
                        + " least [1-9][0-9]*m: a pilot of one JVM per variant at this pace and its 3 rounds\\)");
        assertThat(Results.comparison(out).rounds()).isEmpty();
    }

    /**
     * A time limit that two JVMs cannot warm up in (4 s each, 10 s in all, their starts included; a planned pilot's
     * six are the same case): once the first is warm, the second at that pace and a round would end after the limit,
     * so it stops there and says so, instead of spending the time on warm-ups that no round follows (a check on Zipkin
     * spent its 10 minutes so and measured nothing).
     */
    @Test
    void aTimeLimitTheWarmupsCannotFitStopsAfterTheFirstWarmupSayingWhy() throws Exception {
        Path out = temp.resolve("out-of-time");
        var args = new ArrayList<>(List.of("compare"));
        args.addAll(Cli.variantsQuickJit());
        args.addAll(List.of("--variant", "platform-tomcat", "--aa"));
        args.addAll(List.of("--concurrency", "4", "--think-time", "10ms", "--warmup", "4s", "--duration", "300ms"));
        args.addAll(List.of("--time-limit", "10s", "--out", out.toString()));

        Cli.Run run = Cli.jar(Duration.ofMinutes(4), args.toArray(String[]::new));

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err().lines().filter(line -> line.startsWith("warmed up ")))
                .as("warm-ups before it stopped")
                .hasSize(1);
        assertThat(run.err())
                .contains("time limit: 1 of 2 JVMs warmed up in ")
                .contains("stopping here, with nothing measured")
                // what would fit, from the pace seen: more than the limit given
                .containsPattern("or a --time-limit of at least [1-9][0-9]*m: these warm-ups at this pace and the 5"
                        + " round\\(s\\) of the first look");
        // The summary says it too (a quiet run prints no progress).
        assertThat(run.out()).contains("WARNING: time limit: 1 of 2 JVMs warmed up in ");
        ComparisonResult result = Results.comparison(out);
        assertThat(result.rounds()).isEmpty();
        assertThat(result.stopped()).isEqualTo(ComparisonResult.Stop.TIME);
    }
}
