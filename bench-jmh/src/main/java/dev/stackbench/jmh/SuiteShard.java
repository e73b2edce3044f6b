package dev.stackbench.jmh;

import dev.stackbench.core.scenario.Shard;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Defaults;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * {@code java -jar bench-jmh.jar --shard i/n [JMH options]}: shard i of n of the JMH suite, for a CI matrix.
 *
 * <p>The pitfall: a {@code -p shard=i/n} parameter read in the benchmark's setup cannot skip anything, since JMH
 * still forks and warms up every combination of parameters; and JMH runs the product of the {@code -p} values, which
 * a shard of combinations is not. So the unit of a shard is a benchmark's label, {@code approach/workload} (what gate
 * and report call a target): the suite's pairs, approach-major in the order of the values ({@code -p} or the
 * annotation's), are split by {@link Shard}'s rule with equal lengths (every pair runs the same iterations, so it is
 * round robin), and JMH runs once per pair of the shard with {@code -p approach=A -p workload=W} over the rest of the
 * command line, which keeps every other parameter's values whole. Every label stays in one shard, so gate and report
 * label a shard's entries exactly as the unsharded suite's. The results of the shard's runs are written together,
 * once all ran, where {@code -rf}/{@code -rff} say (as JMH: no file without either, JMH's defaults for the other).
 *
 * <pre>
 * java -jar bench-jmh.jar --shard 2/4 -rf json -rff jmh-2.json     # 6 of the 24 approach/workload pairs
 * java -jar bench-jmh.jar gate --current jmh-1.json --current jmh-2.json ... --rules rules.yaml
 * </pre>
 */
public final class SuiteShard {

    public static final String OPTION = "--shard";
    private static final String BENCHMARK = ServerLoadBenchmark.class.getName();

    /** One benchmark target of the suite: every combination of the other parameters for one approach and workload. */
    public record Pair(String approach, String workload) {
        public String label() {
            return approach + "/" + workload;
        }
    }

    private SuiteShard() {}

    public static boolean requested(String[] args) {
        return JmhArguments.has(args, OPTION);
    }

    /** The suite's pairs as these options choose them: approach-major, each in the order of its values. */
    public static List<Pair> pairs(Options options) {
        var pairs = new ArrayList<Pair>();
        for (String approach : values(options, "approach")) {
            for (String workload : values(options, "workload")) {
                pairs.add(new Pair(approach, workload));
            }
        }
        return pairs;
    }

    /** The pairs of one shard, in the suite's order. */
    public static List<Pair> of(Shard shard, Options options) {
        return shard.of(pairs(options), pair -> 1);
    }

    private static Collection<String> values(Options options, String param) {
        var given = options.getParameter(param);
        if (given.hasValue()) {
            return given.get();
        }
        try {
            return List.of(ServerLoadBenchmark.class
                    .getField(param)
                    .getAnnotation(Param.class)
                    .value());
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException(BENCHMARK + " has no parameter " + param, e);
        }
    }

    /**
     * Runs the shard the arguments ask for and returns the exit code: 0, 1 when JMH failed, 2 on bad input (one line on
     * {@code err}).
     *
     * @param args JMH's command line with {@code --shard i/n} among it
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        Shard shard;
        CommandLineOptions options;
        try {
            var arguments = new JmhArguments(args);
            shard = Shard.parse(arguments
                    .take(OPTION, "i/n, e.g. 2/4")
                    .orElseThrow(() -> new IllegalArgumentException(OPTION + " needs a value, i/n, e.g. 2/4")));
            if (JmhArguments.has(arguments.rest(), InterleavedSuite.ROUNDS)
                    || JmhArguments.has(arguments.rest(), InterleavedSuite.TIME_LIMIT)) {
                throw new IllegalArgumentException(OPTION + " runs a share of the suite, " + InterleavedSuite.ROUNDS
                        + " and " + InterleavedSuite.TIME_LIMIT + " the whole suite in rounds: give one or the other");
            }
            options = new CommandLineOptions(arguments.rest());
            checkRunsTheSuite(options, OPTION);
        } catch (IllegalArgumentException | CommandLineOptionException e) {
            err.println("error: " + e.getMessage());
            return 2;
        }
        List<Pair> all = pairs(options);
        List<Pair> mine = of(shard, options);
        if (mine.isEmpty()) {
            out.printf(
                    "stackbench: shard %s has no benchmarks: %d approach/workload pairs in %d shards; nothing to run%n",
                    shard, all.size(), shard.count());
            return 0;
        }
        out.printf(
                "stackbench: shard %s runs %d of the suite's %d approach/workload pairs: %s%n",
                shard,
                mine.size(),
                all.size(),
                String.join(", ", mine.stream().map(Pair::label).toList()));
        ResultFormatType format = options.getResultFormat().orElse(Defaults.RESULT_FORMAT);
        Path resultFile = Path.of(options.getResult()
                .orElse(Defaults.RESULT_FILE_PREFIX + "." + format.toString().toLowerCase(Locale.ROOT)));
        var results = new ArrayList<RunResult>();
        try {
            Path scratch = Files.createTempFile("stackbench-shard-", ".json");
            try {
                for (Pair pair : mine) {
                    // Each pair's own result file is scratch: the shard's file is written once, with every pair in it.
                    Options one = new OptionsBuilder()
                            .parent(options)
                            .param("approach", pair.approach())
                            .param("workload", pair.workload())
                            .resultFormat(ResultFormatType.JSON)
                            .result(scratch.toString())
                            .build();
                    results.addAll(new Runner(one).run());
                }
            } finally {
                Files.deleteIfExists(scratch);
            }
            if (options.getResult().hasValue()
                    || options.getResultFormat().hasValue()) { // as JMH: a file only when asked for
                writeAtomically(resultFile, format, results);
            }
        } catch (RunnerException e) {
            err.println("error: JMH failed: " + e.getMessage());
            return 1;
        } catch (IOException e) {
            err.println("error: cannot write " + resultFile + ": " + e.getMessage());
            return 1;
        }
        out.printf("%nstackbench: shard %s, %d benchmarks:%n", shard, results.size());
        ResultFormatFactory.getInstance(ResultFormatType.TEXT, out).writeOut(results);
        if (options.getResult().hasValue() || options.getResultFormat().hasValue()) {
            out.printf("stackbench: results of shard %s in %s%n", shard, resultFile.toAbsolutePath());
        }
        return 0;
    }

    /**
     * A shard, or rounds, are of ServerLoadBenchmark's pairs: listing, help, or benchmark patterns that leave it out would
     * not be one.
     */
    static void checkRunsTheSuite(CommandLineOptions options, String option) {
        if (options.shouldHelp()
                || options.shouldList()
                || options.shouldListWithParams()
                || options.shouldListProfilers()
                || options.shouldListResultFormats()) {
            throw new IllegalArgumentException(option + " runs the suite; list or ask for help without it");
        }
        for (String include : options.getIncludes()) {
            if (!Pattern.compile(include).matcher(BENCHMARK + ".response").find()) {
                throw new IllegalArgumentException(
                        option + " runs " + BENCHMARK + "; the benchmark pattern '" + include + "' leaves it out");
            }
        }
    }

    static void writeAtomically(Path file, ResultFormatType format, Collection<RunResult> results) throws IOException {
        Path directory = file.toAbsolutePath().getParent();
        Files.createDirectories(directory);
        Path temp = Files.createTempFile(directory, "." + file.getFileName(), ".tmp");
        try {
            ResultFormatFactory.getInstance(format, temp.toString()).writeOut(results);
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
