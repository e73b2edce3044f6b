package dev.stackbench.core.scenario;

import dev.stackbench.core.load.LoadOptions;

/**
 * A scenario that cannot be run, in one line naming where: the file, the run and the field, e.g.
 * {@code seed-000.yaml: run 'async-tomcat': load.duration: 'soon' is not a duration; ...}.
 */
public final class InvalidScenario extends IllegalArgumentException {

    InvalidScenario(String message) {
        super(message);
    }

    /** @param run the run's label, or null for the scenario as a whole; @param field null when no single field is wrong */
    static InvalidScenario of(String source, String run, String field, String problem) {
        return new InvalidScenario(source + ": " + (run == null ? "" : "run '" + run + "': ")
                + (field == null ? "" : field + ": ") + problem);
    }

    /** A problem with one field of a value, before it is known in which file and run. */
    static final class Field extends IllegalArgumentException {
        private final String field;

        Field(String field, String problem) {
            super(problem);
            this.field = field;
        }

        /** A bad load option, named as the file writes it: {@code load.duration}, or {@code load} when no one option is wrong. */
        static Field ofLoad(LoadOptions.InvalidOption e) {
            return new Field(e.option() == null ? "load" : "load." + e.option().id(), e.getMessage());
        }

        String field() {
            return field;
        }

        InvalidScenario in(String source, String run) {
            return of(source, run, field, getMessage());
        }
    }
}
