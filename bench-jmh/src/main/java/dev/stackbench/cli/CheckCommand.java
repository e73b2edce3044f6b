package dev.stackbench.cli;

import dev.stackbench.core.app.BootJar;
import dev.stackbench.core.compare.ComparisonFiles;
import dev.stackbench.core.compare.ComparisonResult;
import dev.stackbench.core.compare.Design;
import dev.stackbench.core.gate.CheckOutputs;
import dev.stackbench.core.gate.ComparisonGate;
import dev.stackbench.core.machine.MachineProbe;
import dev.stackbench.core.report.ComparisonReport;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.vocabulary.Percent;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * "Did this change make the service slower?": two builds of the user's Spring Boot application compared as {@code
 * compare} does (interleaved, paired, each in JVMs of its own, an A/A control of the base), then held to the largest
 * slowdown allowed with a decision required ({@code gate --comparison --decided}): not worse, worse, or not decided,
 * each its own exit code; a markdown summary and a JUnit report for CI.
 */
@Command(
        name = "check",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Checks whether HEAD, a build of your Spring Boot application, is slower than BASE, another build of it: both are"
                    + " compared as `compare --app` does (interleaved rounds, each build in JVMs of its own, an A/A control of"
                    + " BASE), then each deciding metric's paired interval is held to --max-slowdown.",
            "Options it does not know are compare's (the load: --request, -c, --rate, --duration, --warmup; the design:"
                    + " --rounds, --min-rounds, --time-limit, --together, --jvm-option, ...).",
            "Exit code 0 when HEAD is not worse (every interval within the limit), 1 when it is worse (an interval wholly"
                    + " past it, head failed requests that base served, HEAD's application does not start, or a build"
                    + " failed mid-run), 3 when it could not decide in what it measured (an interval straddles the limit, or"
                    + " its A/A control was declared different by enough to move a verdict, or its time limit ended it"
                    + " before its first round), 2 on bad input, a BASE"
                    + " whose application does not start, or a mix whose requests fail on BASE."
        })
final class CheckCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--base", required = true, paramLabel = "JAR", description = "The build to hold HEAD against.")
    Path base;

    @Option(names = "--head", required = true, paramLabel = "JAR", description = "The build checked.")
    Path head;

    @Option(
            names = "--max-slowdown",
            paramLabel = "PERCENT",
            defaultValue = "5%",
            description = "How much worse HEAD may be on each metric (default: ${DEFAULT-VALUE}).")
    String maxSlowdown;

    @Option(
            names = "--metric",
            paramLabel = "METRIC",
            split = ",",
            defaultValue = "cpuPerRequest,rps",
            description = "The metrics checked (default: ${DEFAULT-VALUE}).")
    List<String> metrics;

    @Option(
            names = "--forks",
            paramLabel = "N",
            description = "JVMs per build, set by hand (default: planned from --max-slowdown: a pilot of "
                    + Design.PILOT_FORKS + " JVMs per build, then as many as telling --max-slowdown apart takes within"
                    + " --time-limit, " + CheckCommand.TIME_LIMIT + " unless given).")
    Integer forks;

    /** A check's budget unless --time-limit says: what a pull request's job can wait. */
    static final String TIME_LIMIT = "10m";

    @Option(
            names = {"-o", "--out"},
            paramLabel = "DIR",
            description =
                    "The comparison's files (comparison.json, each trial's); default: a temporary directory, named.")
    Path out;

    @Option(
            names = "--markdown",
            paramLabel = "FILE",
            description = "Writes the verdict as markdown (a job summary, a comment).")
    Path markdown;

    @Option(names = "--junit", paramLabel = "FILE", description = "Writes a JUnit XML report: a test case per metric.")
    Path junit;

    @Unmatched
    List<String> compareOptions = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        double slowdown = Percent.parse("--max-slowdown", maxSlowdown);
        if (!(slowdown > 0 && slowdown < 1)) {
            throw new IllegalArgumentException(
                    "--max-slowdown takes a share above 0% and below 100%, such as 5%, got '" + maxSlowdown + "'");
        }
        for (Path jar : List.of(base, head)) {
            if (!Files.isRegularFile(jar)) {
                throw new IllegalArgumentException((jar == base ? "--base " : "--head ")
                        + jar
                        + (Files.exists(jar) ? " is not a file" : " does not exist"));
            }
        }
        for (String option :
                List.of("--app", "--variant", "--aa", "--scenario", "--detect", "--decide-not-worse", "--out", "-o")) {
            if (compareOptions.stream().anyMatch(given -> given.equals(option) || given.startsWith(option + "="))) {
                throw new IllegalArgumentException(option
                        + " is check's to set (--base and --head are the variants, BASE's A/A control is added)");
            }
        }
        for (Path file : java.util.stream.Stream.of(markdown, junit)
                .filter(java.util.Objects::nonNull)
                .toList()) {
            ResultFiles.checkWritable(file.toAbsolutePath().getParent());
        }
        if (sameBytes(base, head)) {
            err.println("note: --base and --head are the same bytes: checked as an A/A pair, the outcome is what the"
                    + " machine's noise does");
        }
        Path dir = out != null ? out : Files.createTempDirectory("stackbench-check-");
        var args = new ArrayList<>(List.of(
                "compare",
                "--app",
                base.toAbsolutePath().toString(),
                "--variant",
                "base:",
                "--variant",
                "head:jar=" + head.toAbsolutePath(),
                "--aa",
                "base",
                "--detect",
                Percent.format(slowdown),
                // stop when head against base is decided against the limit, not when it merely differs
                "--decide-not-worse",
                "head:base:" + Percent.format(slowdown),
                "--metric",
                String.join(",", metrics),
                "--out",
                dir.toString()));
        if (forks != null) {
            args.addAll(List.of("--forks", String.valueOf(forks)));
        }
        if (compareOptions.stream()
                .noneMatch(given -> given.equals("--time-limit") || given.startsWith("--time-limit="))) {
            args.addAll(List.of("--time-limit", TIME_LIMIT));
        }
        args.addAll(compareOptions);
        Instant started = Instant.now();
        CommandLine compareLine = StackbenchMain.commandLine();
        int compared = StackbenchMain.execute(compareLine, args.toArray(String[]::new), stdout, err);
        String title = "stackbench check: head against base, at most " + Percent.format(slowdown) + " worse";
        ComparisonResult comparison = compared == StackbenchMain.EXIT_OK
                ? ComparisonFiles.read(ComparisonFiles.find(dir))
                : stoppedByAFailedBuild(compared, dir, started);
        if (comparison == null) {
            // Head that does not start (compare's bad input: nothing measured, nothing written) is what a check is for:
            // a failed check naming it and its log, in every output. Base or its A/A copy that does not start stays
            // bad input (2); compare said why.
            var failure = ((CompareCommand)
                            compareLine.getSubcommands().get("compare").getCommand())
                    .failure();
            if (compared == StackbenchMain.EXIT_USAGE
                    && failure.isPresent()
                    && failure.get().label().equals("head")) {
                var report = new ComparisonGate.Report(
                        List.of(),
                        List.of("head did not start: " + failure.get().withLog()),
                        MachineProbe.here().words());
                return report(report, title, List.of(), null, stdout);
            }
            return compared; // it said why: a build that does not start (2), an interrupt
        }
        // A build that served, then stopped (its application exited, its JVM died): compare kept the complete
        // rounds and said which; the gate below fails the check on it (1: "the comparison ended because a variant
        // failed"), whatever base's requests did before it stopped.
        boolean failedMidRun = comparison.stopped() == ComparisonResult.Stop.FAILED && !servedNothingAtLast(comparison);
        Failed onBase = Failed.of(comparison, "base");
        if (!failedMidRun && onBase.requests() > 0) {
            throw new IllegalArgumentException("the mix's requests failed on base, the build held to: " + onBase.words()
                    + "; a check measures requests base serves, so fix the --request mix (its paths, methods, bodies)");
        }
        var limit = new ComparisonGate.Limit("head", "base", slowdown);
        ComparisonGate.Report report =
                ComparisonGate.check(comparison, List.of(limit), ComparisonGate.Decision.REQUIRED);
        Failed onHead = Failed.of(comparison, "head");
        if (!failedMidRun && onHead.requests() > 0) {
            var problems = new ArrayList<>(report.problems());
            problems.add("head failed requests that base served: " + onHead.words());
            report = new ComparisonGate.Report(report.checks(), problems, report.doubts(), report.machine());
        }
        List<String> whereTheTimeWent = List.of();
        String page = null;
        if (compareOptions.stream().anyMatch(option -> option.equals("--profile") || option.startsWith("--profile="))) {
            Path json = ComparisonFiles.find(dir);
            whereTheTimeWent = ComparisonReport.profileDifference(json, "base", "head");
            page = ComparisonReport.write(json, dir.resolve("report"))
                    .page()
                    .toAbsolutePath()
                    .toString();
        }
        return report(report, title, whereTheTimeWent, page, stdout);
    }

    /** The verdict on stdout, in the markdown summary and the JUnit report where asked; its exit code. */
    private int report(
            ComparisonGate.Report report,
            String title,
            List<String> whereTheTimeWent,
            String page,
            PrintWriter stdout) {
        stdout.println();
        stdout.print(report.table());
        if (page != null) {
            stdout.println("Where the time went, head against base (profiles of the measured windows):");
            whereTheTimeWent.forEach(line -> stdout.println("  " + line));
            stdout.println("Report:       " + page);
        }
        stdout.printf("%s: %s%n", title, report.outcome().words());
        stdout.flush();
        if (markdown != null) {
            ResultFiles.writeAtomically(
                    markdown,
                    CheckOutputs.markdown(title, report, whereTheTimeWent, page)
                            .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        if (junit != null) {
            ResultFiles.writeAtomically(
                    junit,
                    CheckOutputs.junitXml("stackbench check", report)
                            .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        return report.outcome().exitCode();
    }

    /**
     * The comparison compare wrote in this run when a build failed it (compare's exit code 2, {@link
     * ComparisonResult.Stop#FAILED}): at a round where a build served nothing ({@code NothingServed}: whose requests
     * failed then decides, base's being bad input and head's a failed check), or mid-run, with the rounds complete before
     * it. Null after any other failure (a build that does not start writes no comparison), which compare has said all of.
     */
    private static ComparisonResult stoppedByAFailedBuild(int compared, Path dir, Instant started) {
        Path json = ComparisonFiles.find(dir);
        if (compared != StackbenchMain.EXIT_USAGE || json == null) {
            return null;
        }
        ComparisonResult written = ComparisonFiles.read(json);
        // Not one an earlier check left in --out.
        boolean thisRun = !Instant.parse(written.startedAt()).isBefore(started);
        return thisRun && written.stopped() == ComparisonResult.Stop.FAILED ? written : null;
    }

    /** Whether the comparison's last round had a build that served nothing ({@code NothingServed} stopped it). */
    private static boolean servedNothingAtLast(ComparisonResult comparison) {
        return !comparison.rounds().isEmpty()
                && comparison.rounds().getLast().trials().stream().anyMatch(ComparisonResult.Trial::servedNothing);
    }

    /** A variant's failed requests over its trials, with the first error's words. */
    private record Failed(long requests, long of, String first) {

        static Failed of(ComparisonResult comparison, String label) {
            long failed = 0;
            long finished = 0;
            String first = null;
            for (ComparisonResult.Round round : comparison.rounds()) {
                for (ComparisonResult.Trial trial : round.trials(label)) {
                    var requests = trial.result().requests();
                    failed += requests.errors();
                    finished += requests.ok() + requests.errors();
                    if (first == null
                            && requests.errors() > 0
                            && !requests.errorLines().isEmpty()) {
                        first = requests.errorLines().getFirst();
                    }
                }
            }
            return new Failed(failed, finished, first);
        }

        String words() {
            return requests + " of " + of + " in its trials" + (first == null ? "" : ", the first: " + first);
        }
    }

    private static boolean sameBytes(Path first, Path second) {
        return BootJar.sha256(first).equals(BootJar.sha256(second));
    }
}
