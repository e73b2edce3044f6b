package dev.stackbench.core.variant;

import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.Workload;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One of the things a comparison compares: how its server starts, the server's properties and the options of
 * the JVM it runs in, under a label. Variants of one comparison never share a JVM; each is started in its own
 * with the comparison's JVM options and its own after them (a later option wins, as on java's command line).
 * Immutable; every {@code with...} returns a new variant.
 *
 * <pre>{@code
 * Variant loom = Variant.of(Approach.LOOM_NETTY, Workload.DATE);                     // label "loom-netty"
 * Variant costly = Variant.of(Approach.PLATFORM_TOMCAT, Workload.DATE).withLabel("burn-3us")
 *         .withProperty("stackbench.date.burn-micros", "3").withJvmOptions(List.of("-XX:+UseParallelGC"));
 * }</pre>
 *
 * @param label      its name in results, reports and gates: letters, digits, '.', '_', '-' and '+'
 * @param properties server properties (a built-in approach's settings, or the application's properties)
 * @param jvmOptions options of its JVM after the comparison's, e.g. {@code -XX:+UseZGC}
 */
public record Variant(String label, ServerSource source, Map<String, String> properties, List<String> jvmOptions) {

    /** What a label may hold: it names a directory of results and a column of reports. */
    public static final Pattern LABEL = Pattern.compile("[A-Za-z0-9._+-]+");

    /** @throws IllegalArgumentException naming the bad label */
    public Variant {
        Objects.requireNonNull(source, "source");
        if (label == null || !LABEL.matcher(label).matches()) {
            throw new IllegalArgumentException("variant label '" + label
                    + "' must be letters, digits, '.', '_', '-' or '+' " + "(it names a directory of results)");
        }
        properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
        jvmOptions = List.copyOf(jvmOptions);
    }

    /** A built-in approach serving a workload, labelled with the approach's id. */
    public static Variant of(Approach approach, Workload workload) {
        return new Variant(approach.id(), new ServerSource.BuiltIn(approach, workload), Map.of(), List.of());
    }

    public Variant withLabel(String newLabel) {
        return new Variant(newLabel, source, properties, jvmOptions);
    }

    public Variant withProperty(String name, String value) {
        var merged = new LinkedHashMap<>(properties);
        merged.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
        return new Variant(label, source, merged, jvmOptions);
    }

    /** These properties under the variant's own: a variant's own setting wins. */
    public Variant withDefaultProperties(Map<String, String> defaults) {
        var merged = new LinkedHashMap<>(defaults);
        merged.putAll(properties);
        return new Variant(label, source, merged, jvmOptions);
    }

    public Variant withJvmOptions(List<String> options) {
        return new Variant(label, source, properties, options);
    }

    public Variant withSource(ServerSource newSource) {
        return new Variant(label, newSource, properties, jvmOptions);
    }
}
