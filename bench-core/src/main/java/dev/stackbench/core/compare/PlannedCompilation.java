package dev.stackbench.core.compare;

import dev.stackbench.core.compare.analysis.Schedule;
import dev.stackbench.core.variant.ServerSource;
import dev.stackbench.core.variant.Variant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * How a planned comparison's JVMs compile. A plan's decision costs what its JVMs cost, and a JVM's cost is its warm-up,
 * which waits for the JIT to go quiet. On CPU per request alone, of the built-in stacks, the plan starts its JVMs
 * without tiered compilation: the hot code goes to C2 from the interpreter's profiles, without C1's profiled compiles
 * that C2 then redoes. Measured on a 2-core machine (docs/compare.md): warm-ups steady a third sooner, a JVM about 22%
 * cheaper, CPU per request at the same level. Not on requests/s or latencies (not measured without tiers, which
 * production JVMs compile in), nor for a user's application (its lukewarm code would stay interpreted longer: not
 * measured), nor when an option chooses the compilation itself.
 */
public final class PlannedCompilation {

    /** The option the plan adds to every variant's JVM. */
    public static final String WITHOUT_TIERS = "-XX:-TieredCompilation";

    private PlannedCompilation() {}

    /** What the plan did to a comparison's JVMs: the comparison to run, and why, for the progress; null when unchanged. */
    public record Choice(Comparison comparison, String words) {}

    /**
     * The comparison with the plan's compilation.
     *
     * @param keepTiers the user asked for tiered compilation (--tiered)
     */
    public static Choice apply(Comparison comparison, boolean keepTiers) {
        if (keepTiers || !chosen(comparison)) {
            return new Choice(comparison, null);
        }
        var options = new ArrayList<>(comparison.jvmOptions());
        options.add(WITHOUT_TIERS);
        return new Choice(
                comparison.withJvmOptions(options),
                "JVMs without tiered compilation (" + WITHOUT_TIERS
                        + "): the plan's choice for CPU per request on the built-in stacks, a JVM steady sooner; --tiered keeps it");
    }

    private static boolean chosen(Comparison comparison) {
        return comparison.design().planned()
                && Schedule.cpuPerRequestOnly(comparison.design().deciding())
                && comparison.variants().stream().allMatch(variant -> variant.source() instanceof ServerSource.BuiltIn)
                && Stream.concat(
                                comparison.jvmOptions().stream(),
                                comparison.variants().stream()
                                        .map(Variant::jvmOptions)
                                        .flatMap(List::stream))
                        .noneMatch(PlannedCompilation::choosesCompilation);
    }

    /** Whether a JVM option already says how the JVM compiles: then the user decides, not the plan. */
    static boolean choosesCompilation(String option) {
        return option.contains("Tiered")
                || option.equals("-Xint")
                || option.equals("-Xcomp")
                || option.equals("-Xmixed")
                || option.contains("CompileThreshold")
                || option.contains("UseJVMCICompiler");
    }
}
