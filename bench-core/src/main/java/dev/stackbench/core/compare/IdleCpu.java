package dev.stackbench.core.compare;

/**
 * One variant JVM's CPU over the rounds: in its own trials, and while it sat idle as other JVMs were measured (with how
 * long that was, so that its idle CPU is a share of a core).
 */
final class IdleCpu {

    private double trialCpuSeconds;
    private double idleCpuSeconds;
    private double idleSeconds;

    /** CPU it used in a trial of its own. */
    void trial(double cpuSeconds) {
        trialCpuSeconds += cpuSeconds;
    }

    /** CPU it used while idle for {@code seconds}, others being measured. */
    void idle(double cpuSeconds, double seconds) {
        idleCpuSeconds += cpuSeconds;
        idleSeconds += seconds;
    }

    double trialCpuSeconds() {
        return trialCpuSeconds;
    }

    double idleCpuSeconds() {
        return idleCpuSeconds;
    }

    double idleSeconds() {
        return idleSeconds;
    }
}
