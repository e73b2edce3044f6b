package dev.stackbench.cli;

import dev.stackbench.core.compare.ComparisonFiles;
import dev.stackbench.core.compare.ComparisonRunner;
import dev.stackbench.core.compare.machines.MachineMatrix;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Holds comparisons of the same variants from several machines against each other: does a verdict hold elsewhere? */
@Command(
        name = "verdicts",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Reads several comparisons of the same variants together and prints, for every metric and pair of variants they"
                    + " share, each one's verdict and whether they agree.",
            "Each setting is a column: a machine (by its fingerprint; a comparison without one is a machine unknown, a column"
                    + " of its own), its JDK and its collector. A verdict holds on the machine that produced it: the same"
                    + " comparison has put one variant ahead on one machine and the other ahead on another, and this says so"
                    + " (reversed on ...).",
            "Exit code 0 when the matrix is printed, 2 on bad input (fewer than 2 comparisons, a path that is not one, or no"
                    + " pair of variants in common)."
        })
final class VerdictsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(
            paramLabel = "COMPARISON",
            arity = "1..*",
            description = "Two or more comparisons: compare --out's directories, or their comparison.json files.")
    List<Path> comparisons = new ArrayList<>();

    @Override
    public Integer call() {
        if (comparisons.size() < 2) {
            throw new IllegalArgumentException(
                    "give 2 or more comparisons to hold against each other, not " + comparisons.size());
        }
        var sources = new ArrayList<MachineMatrix.Source>();
        for (Path path : comparisons) {
            Path file = ComparisonFiles.find(path);
            if (file == null) {
                throw new IllegalArgumentException(
                        path + ": no " + ComparisonRunner.COMPARISON_JSON + " there (compare --out DIR writes one)");
            }
            sources.add(new MachineMatrix.Source(path.toString(), ComparisonFiles.read(file)));
        }
        PrintWriter out = spec.commandLine().getOut();
        out.print(MachineMatrix.of(sources).text());
        out.flush();
        return StackbenchMain.EXIT_OK;
    }
}
