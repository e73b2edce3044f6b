package dev.stackbench.output;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.file.Path;

/**
 * One {@code --output} value, parsed: where a run's live numbers go. k6's forms: {@code NAME} or {@code NAME=WHERE}.
 *
 * <pre>{@code
 * OutputSpec.parse("prometheus");                       // http://127.0.0.1:9464/metrics
 * OutputSpec.parse("prometheus=0.0.0.0:9464");          // every interface (other machines reach it)
 * OutputSpec.parse("otlp=http://127.0.0.1:4318/v1/metrics");
 * OutputSpec.parse("json=live.jsonl");
 * }</pre>
 */
public sealed interface OutputSpec {

    /** Prometheus' conventional exporter port, OpenTelemetry's and the JVM agents' default too. */
    int DEFAULT_PROMETHEUS_PORT = 9464;

    String FORMS = "prometheus[=[ADDRESS]:PORT], otlp=URL, json=FILE";

    /**
     * An endpoint Prometheus scrapes, {@code /metrics} on {@code address:port}; loopback unless told otherwise, as
     * {@code serve}. Port 0 takes a free one (printed at the start).
     */
    record Prometheus(InetAddress address, int port) implements OutputSpec {}

    /** OTLP/HTTP (protobuf) metrics, pushed to {@code url} every interval. */
    record Otlp(URI url) implements OutputSpec {}

    /** One JSON object per interval, appended to {@code file} and flushed: what a script tails. */
    record JsonLines(Path file) implements OutputSpec {}

    /** @throws IllegalArgumentException naming the value and the forms that are valid */
    static OutputSpec parse(String value) {
        int equals = value.indexOf('=');
        String name = equals < 0 ? value : value.substring(0, equals);
        String where = equals < 0 ? null : value.substring(equals + 1);
        return switch (name) {
            case "prometheus" -> prometheus(value, where);
            case "otlp" -> new Otlp(url(value, where));
            case "json" -> {
                if (where == null || where.isBlank()) {
                    throw new IllegalArgumentException("--output '" + value + "': json needs a file, json=FILE");
                }
                yield new JsonLines(Path.of(where));
            }
            case "prometheus-rw" ->
                throw new IllegalArgumentException(
                        "--output '" + value + "': Prometheus remote write is not offered: no library"
                                + " kept here writes it (Micrometer's registries, the Prometheus Java client and the OpenTelemetry SDK"
                                + " all lack it); for runs that end before a scrape, push otlp=URL to Prometheus' own OTLP receiver"
                                + " (otlp=http://PROMETHEUS:9090/api/v1/otlp/v1/metrics, Prometheus 3 with --web.enable-otlp-receiver)");
            default ->
                throw new IllegalArgumentException(
                        "--output '" + value + "': unknown output '" + name + "'; the outputs are " + FORMS);
        };
    }

    private static Prometheus prometheus(String value, String where) {
        if (where == null) {
            return new Prometheus(InetAddress.getLoopbackAddress(), DEFAULT_PROMETHEUS_PORT);
        }
        int colon = where.lastIndexOf(':');
        String host = colon < 0 ? where : where.substring(0, colon);
        String portText = colon < 0 ? String.valueOf(DEFAULT_PROMETHEUS_PORT) : where.substring(colon + 1);
        int port;
        try {
            port = Integer.parseInt(portText);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "--output '" + value + "': the port must be a number from 0 to 65535, got '" + portText + "'");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException(
                    "--output '" + value + "': the port must be a number from 0 to 65535, got " + port);
        }
        try {
            return new Prometheus(
                    host.isEmpty() ? InetAddress.getLoopbackAddress() : InetAddress.getByName(host), port);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--output '" + value + "': unknown address '" + host + "'");
        }
    }

    private static URI url(String value, String where) {
        if (where == null || where.isBlank()) {
            throw new IllegalArgumentException(
                    "--output '" + value + "': otlp needs the receiver's URL, otlp=http://HOST:4318/v1/metrics");
        }
        URI url = URI.create(where);
        if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme()) || url.getHost() == null) {
            throw new IllegalArgumentException(
                    "--output '" + value + "': otlp needs an http:// or https:// URL, got '" + where + "'");
        }
        return url;
    }
}
