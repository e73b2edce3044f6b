package dev.stackbench.core.variant;

import dev.stackbench.core.app.AppSource;
import dev.stackbench.core.app.AppSpec;
import dev.stackbench.core.app.WebServer;
import dev.stackbench.core.server.Approach;
import dev.stackbench.core.server.Workload;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A variant as the command line writes it ({@code --variant}):
 * <ul>
 *   <li>{@code loom-netty}: a built-in approach, labelled with its id;</li>
 *   <li>{@code LABEL:SETTING,SETTING,...}: a label and settings, each {@code approach=ID} (or a bare approach id),
 *       {@code jar=PATH} (the user's application from another executable jar: another build of it),
 *       {@code web-server=ID} (the application's web server, where its jar holds several), {@code jvm=OPTION} (one JVM
 *       option; repeatable) or {@code NAME=VALUE}, a server property, e.g.
 *       {@code burn:platform-tomcat,stackbench.date.burn-micros=3,jvm=-XX:+UseZGC} or
 *       {@code big-pool:app.pool.size=50} (an application's property).</li>
 * </ul>
 * A variant that names no approach or jar starts as {@code defaultSource} says (the comparison's own, e.g. the
 * application every variant runs), and needs one; {@code jar=} and {@code web-server=} keep the rest of it.
 */
public final class VariantText {

    /** The setting that chooses a built-in approach. */
    public static final String APPROACH = "approach";
    /** The setting that adds one JVM option. */
    public static final String JVM = "jvm";
    /** The setting that starts the application from another executable jar. */
    public static final String JAR = "jar";
    /** The setting that chooses the application's web server. */
    public static final String WEB_SERVER = "web-server";
    /** The form, for messages. */
    public static final String FORM =
            "APPROACH, or LABEL:SETTING[,SETTING...] with settings approach=ID, jar=PATH, web-server=ID, "
                    + "jvm=OPTION or NAME=VALUE";

    private VariantText() {}

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
                throw new IllegalArgumentException(
                        "variant '" + trimmed + "': a label comes first, e.g. mine:" + trimmed + " (" + FORM + ")");
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
                throw new IllegalArgumentException(
                        "variant '" + trimmed + "': setting '" + item + "' has no name (" + FORM + ")");
            }
            switch (name) {
                case APPROACH -> source = new ServerSource.BuiltIn(approach(trimmed, value), workload);
                case JAR -> {
                    var jar = new AppSource.ExecutableJar(Path.of(value));
                    AppSpec app = application(source, defaultSource);
                    source = new ServerSource.Application(app == null ? AppSpec.of(jar) : app.withSource(jar));
                }
                case WEB_SERVER -> {
                    AppSpec app = application(source, defaultSource);
                    if (app == null) {
                        throw new IllegalArgumentException(
                                "variant '" + trimmed + "': web-server= chooses an application's web server; "
                                        + "give the application first (--app JAR, or jar=PATH before it)");
                    }
                    try {
                        source = new ServerSource.Application(app.withWebServer(WebServer.fromId(value)));
                    } catch (IllegalArgumentException e) {
                        throw new IllegalArgumentException("variant '" + trimmed + "': " + e.getMessage(), e);
                    }
                }
                case JVM -> {
                    if (!value.startsWith("-")) {
                        throw new IllegalArgumentException("variant '" + trimmed + "': jvm=" + value
                                + " is not a JVM option (they start with '-')");
                    }
                    jvmOptions.add(value);
                }
                default -> properties.put(name, value);
            }
        }
        if (source == null) {
            throw new IllegalArgumentException("variant '" + trimmed + "' names no approach: add approach=ID (one of "
                    + Approach.ids() + "), or give the application every variant runs (--app JAR)");
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
                throw new IllegalArgumentException("variants '" + previous + "' and '" + text + "' share the label '"
                        + variant.label() + "'; give one another label (LABEL:...)");
            }
            variants.add(variant);
        }
        return variants;
    }

    /** The application this variant has so far, else the comparison's; null when there is none. */
    private static AppSpec application(ServerSource current, ServerSource defaultSource) {
        if (current instanceof ServerSource.Application app) {
            return app.app();
        }
        return current == null && defaultSource instanceof ServerSource.Application app ? app.app() : null;
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
        return properties.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue())
                .reduce((a, b) -> a + ", " + b)
                .orElse("");
    }
}
