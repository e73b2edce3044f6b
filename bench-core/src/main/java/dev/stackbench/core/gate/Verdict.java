package dev.stackbench.core.gate;

/** The outcome of one check. */
public enum Verdict {
    /** The limit holds. */
    OK("ok"),
    /** The value crosses the limit, but by less than its spread: chance could explain it, so it does not fail. */
    WITHIN_NOISE("ok, within noise"),
    /** The limit is crossed by more than the spread allows. */
    FAIL("FAIL"),
    /**
     * A comparison with the baseline where a side's window was not steady (its throughput or latency still
     * moving): comparing moving numbers says nothing, so it fails, whatever the numbers, unless allowed.
     */
    NOT_STEADY("FAIL, not steady");

    private final String text;

    Verdict(String text) {
        this.text = text;
    }

    /** Whether this verdict fails the gate (exit code 1). */
    public boolean fails() {
        return this == FAIL || this == NOT_STEADY;
    }

    @Override
    public String toString() {
        return text;
    }
}
