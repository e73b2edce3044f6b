/**
 * Live outputs of a run ({@code load --output}, k6's {@code --out}): every reporting interval's numbers, as the
 * coordinator merged them anyway ({@link dev.stackbench.core.load.engine.LiveInterval}), handed to a Prometheus endpoint
 * (Micrometer's Prometheus registry, scraped through the Prometheus Java client's HTTP server), an OTLP/HTTP push (the
 * OpenTelemetry SDK's exporter) and a JSON-lines file. Nothing is counted per request for them: the hot path is the
 * same with or without outputs. A run without {@code --output} loads no class of this package, so none of these
 * libraries enters it.
 *
 * <p>May import bench-core (the engine's listener and its live interval, results, the vocabulary); nothing of the
 * command line, which calls it. The only package that imports Micrometer, OpenTelemetry or Prometheus.
 */
package dev.stackbench.output;
