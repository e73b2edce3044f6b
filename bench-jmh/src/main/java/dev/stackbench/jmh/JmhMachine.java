package dev.stackbench.jmh;

import dev.stackbench.core.machine.Machine;
import dev.stackbench.core.machine.MachineFile;
import dev.stackbench.core.machine.MachineStore;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Defaults;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/**
 * JMH's JSON has no place for the machine, so a JMH run that writes a JSON result gets the machine's fingerprint
 * beside it ({@code jmh.json} and {@code jmh.machine.json}), written before the benchmarks run: the calibration then
 * runs on a machine nothing of ours loads, and the forks find it kept. {@code gate} reads it back with the result.
 */
public final class JmhMachine {

    private JmhMachine() {}

    /** Writes the fingerprint beside the JSON result {@code args} ask JMH for; nothing for other formats. */
    public static void writeBeside(String[] args, PrintStream err) {
        Path result;
        try {
            // without stackbench's own options (--shard, --rounds, --time-limit), which JMH's parser does not know
            var options = new CommandLineOptions(JmhArguments.withoutOurs(args));
            ResultFormatType format = options.getResultFormat().orElse(Defaults.RESULT_FORMAT);
            // JMH writes a result file only when asked with -rf or -rff.
            if (format != ResultFormatType.JSON
                    || (!options.getResult().hasValue()
                            && !options.getResultFormat().hasValue())) {
                return;
            }
            result = Path.of(options.getResult()
                    .orElse(Defaults.RESULT_FILE_PREFIX + "."
                            + format.toString().toLowerCase(Locale.ROOT)));
        } catch (CommandLineOptionException e) {
            return; // JMH itself says what is wrong with its options
        }
        deleteStaleRanking(args, result);
        MachineStore store = MachineStore.standard();
        Machine machine = store.beforeARun(line -> err.println("stackbench: " + line));
        Path beside = MachineFile.beside(result);
        MachineFile.write(beside, machine);
        err.println("stackbench: machine " + machine.words() + " (in " + beside + ")");
    }

    /**
     * A plain JMH run's result is no ranking: a ranking left beside its file by an earlier run in rounds (the same name)
     * would be read as this one's ({@link JmhTable}).
     */
    private static void deleteStaleRanking(String[] args, Path result) {
        if (InterleavedSuite.requested(args)) {
            return;
        }
        try {
            Files.deleteIfExists(InterleavedSuite.rankingBeside(result));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
