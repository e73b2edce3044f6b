package dev.stackbench.core.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Duration;

import org.junit.jupiter.api.Test;

/** Options remember "unset": the top layer wins field by field, the defaults apply once, at the end. */
class LoadOptionsTest {

    static final URI TARGET = URI.create("http://127.0.0.1:8080/date");

    @Test
    void nothingGivenIsLoadsDefaults() {
        LoadRun run = LoadOptions.NONE.toRun(TARGET, null, LoadOptions.CLI_NAMES);

        assertThat(run.profile()).isEqualTo(new LoadProfile.Closed(LoadDefaults.CONCURRENCY, ThinkTime.NONE, LoadDefaults.DURATION,
                java.util.OptionalLong.empty()));
        assertThat(run.warmup()).isEqualTo(LoadDefaults.WARMUP);
        assertThat(run.keepAlive()).isTrue();
        assertThat(run.responseTimeout()).isEqualTo(LoadDefaults.RESPONSE_TIMEOUT);
    }

    @Test
    void theTopLayerWinsFieldByFieldAndKeepsTheRest() {
        var file = new LoadOptions(1000, null, null, null, "20s", null, "5s", null, null, null, true, null, null);

        LoadRun run = file.overriddenBy(LoadOptions.durations("2s", null)).toRun(TARGET, null, LoadOptions.FILE_NAMES);

        assertThat(run.profile()).isEqualTo(new LoadProfile.Closed(1000, ThinkTime.NONE, Duration.ofSeconds(2), java.util.OptionalLong.empty()));
        assertThat(run.warmup()).isEqualTo(Duration.ofSeconds(5));
        assertThat(run.keepAlive()).isFalse();
    }

    @Test
    void choosingAModelOnTopReplacesTheModelBelow() {
        var defaults = new LoadOptions(1000, null, null, null, "20s", null, null, null, null, null, null, null, null);
        var run = new LoadOptions(null, 600.0, null, null, null, null, null, null, null, null, null, null, null);

        LoadProfile profile = defaults.overriddenBy(run).profile(LoadOptions.FILE_NAMES);

        assertThat(profile).isEqualTo(new LoadProfile.Open(600, Duration.ofSeconds(20)));
    }

    @Test
    void aDurationOverStagesCompressesThemKeepingTheirShapeAndTheirWarmupShare() {
        var spike = new LoadOptions(null, null, "24s:4000,6s:0", null, null, null, "3s", "1s..3s", null, null, null, null, null);

        LoadOptions shortened = spike.overriddenBy(LoadOptions.durations("3s", null));

        assertThat(shortened.stages()).isEqualTo("2400ms:4000,600ms:0");
        assertThat(shortened.warmup()).isEqualTo("300ms");
        assertThat(shortened.profile(LoadOptions.FILE_NAMES)).isInstanceOf(LoadProfile.RampingUsers.class);
        assertThat(shortened.length(LoadOptions.FILE_NAMES)).isEqualTo(Duration.ofSeconds(3));
    }

    @Test
    void stagesStartWithoutWarmupUnlessGiven() {
        var stages = new LoadOptions(null, null, "10s:50/s", null, null, null, null, null, null, null, null, null, null);

        assertThat(stages.toRun(TARGET, null, LoadOptions.CLI_NAMES).warmup()).isZero();
    }

    @Test
    void messagesNameTheOptionAsTheUserWroteIt() {
        var bad = new LoadOptions(null, 10.0, null, null, null, null, null, "1s", null, null, null, null, null);

        assertThatThrownBy(() -> bad.profile(LoadOptions.CLI_NAMES))
                .hasMessage("--think-time and --requests apply to the closed model, not to a rate");
        assertThatThrownBy(() -> bad.profile(LoadOptions.FILE_NAMES))
                .isInstanceOfSatisfying(LoadOptions.InvalidOption.class, e -> assertThat(e.option()).isEqualTo("think-time"))
                .hasMessage("think-time and requests apply to the closed model, not to a rate");
        var soon = new LoadOptions(5, null, null, null, "soon", null, null, null, null, null, null, null, null);
        assertThatThrownBy(() -> soon.profile(LoadOptions.FILE_NAMES))
                .isInstanceOfSatisfying(LoadOptions.InvalidOption.class, e -> assertThat(e.option()).isEqualTo("duration"))
                .hasMessage("'soon' is not a duration; write e.g. 500ms, 30s, 1m30s or 2h");
    }

    @Test
    void aWarmupAsLongAsTheStagesIsRefusedNamingWarmup() {
        var stages = new LoadOptions(null, null, "2s:10", null, null, null, "2s", null, null, null, null, null, null);

        assertThatThrownBy(() -> stages.toRun(TARGET, null, LoadOptions.FILE_NAMES))
                .isInstanceOfSatisfying(LoadOptions.InvalidOption.class, e -> assertThat(e.option()).isEqualTo("warmup"))
                .hasMessage("warmup of 2s leaves nothing to measure of 2s of stages");
    }
}
