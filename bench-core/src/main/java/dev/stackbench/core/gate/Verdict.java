package dev.stackbench.core.gate;

/** The outcome of one check. */
public enum Verdict {
    /** The limit holds. */
    OK("ok"),
    /** The value crosses the limit, but by less than its spread: chance could explain it, so it does not fail. */
    WITHIN_NOISE("ok, within noise"),
    /** The limit is crossed by more than the spread allows. */
    FAIL("FAIL");

    private final String text;

    Verdict(String text) {
        this.text = text;
    }

    @Override
    public String toString() {
        return text;
    }
}
