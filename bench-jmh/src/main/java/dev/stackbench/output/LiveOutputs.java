package dev.stackbench.output;

import dev.stackbench.core.load.engine.ForwardingProgressListener;
import dev.stackbench.core.load.engine.LiveInterval;
import dev.stackbench.core.load.engine.ProgressListener;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code --output}s of one command, opened before its first run and closed after its last: a
 * {@link ProgressListener} that passes everything on to the command's own listener (its progress lines) and hands each
 * interval to every output. Built once per process, so a scenario's runs share one endpoint, each run a {@code target}
 * label of its own.
 *
 * <pre>{@code
 * try (var outputs = LiveOutputs.open(List.of("prometheus", "json=live.jsonl"), null, err)) {
 *     LoadGenerator.run(run, target, outputs.around(printer), stop);
 * }
 * }</pre>
 */
public final class LiveOutputs implements AutoCloseable {

    private final List<LiveOutput> outputs;
    private final LiveSeries series;
    private final PrintWriter err;

    private LiveOutputs(List<LiveOutput> outputs, LiveSeries series, PrintWriter err) {
        this.outputs = List.copyOf(outputs);
        this.series = series;
        this.err = err;
    }

    /** The listener to run with: {@code inner} (the command's progress lines) hears everything, the outputs the intervals. */
    public ProgressListener around(ProgressListener inner) {
        return new ForwardingProgressListener(inner) {
            @Override
            public void live(LiveInterval interval) {
                super.live(interval);
                var snapshot = series.update(interval);
                for (LiveOutput output : outputs) {
                    output.update(interval, snapshot);
                }
            }
        };
    }

    /**
     * Parses and opens every {@code --output}, says where each goes in one line on {@code err}, and returns them; a bad
     * value or an endpoint that cannot listen is refused before any run (what was opened is closed again).
     *
     * @param agent the agent's name, a label on every series (each agent reports its own segment); null otherwise
     * @throws IllegalArgumentException naming the bad value
     */
    public static LiveOutputs open(List<String> values, String agent, PrintWriter err) {
        var specs = values.stream().map(OutputSpec::parse).toList();
        var opened = new ArrayList<LiveOutput>();
        try {
            for (OutputSpec spec : specs) {
                opened.add(
                        switch (spec) {
                            case OutputSpec.Prometheus prometheus -> new PrometheusEndpoint(prometheus);
                            case OutputSpec.Otlp otlp -> new OtlpPush(otlp, err);
                            case OutputSpec.JsonLines json -> new JsonLinesFile(json, agent, err);
                        });
            }
        } catch (RuntimeException e) {
            opened.forEach(LiveOutput::close);
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        opened.forEach(output -> err.println("live output " + output.describe()));
        err.flush();
        return new LiveOutputs(opened, new LiveSeries(agent), err);
    }

    /** The last numbers to every output (a Prometheus endpoint waits for a scrape of them), then closes them. */
    @Override
    public void close() {
        var last = series.snapshot();
        for (LiveOutput output : outputs) {
            if (output instanceof PrometheusEndpoint && last.sequence() > 0) {
                err.println("live output " + output.describe() + ": waiting up to "
                        + PrometheusEndpoint.LINGER.toSeconds() + " s for a scrape of the final numbers");
                err.flush();
            }
            output.finish(last);
            output.close();
        }
    }
}
