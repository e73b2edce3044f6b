package dev.stackbench.output;

import dev.stackbench.core.load.engine.LiveInterval;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Inet6Address;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code --output prometheus}: an endpoint Prometheus scrapes, the conventional way for a JVM process. Micrometer's
 * Prometheus registry holds the metrics; the run's live series enter it as a collector of the Prometheus Java client's
 * model (counters, gauges, classic histograms), read from the last snapshot on each scrape; the client's own HTTP server
 * serves {@code /metrics} in whichever format the scraper asks for (text, OpenMetrics, protobuf). Nothing is formatted
 * here.
 *
 * <p>A run usually ends between two scrapes: its last numbers would be lost. So at the end the endpoint waits for one
 * scrape that sees them, at most {@link #LINGER}, and says so in one line.
 */
final class PrometheusEndpoint implements LiveOutput {

    /** How long the endpoint stays up after the run for a scrape of its final numbers. */
    static final Duration LINGER = Duration.ofSeconds(15);

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final HTTPServer server;
    private final String url;
    private volatile LiveSeries.Snapshot latest = new LiveSeries.Snapshot(List.of(), 0, 0, 0);
    /** The sequence of the newest snapshot a scrape has served. */
    private final AtomicLong scraped = new AtomicLong(-1);

    PrometheusEndpoint(OutputSpec.Prometheus spec) {
        MultiCollector collector = this::collect;
        registry.getPrometheusRegistry().register(collector);
        try {
            server = HTTPServer.builder()
                    .inetAddress(spec.address())
                    .port(spec.port())
                    .registry(registry.getPrometheusRegistry())
                    .buildAndStart();
        } catch (IOException e) {
            registry.close();
            throw new UncheckedIOException(
                    "--output prometheus: cannot listen on " + spec.address().getHostAddress() + ":" + spec.port()
                            + ": " + e.getMessage(),
                    e);
        }
        String host = spec.address() instanceof Inet6Address
                ? "[" + spec.address().getHostAddress() + "]"
                : spec.address().getHostAddress();
        url = "http://" + host + ":" + server.getPort() + "/metrics";
    }

    @Override
    public String describe() {
        return "prometheus: " + url;
    }

    @Override
    public void update(LiveInterval interval, LiveSeries.Snapshot snapshot) {
        latest = snapshot;
    }

    /** Waits, at most {@link #LINGER}, until a scrape has seen {@code last}. */
    @Override
    public void finish(LiveSeries.Snapshot last) {
        latest = last;
        long deadline = System.nanoTime() + LINGER.toNanos();
        while (scraped.get() < last.sequence() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private MetricSnapshots collect() {
        var snapshot = latest;
        scraped.accumulateAndGet(snapshot.sequence(), Math::max);
        var byName = new LinkedHashMap<String, List<LiveSeries.Sample>>();
        snapshot.samples()
                .forEach(sample -> byName.computeIfAbsent(sample.name(), name -> new ArrayList<>())
                        .add(sample));
        var metrics = new ArrayList<MetricSnapshot>();
        byName.forEach((name, samples) -> metrics.add(metric(name, samples)));
        return new MetricSnapshots(metrics);
    }

    private static MetricSnapshot metric(String name, List<LiveSeries.Sample> samples) {
        String help = samples.getFirst().help();
        return switch (samples.getFirst().kind()) {
            case COUNTER -> {
                var builder = CounterSnapshot.builder().name(name).help(help);
                samples.forEach(sample -> builder.dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder()
                        .labels(labels(sample.labels()))
                        .value(sample.value())
                        .build()));
                yield builder.build();
            }
            case GAUGE -> {
                var builder = GaugeSnapshot.builder().name(name).help(help);
                samples.forEach(sample -> builder.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder()
                        .labels(labels(sample.labels()))
                        .value(sample.value())
                        .build()));
                yield builder.build();
            }
            case HISTOGRAM -> {
                var builder = HistogramSnapshot.builder().name(name).help(help);
                double[] bounds = new double[LiveSeries.BOUNDS_SECONDS.length + 1];
                System.arraycopy(LiveSeries.BOUNDS_SECONDS, 0, bounds, 0, LiveSeries.BOUNDS_SECONDS.length);
                bounds[bounds.length - 1] = Double.POSITIVE_INFINITY;
                samples.forEach(sample -> builder.dataPoint(HistogramSnapshot.HistogramDataPointSnapshot.builder()
                        .labels(labels(sample.labels()))
                        .classicHistogramBuckets(ClassicHistogramBuckets.of(bounds, sample.counts()))
                        .sum(sample.sumSeconds())
                        .build()));
                yield builder.build();
            }
        };
    }

    private static Labels labels(Map<String, String> labels) {
        var names = new ArrayList<String>(labels.keySet()).stream().sorted().toList();
        return Labels.of(names, names.stream().map(labels::get).toList());
    }

    @Override
    public void close() {
        server.close();
        registry.close();
    }
}
