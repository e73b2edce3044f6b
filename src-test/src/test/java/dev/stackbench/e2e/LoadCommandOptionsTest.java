package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.load.LoadOption;
import dev.stackbench.testing.ChecksBehaviour;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** load's options are made from LoadOption: each is on the command line with its help, and --scenario treats it by its scope. */
@ChecksBehaviour
class LoadCommandOptionsTest {

    @Test
    void everyLoadOptionIsOnTheCommandLineWithItsHelp() {
        Cli.Run help = Cli.run("load", "--help");

        assertThat(help.exitCode()).isZero();
        // picocli wraps the help to the terminal's width, also inside long words: compare without whitespace.
        String text = help.out().replaceAll("\\s+", "");
        for (LoadOption option : LoadOption.values()) {
            String names = String.join(",", option.cliNames())
                    + (option.kind() == LoadOption.Kind.FLAG ? "" : "=" + option.paramLabel());
            assertThat(text).as(option.id()).contains((names + option.help()).replaceAll("\\s+", ""));
        }
    }

    @Test
    void theHelpOfScenarioListsTheOptionsByWhatTheyDoToItsRuns() {
        String help = Cli.run("load", "--help").out().replaceAll("\\s+", " ");

        assertThat(help)
                .contains(
                        "--duration, --warmup, --timeout, --connect-timeout, --threads, --no-keep-alive, --http2, --tls, --insecure, --header, "
                                + "--workload-param, --server-property, --upstream, --start-times, --profile and --profile-keep-jfr apply to every run");
        assertThat(help)
                .contains(
                        "--workload, --url, --concurrency, --rate, --stages, --connections, --requests, --think-time, "
                                + "--app, --app-class, --app-process, --ready, --ready-timeout, --jvm-option, --web-server, --request and --label are the scenario's own");
    }

    /** Fast: a run's own option is refused before the scenario is read, an every-run one gets as far as choosing the runs. */
    @ParameterizedTest
    @EnumSource(LoadOption.class)
    void withAScenarioARunsOwnOptionIsRefusedAndAnEveryRunOptionAccepted(LoadOption option) {
        var args = new ArrayList<>(List.of("load", "--scenario", "seed-000", "--only", "nope", option.cliName()));
        args.addAll(sampleValue(option));

        Cli.Run run = Cli.run(args.toArray(String[]::new));

        assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
        if (option.scope() == LoadOption.Scope.RUN) {
            assertThat(run.err())
                    .startsWith("error: " + option.cliName()
                            + " does not apply with --scenario: each run of the scenario sets its own");
        } else {
            assertThat(run.err()).startsWith("error: seed-000: no run labelled 'nope'");
        }
    }

    /** Fast: a second service that cannot be told apart, or one for a server stackbench did not start, is refused before any starts. */
    @Test
    void anUpstreamIsRefusedBeforeAnyServerStarts() {
        Cli.Run notItsOwnThreads = Cli.run("load", "--approach", "loom-netty", "--upstream", "loom-tomcat:5");
        Cli.Run forAUrl = Cli.run("load", "--url", "http://127.0.0.1:1/", "--upstream", "webflux-netty");

        assertThat(notItsOwnThreads.exitCode()).isEqualTo(2);
        assertThat(notItsOwnThreads.err().strip())
                .isEqualTo("error: upstream approach loom-tomcat is not supported: only [webflux-netty], "
                        + "whose threads are all its own, so that its CPU can be told apart from the server's");
        assertThat(forAUrl.exitCode()).isEqualTo(2);
        assertThat(forAUrl.err().strip())
                .isEqualTo(
                        "error: --upstream applies to --approach (a second service, or self); a --url server makes its own calls");
    }

    /** The short aliases reach the same options as the long names. */
    @Test
    void aliasesAreTheSameOptions() {
        Cli.Run run = Cli.run("load", "--url", "http://127.0.0.1:1/", "-r", "10", "-c", "5");

        assertThat(run.err().strip())
                .isEqualTo(
                        "error: choose one of --concurrency (closed model), --rate (open model) and --stages (ramps)");
        assertThat(Arrays.stream(LoadOption.values())
                        .filter(option -> option.cliNames().size() > 1)
                        .map(LoadOption::id))
                .containsExactly("concurrency", "rate", "duration", "requests", "headers");
    }

    private static List<String> sampleValue(LoadOption option) {
        return switch (option.kind()) {
            case INT, LONG, NUMBER -> List.of("2");
            case DURATION, WARMUP, THINK_TIME -> List.of("1s");
            case STAGES -> List.of("1s:1");
            case FLAG -> List.of();
            case HEADERS -> List.of("X-Sample: 1");
        };
    }
}
