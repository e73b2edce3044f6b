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
    NOT_STEADY("FAIL, not steady"),
    /**
     * A paired interval that straddles the limit where the gate was asked for a decision ({@code gate --comparison
     * --decided}): the comparison could not tell whether the limit holds, so it neither passes nor fails; its own exit
     * code (3) says so, so that a check that could not decide is never green.
     */
    NOT_DECIDED("NOT DECIDED");

    private final String text;

    Verdict(String text) {
        this.text = text;
    }

    /** Whether this verdict fails the gate (exit code 1); {@link #NOT_DECIDED} does not, it has a code of its own. */
    public boolean fails() {
        return this == FAIL || this == NOT_STEADY;
    }

    @Override
    public String toString() {
        return text;
    }
}
