package dev.stackbench.core.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stackbench.core.vocabulary.Stages;
import dev.stackbench.core.vocabulary.ThinkTime;
import dev.stackbench.testing.ChecksBehaviour;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Options remember "unset": the top layer wins field by field, the defaults apply once, at the end. */
@ChecksBehaviour
class LoadOptionsTest {

    static final URI TARGET = URI.create("http://127.0.0.1:8080/date");

    @Test
    void nothingGivenIsLoadsDefaults() {
        LoadRun run = LoadOptions.NONE.toRun(TARGET, null, LoadOption.Naming.COMMAND_LINE);

        assertThat(run.profile())
                .isEqualTo(new LoadProfile.Closed(
                        LoadDefaults.CONCURRENCY,
                        ThinkTime.NONE,
                        LoadDefaults.DURATION,
                        java.util.OptionalLong.empty()));
        assertThat(run.warmupPolicy()).isEqualTo(new Warmup.UntilSteady(LoadDefaults.WARMUP_CAP));
        assertThat(run.keepAlive()).isTrue();
        assertThat(run.responseTimeout()).isEqualTo(LoadDefaults.RESPONSE_TIMEOUT);
    }

    @Test
    void theWarmupIsAutoACappedAutoOrADuration() {
        var auto = LoadOptions.builder().warmup("auto").build().toRun(TARGET, null, LoadOption.Naming.COMMAND_LINE);
        assertThat(auto.warmupPolicy()).isEqualTo(Warmup.untilSteady());
        var capped = LoadOptions.builder()
                .rate(100.0)
                .warmup("auto:20s")
                .build()
                .toRun(TARGET, null, LoadOption.Naming.COMMAND_LINE);
        assertThat(capped.warmupPolicy()).isEqualTo(new Warmup.UntilSteady(Duration.ofSeconds(20)));
        var fixed = LoadOptions.builder().warmup("5s").build().toRun(TARGET, null, LoadOption.Naming.COMMAND_LINE);
        assertThat(fixed.warmupPolicy()).isEqualTo(new Warmup.Fixed(Duration.ofSeconds(5)));
        var stages =
                LoadOptions.builder().stages("1s:10,2s:10").build().toRun(TARGET, null, LoadOption.Naming.COMMAND_LINE);
        assertThat(stages.warmupPolicy()).isEqualTo(new Warmup.Fixed(Duration.ZERO));

        assertThatThrownBy(() -> LoadOptions.builder()
                        .warmup("soon")
                        .build()
                        .toRun(TARGET, null, LoadOption.Naming.COMMAND_LINE))
                .hasMessage("'soon' is neither auto, auto:CAP nor a duration (e.g. 30s)");
        assertThatThrownBy(() -> LoadOptions.builder()
                        .stages("1s:10,2s:10")
                        .warmup("auto")
                        .build()
                        .toRun(TARGET, null, LoadOption.Naming.COMMAND_LINE))
                .hasMessageStartingWith("warmup auto needs a constant load (concurrency or rate)");
    }

    @Test
    void theTopLayerWinsFieldByFieldAndKeepsTheRest() {
        var file = LoadOptions.builder()
                .concurrency(1000)
                .duration("20s")
                .warmup("5s")
                .noKeepAlive(true)
                .build();

        LoadRun run = LoadOptions.builder()
                .duration("2s")
                .parent(file)
                .build()
                .toRun(TARGET, null, LoadOption.Naming.SCENARIO_FILE);

        assertThat(run.profile())
                .isEqualTo(new LoadProfile.Closed(
                        1000, ThinkTime.NONE, Duration.ofSeconds(2), java.util.OptionalLong.empty()));
        assertThat(run.warmup()).isEqualTo(Duration.ofSeconds(5));
        assertThat(run.keepAlive()).isFalse();
    }

    @Test
    void choosingAModelOnTopReplacesTheModelBelow() {
        var defaults = LoadOptions.builder().concurrency(1000).duration("20s").build();
        var run = LoadOptions.builder().rate(600).build();

        LoadProfile profile = defaults.overriddenBy(run).profile(LoadOption.Naming.SCENARIO_FILE);

        assertThat(profile).isEqualTo(new LoadProfile.Open(600, Duration.ofSeconds(20)));
    }

    @Test
    void aDurationOverStagesCompressesThemKeepingTheirShapeAndTheirWarmupShare() {
        var spike = LoadOptions.builder()
                .stages("24s:4000,6s:0")
                .warmup("3s")
                .thinkTime("1s..3s")
                .build();

        LoadOptions shortened =
                spike.overriddenBy(LoadOptions.builder().duration("3s").build());

        assertThat(shortened.stages())
                .isEqualTo(Stages.parse("2400ms:4000,600ms:0"))
                .hasToString("2400ms:4000,600ms:0");
        assertThat(shortened.warmup()).isEqualTo(Warmup.parse("300ms")).hasToString("300ms");
        assertThat(shortened.profile(LoadOption.Naming.SCENARIO_FILE)).isInstanceOf(LoadProfile.RampingUsers.class);
        assertThat(shortened.length(LoadOption.Naming.SCENARIO_FILE)).isEqualTo(Duration.ofSeconds(3));
    }

    @Test
    void stagesStartWithoutWarmupUnlessGiven() {
        var stages = LoadOptions.builder().stages("10s:50/s").build();

        assertThat(stages.toRun(TARGET, null, LoadOption.Naming.COMMAND_LINE).warmup())
                .isZero();
    }

    @Test
    void messagesNameTheOptionAsTheUserWroteIt() {
        var bad = LoadOptions.builder().rate(10).thinkTime("1s").build();

        assertThatThrownBy(() -> bad.profile(LoadOption.Naming.COMMAND_LINE))
                .hasMessage("--think-time and --requests apply to the closed model, not to a rate");
        assertThatThrownBy(() -> bad.profile(LoadOption.Naming.SCENARIO_FILE))
                .isInstanceOfSatisfying(
                        LoadOptions.InvalidOption.class,
                        e -> assertThat(e.option()).isEqualTo(LoadOption.THINK_TIME))
                .hasMessage("think-time and requests apply to the closed model, not to a rate");
        // Text is read where it comes in: a bad duration is refused as it is given, naming its option.
        assertThatThrownBy(() -> LoadOptions.builder().concurrency(5).duration("soon"))
                .isInstanceOfSatisfying(
                        LoadOptions.InvalidOption.class,
                        e -> assertThat(e.option()).isEqualTo(LoadOption.DURATION))
                .hasMessage("'soon' is not a duration; write e.g. 500ms, 30s, 1m30s or 2h");
    }

    @Test
    void aWarmupAsLongAsTheStagesIsRefusedNamingWarmup() {
        var stages = LoadOptions.builder().stages("2s:10").warmup("2s").build();

        assertThatThrownBy(() -> stages.toRun(TARGET, null, LoadOption.Naming.SCENARIO_FILE))
                .isInstanceOfSatisfying(
                        LoadOptions.InvalidOption.class,
                        e -> assertThat(e.option()).isEqualTo(LoadOption.WARMUP))
                .hasMessage("warmup of 2s leaves nothing to measure of 2s of stages");
    }

    @Test
    void aParentFillsOnlyWhatIsNotGiven() {
        var parent =
                LoadOptions.builder().concurrency(10).duration("20s").threads(2).build();

        LoadOptions child =
                LoadOptions.builder().duration("5s").http2(true).parent(parent).build();

        assertThat(child)
                .isEqualTo(LoadOptions.builder()
                        .concurrency(10)
                        .duration("5s")
                        .threads(2)
                        .http2(true)
                        .build())
                .isEqualTo(parent.overriddenBy(
                        LoadOptions.builder().duration("5s").http2(true).build()));
        assertThat(child.isGiven(LoadOption.RATE)).isFalse();
        assertThat(child.toString()).isEqualTo("{concurrency=10, duration=5s, threads=2, http2=true}");
    }

    /** https:// targets: TLS on the scheme's default port 443 unless given; insecure only when asked. */
    @Test
    void anHttpsTargetIsTlsOnPort443UnlessGivenAndVerifiesCertificatesUnlessInsecure() {
        LoadRun verified =
                LoadOptions.NONE.toRun(URI.create("https://example.test/date"), null, LoadOption.Naming.COMMAND_LINE);
        LoadRun insecure = LoadOptions.builder()
                .insecure(true)
                .build()
                .toRun(URI.create("https://127.0.0.1:8443/date"), null, LoadOption.Naming.COMMAND_LINE);
        LoadRun cleartext = LoadOptions.NONE.toRun(TARGET, null, LoadOption.Naming.COMMAND_LINE);

        assertThat(verified.isTls()).isTrue();
        assertThat(verified.port()).isEqualTo(443);
        assertThat(verified.insecure()).isFalse();
        assertThat(insecure.port()).isEqualTo(8443);
        assertThat(insecure.insecure()).isTrue();
        assertThat(cleartext.isTls()).isFalse();
        assertThat(LoadRun.of(URI.create("http://example.test/")).port()).isEqualTo(80);
        assertThatThrownBy(() -> LoadRun.of(URI.create("ftp://example.test/")))
                .hasMessage("target must be an http:// or https:// URL with a host, got 'ftp://example.test/'");
    }

    @Test
    void aValueOfTheWrongTypeIsRefusedNamingTheOption() {
        assertThatThrownBy(() -> LoadOptions.builder().set(LoadOption.CONCURRENCY, "many"))
                .hasMessage("concurrency takes Integer values, got String 'many'");
        assertThat(LoadOptions.builder()
                        .set(LoadOption.RATE, 5.0)
                        .set(LoadOption.RATE, null)
                        .build())
                .isEqualTo(LoadOptions.NONE);
    }

    @Test
    void eachOptionIsNamedAsTypedAndItsHelpSaysWhichModelItAppliesTo() {
        assertThat(LoadOption.THINK_TIME.id()).isEqualTo("think-time");
        assertThat(LoadOption.Naming.COMMAND_LINE.of(LoadOption.NO_KEEP_ALIVE)).isEqualTo("--no-keep-alive");
        assertThat(LoadOption.CONCURRENCY.cliNames()).containsExactly("-c", "--concurrency");
        // Repeatable, so singular on the command line, as curl's; plural as a scenario file's mapping.
        assertThat(LoadOption.HEADERS.cliNames()).containsExactly("-H", "--header");
        assertThat(LoadOption.HEADERS.id()).isEqualTo("headers");
        assertThat(LoadOption.CONCURRENCY.help())
                .isEqualTo("Closed model: N virtual users (default: " + LoadDefaults.CONCURRENCY + ").");
        assertThat(LoadOption.CONNECTIONS.help()).startsWith("Open model: cap on connections");
        assertThat(LoadOption.DURATION.help()).isEqualTo("Measured duration (default: 30s).");
        assertThat(LoadOption.values())
                .filteredOn(option -> option.models().size() == 1)
                .extracting(LoadOption::id)
                .containsExactly("concurrency", "rate", "connections", "requests", "think-time");
    }
}
