package dev.stackbench.output;

import dev.stackbench.core.load.engine.LiveInterval;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.exporter.otlp.http.metrics.OtlpHttpMetricExporter;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.common.InstrumentationScopeInfo;
import io.opentelemetry.sdk.metrics.data.AggregationTemporality;
import io.opentelemetry.sdk.metrics.data.DoublePointData;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.LongPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.metrics.internal.data.ImmutableDoublePointData;
import io.opentelemetry.sdk.metrics.internal.data.ImmutableGaugeData;
import io.opentelemetry.sdk.metrics.internal.data.ImmutableHistogramData;
import io.opentelemetry.sdk.metrics.internal.data.ImmutableHistogramPointData;
import io.opentelemetry.sdk.metrics.internal.data.ImmutableLongPointData;
import io.opentelemetry.sdk.metrics.internal.data.ImmutableMetricData;
import io.opentelemetry.sdk.metrics.internal.data.ImmutableSumData;
import io.opentelemetry.sdk.resources.Resource;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * {@code --output otlp=URL}: the run's live series pushed as OTLP/HTTP metrics (protobuf) by the OpenTelemetry SDK's
 * own exporter, every interval and once more at the end: cumulative sums for the counters, gauges, and explicit-bucket
 * histograms with {@link LiveSeries#BOUNDS_SECONDS}. The SDK's instruments record one value at a time, so the series
 * are handed to the exporter as its metric data directly (its immutable data classes), built from the interval's
 * histograms, never replayed request by request.
 *
 * <p>The exporter sends on its own threads; the clock thread never waits for it, except at the end, for the last push,
 * at most {@link #FINAL_PUSH_TIMEOUT}. A receiver that cannot be reached, or refuses, is said once, in one warning line;
 * the run and its results go on as if there were no output.
 */
final class OtlpPush implements LiveOutput {

    /** How long one push may take before it counts as failed. */
    static final Duration PUSH_TIMEOUT = Duration.ofSeconds(5);
    /** How long the end waits for the last push. */
    static final Duration FINAL_PUSH_TIMEOUT = Duration.ofSeconds(5);

    /** The SDK logs a failed export at every interval: the one warning line is ours. */
    private static final Logger SDK_LOG = Logger.getLogger("io.opentelemetry");

    private final OtlpHttpMetricExporter exporter;
    private final String url;
    private final PrintWriter err;
    private final AtomicBoolean warned = new AtomicBoolean();
    private final Resource resource =
            Resource.getDefault().toBuilder().put("service.name", "stackbench").build();
    private final InstrumentationScopeInfo scope = InstrumentationScopeInfo.create("dev.stackbench.output");

    OtlpPush(OutputSpec.Otlp spec, PrintWriter err) {
        SDK_LOG.setLevel(Level.OFF);
        this.url = spec.url().toString();
        this.err = err;
        this.exporter = OtlpHttpMetricExporter.builder()
                .setEndpoint(url)
                .setTimeout(PUSH_TIMEOUT)
                // No retries: the next interval's push carries the same cumulative numbers, newer; a retried stale one
                // would only hold the warning back by the retry's back-off.
                .setRetryPolicy(null)
                .build();
    }

    @Override
    public String describe() {
        return "otlp: " + url;
    }

    @Override
    public void update(LiveInterval interval, LiveSeries.Snapshot snapshot) {
        push(snapshot);
    }

    @Override
    public void finish(LiveSeries.Snapshot last) {
        push(last).join(FINAL_PUSH_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    }

    private CompletableResultCode push(LiveSeries.Snapshot snapshot) {
        if (snapshot.samples().isEmpty()) {
            return CompletableResultCode.ofSuccess();
        }
        CompletableResultCode result = exporter.export(metrics(snapshot));
        result.whenComplete(() -> {
            if (!result.isSuccess() && warned.compareAndSet(false, true)) {
                Throwable failure = result.getFailureThrowable();
                while (failure != null && failure.getCause() != null) {
                    failure = failure.getCause(); // the exporter wraps what went wrong twice
                }
                err.println("WARNING: --output otlp: cannot push to " + url
                        + (failure != null
                                ? " (" + failure.getClass().getSimpleName()
                                        + (failure.getMessage() != null ? ": " + failure.getMessage() : "") + ")"
                                : "")
                        + "; the run goes on, its results are unaffected, and this is not said again");
                err.flush();
            }
        });
        return result;
    }

    private List<MetricData> metrics(LiveSeries.Snapshot snapshot) {
        long start = TimeUnit.MILLISECONDS.toNanos(snapshot.startEpochMillis());
        long now = TimeUnit.MILLISECONDS.toNanos(snapshot.epochMillis());
        var byName = new LinkedHashMap<String, List<LiveSeries.Sample>>();
        snapshot.samples()
                .forEach(sample -> byName.computeIfAbsent(sample.name(), name -> new ArrayList<>())
                        .add(sample));
        var metrics = new ArrayList<MetricData>();
        byName.forEach((name, samples) -> {
            String help = samples.getFirst().help();
            metrics.add(
                    switch (samples.getFirst().kind()) {
                        case COUNTER -> {
                            var points = new ArrayList<LongPointData>();
                            samples.forEach(sample -> points.add(ImmutableLongPointData.create(
                                    start, now, attributes(sample.labels()), (long) sample.value())));
                            yield ImmutableMetricData.createLongSum(
                                    resource,
                                    scope,
                                    name,
                                    help,
                                    "1",
                                    ImmutableSumData.create(true, AggregationTemporality.CUMULATIVE, points));
                        }
                        case GAUGE -> {
                            var points = new ArrayList<DoublePointData>();
                            samples.forEach(sample -> points.add(ImmutableDoublePointData.create(
                                    start, now, attributes(sample.labels()), sample.value())));
                            yield ImmutableMetricData.createDoubleGauge(
                                    resource, scope, name, help, "1", ImmutableGaugeData.create(points));
                        }
                        case HISTOGRAM -> {
                            var points = new ArrayList<HistogramPointData>();
                            List<Double> bounds = Arrays.stream(LiveSeries.BOUNDS_SECONDS)
                                    .boxed()
                                    .toList();
                            samples.forEach(sample -> points.add(ImmutableHistogramPointData.create(
                                    start,
                                    now,
                                    attributes(sample.labels()),
                                    sample.sumSeconds(),
                                    false,
                                    0,
                                    false,
                                    0,
                                    bounds,
                                    Arrays.stream(sample.counts()).boxed().toList())));
                            yield ImmutableMetricData.createDoubleHistogram(
                                    resource,
                                    scope,
                                    name,
                                    help,
                                    "s",
                                    ImmutableHistogramData.create(AggregationTemporality.CUMULATIVE, points));
                        }
                    });
        });
        return metrics;
    }

    private static Attributes attributes(Map<String, String> labels) {
        AttributesBuilder builder = Attributes.builder();
        labels.forEach(builder::put);
        return builder.build();
    }

    @Override
    public void close() {
        exporter.shutdown().join(1, TimeUnit.SECONDS);
    }
}
