package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.core.machine.Machine;
import dev.stackbench.core.machine.MachineStore;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.RunningServer;
import dev.stackbench.core.server.ServerSpec;
import dev.stackbench.core.server.Workload;
import dev.stackbench.testing.ChecksBehaviour;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The load command as users type it: bad input, thresholds, outputs, progress. */
@ChecksBehaviour
class LoadCommandTest {

    @TempDir
    Path temp;

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "load --rate 10                                              | give one of --approach (a server started in-process), --url (any server) and --app or --app-class (your application), not none",
                "load --url http://127.0.0.1:1/ --approach loom-netty        | give one of --approach (a server started in-process), --url (any server) and --app or --app-class (your application), not several",
                "load --url http://127.0.0.1:1/ --rate 10 --concurrency 5    | choose one of --concurrency (closed model), --rate (open model) and --stages (ramps)",
                "load --url http://127.0.0.1:1/ --rate -5                    | rate must be a positive number of requests per second, got -5.0",
                "load --url http://127.0.0.1:1/ --duration soon              | 'soon' is not a duration; write e.g. 500ms, 30s, 1m30s or 2h",
                "load --url http://127.0.0.1:1/ --stages 10s:5,1s:3/s         | stages mix users and rates ('1s:3/s'); use N for users or N/s for rates throughout",
                "load --url http://127.0.0.1:1/ --rate 10 --think-time 1s    | --think-time and --requests apply to the closed model, not to a rate",
                "load --url http://127.0.0.1:1/ --connections 10             | --connections applies to the open model; the closed model uses one connection per user",
                "load --url http://127.0.0.1:1/ --threshold p99<fast          | threshold 'p99<fast' is not METRIC[{name=REQUEST}] OP VALUE, e.g. p99<250ms, errors<1%, rps>1000, p99{name=post-movies}<250ms, nor one of rate-reached, generator-not-saturated",
                "load --url http://127.0.0.1:1/ --threshold p99{name=x}<1s    | threshold 'p99{name=x}<1s' names requests 'x', but the run's requests are named get",
                "load --url http://127.0.0.1:1/ --header Content-Length:5     | header Content-Length is set by the generator itself (it frames every request: the length comes from the body)",
                "load --url http://127.0.0.1:1/ --header X-A                  | header 'X-A' is not 'Name: value', e.g. 'Authorization: Bearer abc'",
                "load --url ftp://example.org/                               | target must be an http:// or https:// URL with a host, got 'ftp://example.org/'",
                "load --approach loom-netty --workload-param depth=2         | unknown workload parameter 'depth' for date; known: delayMillis, callDepth",
                "load --approach loom-jetty                                  | Invalid value for option '--approach': unknown approach 'loom-jetty'; expected one of: platform-tomcat, loom-tomcat, async-tomcat, commonpool-tomcat, elastic-tomcat, loom-netty, webflux-netty, elastic-netty",
                "load --url http://127.0.0.1:1/ --concurrency many           | Invalid value for option '--concurrency': 'many' is not an int"
            })
    void badInputIsOneLineNamingTheProblemWithExitCode2(String commandLine, String message) {
        Cli.Run run = Cli.run(commandLine.trim().split("\\s+"));

        assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
        assertThat(run.err().lines()).singleElement().asString().isEqualTo("error: " + message);
        assertThat(run.out()).isEmpty();
    }

    @Test
    void aBadOutputDirectoryIsRefusedBeforeTheRun() throws Exception {
        Path file = Files.writeString(temp.resolve("not-a-directory"), "x");

        Cli.Run run = Cli.run(
                "load",
                "--url",
                "http://127.0.0.1:1/",
                "--out",
                file.resolve("sub").toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err().lines())
                .singleElement()
                .asString()
                .startsWith("error: cannot write results into " + file.resolve("sub"));
    }

    /** A 50 ms delay makes p50 at least 50 ms on any machine: one threshold must fail, the other hold. */
    @Test
    void thresholdsDecideTheExitCodeAndSayWhichWasCrossed() {
        Path out = temp.resolve("run");
        Cli.Run run = Cli.run(
                "load",
                "--approach",
                "webflux-netty",
                "--workload-param",
                "delayMillis=50",
                "--concurrency",
                "4",
                "--duration",
                "2s",
                "--warmup",
                "1s",
                "--out",
                out.toString(),
                "--threshold",
                "p50<10ms",
                "--threshold",
                "p50>=50ms",
                "--threshold",
                "errors<1%");

        assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
        assertThat(run.err().lines().filter(line -> line.startsWith("FAILED:")))
                .singleElement()
                .asString()
                .startsWith("FAILED: threshold p50<10ms crossed: p50 was ");
        // live progress: one line per second of warm-up and run, on stderr
        assertThat(run.err().lines().filter(line -> line.matches("\\[\\s*\\d+\\.\\ds\\] (warmup|measured) .*")))
                .hasSize(3);
        assertThat(run.out()).contains("Latency (ms), ok requests", "p99.99", "Throughput:");
        // Where it ran: the machine said before the run, and in the summary with its calibration.
        Machine here = MachineStore.standard().current();
        assertThat(run.err()).contains("machine: " + here.words());
        assertThat(run.out())
                .contains(
                        "Machine:      " + here.words(),
                        "calibration " + here.calibration().words());
        assertThat(out)
                .isDirectoryContaining("glob:**/result.json")
                .isDirectoryContaining("glob:**/timeline.csv")
                .isDirectoryContaining("glob:**/latency.hlog")
                .isDirectoryContaining("glob:**/latency.hgrm");
    }

    /**
     * One generator thread cannot send a million requests a second (1 µs each; its own CPU per request is several
     * µs): rate-reached fails and says how far short it was. That a hundred a second it reaches, exactly, is
     * RateReachedTest's: it holds only with the machine to itself.
     */
    @Test
    void rateReachedFailsWhenTheGeneratorCannotSendTheRate() {
        Cli.Run unreachable = Cli.run(
                "load",
                "--approach",
                "webflux-netty",
                "--rate",
                "1000000",
                "--threads",
                "1",
                "--duration",
                "1s",
                "--warmup",
                "0s",
                "--timeout",
                "1s",
                "--quiet",
                "--threshold",
                "rate-reached");

        assertThat(unreachable.exitCode()).as(unreachable.err()).isEqualTo(1);
        assertThat(unreachable.err().lines().filter(line -> line.startsWith("FAILED:")))
                .singleElement()
                .asString()
                .startsWith("FAILED: threshold rate-reached crossed: ")
                .contains("requests/s sent of 1000000 asked: rate NOT reached");
        assertThat(unreachable.out()).contains("WARNING: the rate was not reached: ");
    }

    @Test
    void quietMeansNoProgressAndThePassingThresholdsSaySo() {
        Cli.Run run = Cli.run(
                "load",
                "--approach",
                "loom-tomcat",
                "--rate",
                "50",
                "--duration",
                "1s",
                "--warmup",
                "0s",
                "--quiet",
                "--threshold",
                "errors==0");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).isEmpty();
        assertThat(run.out())
                .contains(
                        "Latency from intended start (ms)",
                        "Service time from actual send (ms)",
                        "Thresholds:   all 1 held");
    }

    /** A mix given by hand drives the crud workload: creates, then reads and deletes of the created ids. */
    @Test
    void aUserGivenMixIsSent() throws Exception {
        Path contact = Files.writeString(
                temp.resolve("contact.json"),
                "{\"firstName\":\"Ada\",\"lastName\":\"L\",\"email\":\"ada@example.org\"}");

        Cli.Run run = Cli.run(
                "load",
                "--approach",
                "loom-netty",
                "--workload",
                "crud",
                "--request",
                "40:POST:/contacts:@" + contact,
                "--request",
                "50:GET:/contacts/{id}",
                "--request",
                "10:DELETE:/contacts/{id}",
                "--concurrency",
                "4",
                "--duration",
                "1s",
                "--warmup",
                "0s",
                "--quiet",
                "--threshold",
                "errors==0",
                "--threshold",
                "rps>0",
                "--out",
                temp.resolve("mix").toString());

        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(Files.readString(temp.resolve("mix/result.json")))
                .contains("\"path\" : \"/contacts/{id}\"", "\"method\" : \"DELETE\"");
        Cli.Run bad = Cli.run("load", "--url", "http://127.0.0.1:1/", "--request", "GET:/x");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err().lines())
                .singleElement()
                .asString()
                .isEqualTo(
                        "error: request 'GET:/x' is not [NAME=]WEIGHT:METHOD:PATH[:@BODY_FILE][;Header: value]..., e.g. 75:GET:/movies?director=Allen");
    }

    /** --http2 switches HTTP/2 on in the in-process server too; any HTTP/1.1 answer would count as a protocol error. */
    @ParameterizedTest
    @CsvSource({"platform-tomcat", "webflux-netty"})
    void http2CleartextWorksOnBothStacks(String approach) {
        Cli.Run run = Cli.run(
                "load",
                "--approach",
                approach,
                "--http2",
                "--concurrency",
                "4",
                "--think-time",
                "20ms",
                "--duration",
                "1s",
                "--warmup",
                "0s",
                "--quiet",
                "--threshold",
                "errors==0",
                "--threshold",
                "rps>0");

        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains("HTTP/2 cleartext");
    }

    /** --tls: the in-process server listens with TLS on both stacks; --http2 then negotiates h2 by ALPN. */
    @ParameterizedTest
    @CsvSource({"platform-tomcat", "webflux-netty"})
    void tlsWithH2ByAlpnWorksOnBothStacks(String approach) {
        Cli.Run run = Cli.run(
                "load",
                "--approach",
                approach,
                "--tls",
                "--insecure",
                "--http2",
                "--concurrency",
                "4",
                "--think-time",
                "20ms",
                "--duration",
                "1s",
                "--warmup",
                "0s",
                "--quiet",
                "--threshold",
                "errors==0",
                "--threshold",
                "rps>0");

        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains("Target:       https://127.0.0.1:", "HTTP/2 over TLS (h2 by ALPN)");
    }

    /** --tls belongs to an in-process server, --insecure to a TLS target: each misplaced is one line and exit code 2. */
    @Test
    void tlsOptionsWhereTheyMeanNothingAreRefused() {
        Cli.Run tlsWithUrl = Cli.run("load", "--url", "https://127.0.0.1:1/", "--tls");
        Cli.Run insecureOnHttp = Cli.run("load", "--url", "http://127.0.0.1:1/", "--insecure");
        Cli.Run ftp = Cli.run("load", "--url", "ftp://127.0.0.1:1/");

        assertThat(tlsWithUrl.exitCode()).isEqualTo(2);
        assertThat(tlsWithUrl.err().lines())
                .singleElement()
                .asString()
                .isEqualTo(
                        "error: --tls starts an in-process server (--approach) with TLS; to drive a server over TLS with --url, give an https:// URL");
        assertThat(insecureOnHttp.exitCode()).isEqualTo(2);
        assertThat(insecureOnHttp.err().lines())
                .singleElement()
                .asString()
                .isEqualTo("error: --insecure applies to TLS: give an https:// --url, or --tls with --approach");
        assertThat(ftp.exitCode()).isEqualTo(2);
        assertThat(ftp.err().lines()).singleElement().asString().contains("http:// or https:// URL");
    }

    /** The OS's open-files limit, lowered for one child process, is named rather than hidden in errors. */
    @Test
    void anOpenFilesLimitIsNamedWhenItStopsNewConnections() throws Exception {
        try (var servers = new Servers()) {
            RunningServer server = servers.start(ServerSpec.of(Approach.WEBFLUX_NETTY, Workload.DATE));
            String url = server.baseUri().resolve("date?delayMillis=500").toString();

            // More users than files: refused before the run, naming the limit.
            Limited refused = underFileLimit(
                    400, "load", "--url", url, "--concurrency", "600", "--duration", "2s", "--warmup", "0s");
            assertThat(refused.exitCode()).isEqualTo(2);
            assertThat(refused.stderr())
                    .startsWith(
                            "error: concurrency of 600 users cannot run here: 600 connections need about 600 open files")
                    .contains("raise the limit (e.g. ulimit -n 65536) or lower --concurrency");

            // The open model opens connections only as the server falls behind: a warning first, then the limit named
            // when it strikes.
            Limited open = underFileLimit(
                    400,
                    "load",
                    "--url",
                    url,
                    "--rate",
                    "1200",
                    "--connections",
                    "600",
                    "--duration",
                    "2s",
                    "--warmup",
                    "0s",
                    "--timeout",
                    "5s");
            assertThat(open.exitCode()).isZero();
            assertThat(open.stderr())
                    .contains(
                            "WARNING: 600 connections need about 600 open files, but this process may open 400 (ulimit -n)")
                    .contains("WARNING: the OS limit on open files (ulimit -n 400) stopped new connections: raise it");
            assertThat(open.stdout()).contains("connect=");
        }
    }

    private record Limited(int exitCode, String stdout, String stderr) {}

    /** The real jar in a shell whose open-files limit is {@code files}. */
    private Limited underFileLimit(int files, String... arguments) throws Exception {
        var command = new java.util.ArrayList<>(List.of("bash", "-c", "ulimit -n " + files + " && exec \"$0\" \"$@\""));
        command.addAll(Cli.javaJar());
        command.addAll(List.of(arguments));
        Path stdout = Files.createTempFile(temp, "stdout", ".txt");
        Path stderr = Files.createTempFile(temp, "stderr", ".txt");
        Process process = new ProcessBuilder(command)
                .redirectError(stderr.toFile())
                .redirectOutput(stdout.toFile())
                .start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Limited(process.exitValue(), Files.readString(stdout), Files.readString(stderr));
    }
}
