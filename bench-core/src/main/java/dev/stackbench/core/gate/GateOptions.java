package dev.stackbench.core.gate;

/**
 * What a gate may accept that it refuses by default; each one deliberately, on the command line.
 *
 * @param allowDifferentMeasurement compare a target measured differently from its baseline (another profile,
 *                                  workload parameters, request mix): a note instead of exit code 2
 * @param allowUnsteady             compare with the baseline where a side's window was not steady: a note
 *                                  instead of the verdict "FAIL, not steady"
 * @param acrossMachines            hold results of different machines against each other: a note naming them and
 *                                  what sets them apart, instead of exit code 2
 */
public record GateOptions(boolean allowDifferentMeasurement, boolean allowUnsteady, boolean acrossMachines) {

    /** Nothing allowed: the gate's defaults. */
    public static final GateOptions STRICT = new GateOptions(false, false, false);

    /** Within one machine. */
    public GateOptions(boolean allowDifferentMeasurement, boolean allowUnsteady) {
        this(allowDifferentMeasurement, allowUnsteady, false);
    }
}
