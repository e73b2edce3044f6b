package dev.stackbench.core.server;

/**
 * Names of the request parameters the workloads understand, in one place: the load generator writes
 * them into requests, the servers read them, results and bounds report them.
 */
public final class WorkloadParams {

    /** How long the request waits on the server, in milliseconds (at the bottom of a nested chain). */
    public static final String DELAY_MILLIS = "delayMillis";
    /** How many nested HTTP calls the request makes before its wait. */
    public static final String CALL_DEPTH = "callDepth";

    private WorkloadParams() {}
}
