package dev.stackbench.jmh;

import dev.stackbench.core.machine.MachineFile;
import dev.stackbench.core.result.Metric;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.vocabulary.Durations;
import dev.stackbench.core.vocabulary.Numbers;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Defaults;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * {@code java -jar bench-jmh.jar --rounds N | --time-limit D [JMH options]}: JMH's forks interleaved round by round, and
 * a ranking at the end.
 *
 * <p>The pitfall it answers: JMH runs a benchmark's forks one after another and the benchmarks one after another, so
 * what the machine's speed did meanwhile (here up to 25% over tens of seconds) lands on whole benchmarks, and several
 * approaches' scores are no ranking. Here each round runs one fork of every benchmark of the suite ({@code approach x
 * workload}, as {@link SuiteShard} splits it), in a fresh random order; after the rounds each benchmark has one fork per
 * round, written together as JMH's own result, and {@link SuiteRanking} ranks the approaches with compare's paired
 * analysis: each fork, a JVM of its own, compared with the forks of its round. {@code --time-limit} fixes the number of
 * rounds after the first (as many as fit, at least {@value #MIN_ROUNDS}): it is chosen before any fork is compared, so
 * the analysis is of a fixed design, one look.
 *
 * <pre>
 * java -jar bench-jmh.jar --time-limit 11m -p workload=date -wi 0 -i 3 -r 3s -rf json -rff suite.json
 * </pre>
 *
 * JMH's own output goes to a log beside the result ({@code suite.jmh.log}); the terminal gets a line per fork, the table
 * and the ranking, which is also written beside the result ({@code suite.ranking.txt}).
 */
public final class InterleavedSuite {

    public static final String ROUNDS = "--rounds";
    public static final String TIME_LIMIT = "--time-limit";
    /** A ranking needs each approach in two JVMs at least: a JVM's own offset is then in the intervals. */
    static final int MIN_ROUNDS = 2;
    /** {@code --time-limit} alone: at most this many rounds. */
    static final int MAX_ROUNDS = 30;

    private final CommandLineOptions options;
    private final Integer rounds;
    private final Duration timeLimit;
    private final PrintStream out;

    private InterleavedSuite(CommandLineOptions options, Integer rounds, Duration timeLimit, PrintStream out) {
        this.options = options;
        this.rounds = rounds;
        this.timeLimit = timeLimit;
        this.out = out;
    }

    public static boolean requested(String[] args) {
        return JmhArguments.has(args, ROUNDS) || JmhArguments.has(args, TIME_LIMIT);
    }

    /**
     * Runs the suite in rounds and returns the exit code: 0, 1 when JMH failed or a fork gave no result, 2 on bad input
     * (one line on {@code err}).
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        InterleavedSuite suite;
        try {
            suite = parse(args, out);
        } catch (IllegalArgumentException | CommandLineOptionException e) {
            err.println("error: " + e.getMessage());
            return 2;
        }
        try {
            return suite.run(err);
        } catch (IOException | UncheckedIOException e) {
            err.println("error: " + e.getMessage());
            return 1;
        }
    }

    private static InterleavedSuite parse(String[] args, PrintStream out) throws CommandLineOptionException {
        var arguments = new JmhArguments(args);
        Integer rounds = arguments.take(ROUNDS).map(InterleavedSuite::rounds).orElse(null);
        Duration timeLimit =
                arguments.take(TIME_LIMIT).map(InterleavedSuite::timeLimit).orElse(null);
        if (timeLimit != null && !timeLimit.isPositive()) {
            throw new IllegalArgumentException(TIME_LIMIT + " must be positive, got " + Durations.format(timeLimit));
        }
        String given = rounds != null ? ROUNDS : TIME_LIMIT; // named in what is said about the rest
        var options = new CommandLineOptions(arguments.rest());
        SuiteShard.checkRunsTheSuite(options, given);
        if (options.getForkCount().hasValue() && options.getForkCount().get() != 1) {
            throw new IllegalArgumentException("-f " + options.getForkCount().get() + ": " + given
                    + " runs one fork of every benchmark per round; the rounds are the forks (leave -f out, or -f 1)");
        }
        long approaches = SuiteShard.pairs(options).stream()
                .map(SuiteShard.Pair::approach)
                .distinct()
                .count();
        if (approaches < 2) {
            throw new IllegalArgumentException(
                    given + " ranks approaches: give at least 2 (-p approach=a,b), got " + approaches);
        }
        return new InterleavedSuite(options, rounds, timeLimit, out);
    }

    private static Duration timeLimit(String text) {
        try {
            return Durations.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(TIME_LIMIT + ": " + e.getMessage(), e);
        }
    }

    private static int rounds(String text) {
        int rounds;
        try {
            rounds = Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(ROUNDS + " takes a whole number, got '" + text + "'");
        }
        if (rounds < MIN_ROUNDS) {
            throw new IllegalArgumentException(ROUNDS + " must be at least " + MIN_ROUNDS
                    + ": a ranking needs each approach in 2 JVMs of its own, got " + rounds);
        }
        return rounds;
    }

    private int run(PrintStream err) throws IOException {
        List<SuiteShard.Pair> pairs = SuiteShard.pairs(options);
        ResultFormatType format = options.getResultFormat().orElse(Defaults.RESULT_FORMAT);
        boolean resultAsked =
                options.getResult().hasValue() || options.getResultFormat().hasValue();
        Path resultFile = Path.of(options.getResult()
                .orElse(Defaults.RESULT_FILE_PREFIX + "." + format.toString().toLowerCase(Locale.ROOT)));
        Path log = resultAsked ? beside(resultFile, ".jmh.log") : Files.createTempFile("stackbench-jmh-", ".log");
        Files.createDirectories(log.toAbsolutePath().getParent());
        int planned = rounds != null ? rounds : MAX_ROUNDS;
        out.printf(
                "stackbench: %d approach/workload pairs in rounds, one fork (JVM) of each per round, in a fresh random"
                        + " order: %s%n"
                        + "stackbench: rounds: %s; JMH's own output in %s%n",
                pairs.size(),
                String.join(", ", pairs.stream().map(SuiteShard.Pair::label).toList()),
                rounds != null && timeLimit == null
                        ? String.valueOf(rounds)
                        : "as many as fit in " + Durations.format(timeLimit) + " after the first (at least "
                                + MIN_ROUNDS + (rounds != null ? ", at most " + rounds : "") + ")",
                log);
        var random = new Random();
        var measured = new ArrayList<Measured>();
        boolean failed = false;
        long start = System.nanoTime();
        Path scratch = Files.createTempFile("stackbench-rounds-", ".json");
        try (var jmhOut = new PrintStream(Files.newOutputStream(log), true, StandardCharsets.UTF_8)) {
            OutputFormat jmhFormat = OutputFormatFactory.createFormatInstance(
                    jmhOut, options.verbosity().orElse(Defaults.VERBOSITY));
            for (int round = 1; round <= planned; round++) {
                long roundStart = System.nanoTime();
                var order = new ArrayList<>(pairs);
                Collections.shuffle(order, random);
                int index = 0;
                for (SuiteShard.Pair pair : order) {
                    index++;
                    long forkStart = System.nanoTime();
                    // Each fork's own result file is scratch: the suite's is written once, every round in it.
                    Options one = new OptionsBuilder()
                            .parent(options)
                            .param("approach", pair.approach())
                            .param("workload", pair.workload())
                            .forks(1)
                            .resultFormat(ResultFormatType.JSON)
                            .result(scratch.toString())
                            .build();
                    Collection<RunResult> results;
                    String failure = null;
                    try {
                        results = new Runner(one, jmhFormat).run();
                    } catch (RunnerException e) {
                        // One fork's failure (a profiler, JMH's lock) ends neither the suite nor the rounds measured.
                        results = List.of();
                        failure = String.valueOf(e.getMessage())
                                .lines()
                                .findFirst()
                                .orElse("");
                    }
                    String at = String.format(
                            Locale.ROOT,
                            "  round %d%s, %d of %d: %s",
                            round,
                            round == 1 && planned == MAX_ROUNDS && rounds == null ? "" : " of " + planned,
                            index,
                            order.size(),
                            pair.label());
                    if (results.isEmpty()) {
                        failed = true;
                        out.printf(
                                "%s FAILED: %s (JMH's output says more: %s)%n",
                                at, failure == null ? "no result" : failure, log);
                        continue;
                    }
                    for (RunResult result : results) {
                        measured.add(new Measured(round, result));
                        out.printf(
                                Locale.ROOT,
                                "%s %s ops/s, p99 %s ms (%s)%n",
                                at,
                                Numbers.groupedOrThreeDigits(
                                        result.getPrimaryResult().getScore()),
                                secondary(result, "p99"),
                                Durations.format(
                                        Duration.ofSeconds(Math.round((System.nanoTime() - forkStart) / 1e9))));
                    }
                }
                if (round == 1 && timeLimit != null) {
                    double roundSeconds = (System.nanoTime() - roundStart) / 1e9;
                    int fit = (int) Math.floor(timeLimit.toNanos() / 1e9 / roundSeconds);
                    int cap = rounds != null ? rounds : MAX_ROUNDS;
                    planned = Math.max(MIN_ROUNDS, Math.min(fit, cap));
                    out.printf(
                            "stackbench: a round took %s: %d round(s) in all, %s%n",
                            Durations.format(Duration.ofSeconds(Math.round(roundSeconds))),
                            planned,
                            fit < MIN_ROUNDS
                                    ? "the fewest that rank, about "
                                            + Durations.format(
                                                    Duration.ofSeconds(Math.round(MIN_ROUNDS * roundSeconds)))
                                            + ", past the time limit of " + Durations.format(timeLimit)
                                    : fit > cap
                                            ? rounds != null ? "as " + ROUNDS + " says" : "at most " + MAX_ROUNDS
                                            : "as many as the time limit of " + Durations.format(timeLimit) + " holds");
                }
            }
        } finally {
            Files.deleteIfExists(scratch);
        }
        List<RunResult> merged = merged(measured);
        String ranking = ranking(measured).text();
        String seconds = Durations.format(Duration.ofSeconds(Math.round((System.nanoTime() - start) / 1e9)));
        if (resultAsked) {
            SuiteShard.writeAtomically(resultFile, format, merged);
            ResultFiles.writeAtomically(rankingBeside(resultFile), ranking.getBytes(StandardCharsets.UTF_8));
        }
        out.printf("%nstackbench: %d benchmarks, %d round(s), %s%n", merged.size(), planned, seconds);
        // JMH's JSON keeps the first fork's parameters, "forks": 1, while each benchmark has a fork per round.
        if (resultAsked && format == ResultFormatType.JSON) {
            out.print(JmhTable.table(ResultFiles.json().readTree(resultFile.toFile()), false));
        } else {
            ResultFormatFactory.getInstance(ResultFormatType.TEXT, out).writeOut(merged);
        }
        out.print(ranking);
        if (resultAsked) {
            MachineFile.read(MachineFile.beside(resultFile))
                    .ifPresent(machine -> out.println(
                            "Machine: " + machine.words() + "; the ranking holds on this machine, not on another"));
            out.printf(
                    "stackbench: results in %s, the ranking in %s%n",
                    resultFile.toAbsolutePath(), rankingBeside(resultFile).toAbsolutePath());
        }
        if (failed) {
            err.println("error: a fork gave no result; JMH's output says why: " + log);
            return 1;
        }
        return 0;
    }

    /** One benchmark's result in one round: its one fork. */
    private record Measured(int round, RunResult result) {}

    /** Each benchmark's forks of every round as one JMH result, as JMH writes a benchmark with several forks. */
    private static List<RunResult> merged(List<Measured> measured) {
        var byBenchmark = new LinkedHashMap<String, List<RunResult>>();
        measured.forEach(each -> byBenchmark
                .computeIfAbsent(each.result().getParams().id(), id -> new ArrayList<>())
                .add(each.result()));
        var merged = new ArrayList<RunResult>();
        byBenchmark.values().forEach(results -> {
            var forks = new ArrayList<BenchmarkResult>();
            results.forEach(result -> forks.addAll(result.getBenchmarkResults()));
            merged.add(new RunResult(results.getFirst().getParams(), forks));
        });
        merged.sort(RunResult.DEFAULT_SORT_COMPARATOR);
        return merged;
    }

    /** The forks by round, each ranked with the benchmarks whose parameters differ from it in the approach only. */
    private static SuiteRanking ranking(List<Measured> measured) {
        // The parameters besides the approach whose values differ among the suite's benchmarks name what is ranked
        // together; the workload always does.
        var values = new TreeMap<String, Set<String>>();
        measured.forEach(each -> {
            BenchmarkParams params = each.result().getParams();
            params.getParamsKeys()
                    .forEach(key ->
                            values.computeIfAbsent(key, k -> new HashSet<>()).add(params.getParam(key)));
        });
        var ranking = new SuiteRanking();
        for (Measured each : measured) {
            BenchmarkParams params = each.result().getParams();
            var together = new ArrayList<String>();
            together.add(params.getParam("workload"));
            values.forEach((key, seen) -> {
                if (!key.equals("approach") && !key.equals("workload") && seen.size() > 1) {
                    together.add(key + "=" + params.getParam(key));
                }
            });
            ranking.fork(each.round(), String.join(", ", together), params.getParam("approach"), scores(each.result()));
        }
        return ranking;
    }

    private static Map<Metric, Double> scores(RunResult result) {
        var scores = new LinkedHashMap<Metric, Double>();
        scores.put(Metric.RPS, result.getPrimaryResult().getScore());
        Result p99 = result.getSecondaryResults().get("p99");
        if (p99 != null) {
            scores.put(Metric.P99, p99.getScore());
        }
        return scores;
    }

    private static String secondary(RunResult result, String name) {
        Result secondary = result.getSecondaryResults().get(name);
        return secondary == null ? "-" : Numbers.wholeOrTwoDecimals(secondary.getScore());
    }

    /** {@code suite.json} -> {@code suite.ranking.txt}: the ranking of an interleaved suite's result, beside it. */
    public static Path rankingBeside(Path result) {
        return beside(result, ".ranking.txt");
    }

    private static Path beside(Path result, String suffix) {
        String name = result.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return result.resolveSibling((dot > 0 ? name.substring(0, dot) : name) + suffix);
    }
}
