package dev.stackbench.cli;

import dev.stackbench.core.load.engine.ProgressListener;
import java.io.PrintWriter;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * A command's {@code --output}s, open from before its first run to after its last. Without any, nothing of
 * dev.stackbench.output is loaded (nor Micrometer, the Prometheus client or the OpenTelemetry SDK): the class is named
 * only inside {@link #open}'s branch that needs it, as {@link AgentsRun} does for the cluster.
 */
final class OutputScope implements AutoCloseable {

    static final OutputScope NONE = new OutputScope(null, UnaryOperator.identity());

    private final AutoCloseable outputs;
    private final UnaryOperator<ProgressListener> around;

    private OutputScope(AutoCloseable outputs, UnaryOperator<ProgressListener> around) {
        this.outputs = outputs;
        this.around = around;
    }

    /**
     * @param agent the agent's name, a label on every series; null for {@code load}
     * @throws IllegalArgumentException for a bad --output, before any run
     */
    static OutputScope open(List<String> values, String agent, PrintWriter err) {
        if (values.isEmpty()) {
            return NONE;
        }
        var opened = dev.stackbench.output.LiveOutputs.open(values, agent, err);
        return new OutputScope(opened, opened::around);
    }

    /** The listener a run gets: {@code progress}, and the outputs when there are any. */
    ProgressListener around(ProgressListener progress) {
        return around.apply(progress);
    }

    @Override
    public void close() throws Exception {
        if (outputs != null) {
            outputs.close();
        }
    }
}
