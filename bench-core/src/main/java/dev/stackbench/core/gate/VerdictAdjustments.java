package dev.stackbench.core.gate;

import dev.stackbench.core.result.read.RecordedResults;
import dev.stackbench.core.result.read.RecordedTarget;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * What a check's numbers cannot see, applied to its verdict afterwards: a window that was not steady, a result that
 * lost part of its load; and the notes on steadiness the report ends with.
 */
final class VerdictAdjustments {

    private final GateInputs inputs;

    VerdictAdjustments(GateInputs inputs) {
        this.inputs = inputs;
    }

    /**
     * A comparison with the baseline where either side's window was not steady compares moving numbers:
     * its verdict is {@link Verdict#NOT_STEADY}, unless allowed; then the numbers decide and a note says so.
     */
    Check steadinessOf(String target, Check check) {
        var reasons = new ArrayList<String>();
        inputs.baseline().target(target).unsteadyReason().ifPresent(reason -> reasons.add("baseline " + reason));
        inputs.current().target(target).unsteadyReason().ifPresent(reason -> reasons.add("current " + reason));
        if (reasons.isEmpty()) {
            return check;
        }
        if (inputs.options().allowUnsteady()) {
            String note = (check.note().isEmpty() ? "" : check.note() + "; ")
                    + "not steady, compared as --allow-unsteady asks";
            return check.withNote(note);
        }
        return check.withVerdict(Verdict.NOT_STEADY, String.join("; ", reasons));
    }

    /**
     * Missing data never passes: a check of a current target (or the other of a ratio) that lost part of its load
     * fails, naming it as partial, whatever its numbers say.
     */
    Check failIfPartial(Check check, GateRule rule) {
        var reasons = new ArrayList<String>();
        var targets = new ArrayList<>(List.of(check.target()));
        if (rule instanceof GateRule.RatioLimit ratio) {
            targets.add(ratio.other());
        }
        for (String label : targets) {
            RecordedTarget now = inputs.current().target(label);
            if (now != null) {
                now.partialReason().ifPresent(reason -> reasons.add(label + " " + reason));
            }
        }
        if (reasons.isEmpty()) {
            return check;
        }
        return check.withVerdict(
                Verdict.FAIL, String.join("; ", reasons) + (check.note().isEmpty() ? "" : "; " + check.note()));
    }

    /** Says which windows were not steady, and for which steadiness is unknown. */
    void steadinessNotes(List<String> notes) {
        var unknown = new LinkedHashSet<String>();
        for (var side : List.of(new Side("baseline", inputs.baseline()), new Side("current", inputs.current()))) {
            if (side.results() == null) {
                continue;
            }
            for (RecordedTarget target : side.results().targets().values()) {
                target.unsteadyReason()
                        .ifPresent(reason -> notes.add(target.label() + ": " + side.name() + " " + reason));
                if (target.steadinessUnknown()) {
                    unknown.add(target.label());
                }
            }
        }
        if (!unknown.isEmpty()) {
            notes.add("steadiness unknown for " + String.join(", ", unknown)
                    + " (results written before stackbench judged it, or JMH):" + " compared as measured");
        }
    }

    private record Side(String name, RecordedResults results) {}
}
