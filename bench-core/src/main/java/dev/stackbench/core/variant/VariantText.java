package dev.stackbench.core.variant;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.Workload;

/**
 * A variant as the command line writes it ({@code --variant}):
 * <ul>
 *   <li>{@code loom-netty}: a built-in approach, labelled with its id;</li>
 *   <li>{@code LABEL:SETTING,SETTING,...}: a label and settings, each {@code approach=ID} (or a bare approach id),
 *       {@code jvm=OPTION} (one JVM option; repeatable) or {@code NAME=VALUE}, a server property, e.g.
 *       {@code burn:platform-tomcat,stackbench.date.burn-micros=3,jvm=-XX:+UseZGC}.</li>
 * </ul>
 * A variant that names no approach starts as {@code defaultSource} says (the comparison's own, e.g. the application
 * every variant runs), and needs one.
 */
public final class VariantText {

    /** The setting that chooses a built-in approach. */
    public static final String APPROACH = "approach";
    /** The setting that adds one JVM option. */
    public static final String JVM = "jvm";
    /** The form, for messages. */
    public static final String FORM = "APPROACH, or LABEL:SETTING[,SETTING...] with settings approach=ID, jvm=OPTION or NAME=VALUE";

    private VariantText() {
    }

    /**
     * @param defaultSource how a variant that names no approach starts; null when every variant must name one
     * @param workload      what a built-in approach serves
     * @throws IllegalArgumentException naming the variant and what is wrong with it
     */
    public static Variant parse(String text, ServerSource defaultSource, Workload workload) {
        String trimmed = text == null ? "" : text.strip();
        if (trimmed.isEmpty()) {
            throw new IllegalArgumentException("--variant needs a value: " + FORM);
        }
        int colon = trimmed.indexOf(':');
        if (colon < 0) {
            if (trimmed.contains("=")) {
                throw new IllegalArgumentException("variant '" + trimmed + "': a label comes first, e.g. mine:" + trimmed + " (" + FORM + ")");
            }
            return Variant.of(approach(trimmed, trimmed), workload);
        }
        String label = trimmed.substring(0, colon);
        String settings = trimmed.substring(colon + 1);
        ServerSource source = defaultSource;
        var properties = new LinkedHashMap<String, String>();
        var jvmOptions = new ArrayList<String>();
        for (String setting : settings.split(",")) {
            String item = setting.strip();
            if (item.isEmpty()) {
                continue;
            }
            int equals = item.indexOf('=');
            if (equals < 0) {
                source = new ServerSource.BuiltIn(approach(trimmed, item), workload);
                continue;
            }
            String name = item.substring(0, equals).strip();
            String value = item.substring(equals + 1).strip();
            if (name.isEmpty()) {
                throw new IllegalArgumentException("variant '" + trimmed + "': setting '" + item + "' has no name (" + FORM + ")");
            }
            switch (name) {
                case APPROACH -> source = new ServerSource.BuiltIn(approach(trimmed, value), workload);
                case JVM -> {
                    if (!value.startsWith("-")) {
                        throw new IllegalArgumentException("variant '" + trimmed + "': jvm=" + value + " is not a JVM option (they start with '-')");
                    }
                    jvmOptions.add(value);
                }
                default -> properties.put(name, value);
            }
        }
        if (source == null) {
            throw new IllegalArgumentException("variant '" + trimmed + "' names no approach: add approach=ID (one of " + Approach.ids() + ")");
        }
        try {
            return new Variant(label, source, properties, jvmOptions);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("variant '" + trimmed + "': " + e.getMessage(), e);
        }
    }

    /** Several variants; their labels must differ. */
    public static List<Variant> parseAll(List<String> texts, ServerSource defaultSource, Workload workload) {
        var variants = new ArrayList<Variant>();
        var labels = new LinkedHashMap<String, String>();
        for (String text : texts) {
            Variant variant = parse(text, defaultSource, workload);
            String previous = labels.put(variant.label(), text);
            if (previous != null) {
                throw new IllegalArgumentException("variants '" + previous + "' and '" + text + "' share the label '" + variant.label()
                        + "'; give one another label (LABEL:...)");
            }
            variants.add(variant);
        }
        return variants;
    }

    private static Approach approach(String variant, String id) {
        try {
            return Approach.fromId(id);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("variant '" + variant + "': " + e.getMessage(), e);
        }
    }

    /** {@code name=value} pairs as {@link #parse} reads them, for messages and summaries. */
    public static String describe(Map<String, String> properties) {
        return properties.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).reduce((a, b) -> a + ", " + b).orElse("");
    }
}
