package dev.stackbench.core.compare;

import dev.stackbench.core.app.AppSource;
import dev.stackbench.core.compare.jvm.VariantFailure;
import dev.stackbench.core.compare.jvm.VariantJvm;
import dev.stackbench.core.compare.jvm.VariantOrder;
import dev.stackbench.core.jvm.AotCaches;
import dev.stackbench.core.jvm.AotCaches.AotCache;
import dev.stackbench.core.load.LoadDefaults;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.variant.ServerSource;
import dev.stackbench.core.variant.Variant;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Each variant's JVMs start from one AOT cache: the first time a variant is compared (on this JDK, with these jars and
 * options), a training JVM of its own is started, warmed up as a measured JVM would be, and stopped,
 * and the JVM writes the cache as it exits; every JVM of the variant then starts from it, in this comparison and in
 * later ones. An A/A control's copy is the same kind of JVM and shares its original's cache. The training JVM measures
 * nothing that counts.
 *
 * <p>Off unless asked for ({@link AotCaches.Use#ON}): measured here, JVMs started from their cache started sooner but
 * were not ready sooner (warm-up and rehearsals until the JIT is quiet, most of what a JVM costs a comparison), and
 * differed from each other as much as JVMs without it (docs/compare.md).
 */
final class VariantAot {

    /** The JVM writes its cache as it exits: an assembly of some seconds, more for a large application. */
    static final Duration ASSEMBLY_TIMEOUT = Duration.ofMinutes(3);

    private final Comparison comparison;
    private final AotCaches caches;
    private final Path logs;
    private final ComparisonRunner.Listener listener;
    /** The options of a variant's JVMs, by the variant's label without the control's suffix: one training each. */
    private final Map<String, List<String>> options = new ConcurrentHashMap<>();

    VariantAot(Comparison comparison, AotCaches caches, Path logs, ComparisonRunner.Listener listener) {
        this.comparison = comparison;
        this.caches = caches;
        this.logs = logs;
        this.listener = listener;
    }

    /** The AOT options of {@code variant}'s JVMs, trained now if its cache is missing; none when off, saying why once. */
    List<String> options(Variant variant) {
        String kind = comparison.aa() != null && variant.label().equals(Comparison.aaLabel(comparison.aa()))
                ? comparison.aa()
                : variant.label();
        return options.computeIfAbsent(kind, unused -> decide(variant.withLabel(kind)));
    }

    private List<String> decide(Variant variant) {
        if (comparison.aot() == AotCaches.Use.OFF) {
            return List.of();
        }
        AotCache cache = VariantCommand.separateProcess(variant)
                ? new AotCache.Off("the application runs in a process of its own, which starts without one")
                : caches.of(
                        fileName(variant),
                        AotCaches.classPath(),
                        code(variant),
                        VariantCommand.jvmOptions(comparison, variant),
                        training(variant));
        return switch (cache) {
            case AotCache.Ready ready -> {
                listener.message("AOT cache of " + variant.label() + ": " + ready.file());
                yield ready.options();
            }
            case AotCache.Missing missing -> train(variant, missing);
            case AotCache.Off off -> {
                listener.message("AOT cache of " + variant.label() + ": none, " + off.reason());
                yield List.of();
            }
        };
    }

    /** A training JVM warmed up as a measured one is, then stopped: the JVM writes the cache as it exits. */
    private List<String> train(Variant variant, AotCache.Missing missing) {
        listener.message("AOT cache of " + variant.label() + ": training a JVM (once for this JDK, these jars, options"
                + "; kept in " + missing.file().getParent() + ")");
        long start = System.nanoTime();
        Path log = logs.resolve(variant.label() + "-aot-training.log");
        var command = VariantCommand.of(comparison, variant, missing.trainingOptions());
        try (VariantJvm jvm = VariantJvm.start(
                variant,
                0,
                command,
                Warmups.setup(comparison, variant, logs.resolve(variant.label() + "-aot-training-app.log")),
                log,
                Warmups.START_TIMEOUT)) {
            jvm.measure(new VariantOrder.Warm(null), LoadDefaults.WARMUP_CAP.plus(ComparisonRunner.TRIAL_SLACK));
            jvm.close(ASSEMBLY_TIMEOUT);
        } catch (VariantFailure e) {
            listener.message("AOT cache of " + variant.label() + ": none, its training JVM failed (" + e.getMessage()
                    + "; log " + log + ")");
            return List.of();
        }
        return missing.keep()
                .map(ready -> {
                    listener.message(String.format(
                            "AOT cache of %s: trained in %.0f s, %s",
                            variant.label(), (System.nanoTime() - start) / 1e9, ready.file()));
                    return ready.options();
                })
                .orElseGet(() -> {
                    listener.message("AOT cache of " + variant.label()
                            + ": none, its training JVM wrote no cache (its log: " + log + ")");
                    return List.<String>of();
                });
    }

    /**
     * What the cache's file is named after: the variant's server (not its label, which another comparison may give
     * the same server differently); the key makes it unique.
     */
    private static String fileName(Variant variant) {
        String server = variant.source().describe().replaceAll("[^A-Za-z0-9.+-]+", "-");
        return server.length() <= 48 ? server : server.substring(0, 48);
    }

    /** An application's jar, whose classes the JVM loads: a rebuilt jar is another cache. */
    private static List<Path> code(Variant variant) {
        if (variant.source() instanceof ServerSource.Application app
                && app.app().source() instanceof AppSource.ExecutableJar jar) {
            return List.of(jar.jar());
        }
        return List.of();
    }

    /**
     * What the cache is trained on: the variant (its label aside). Not the load: another load does not invalidate a
     * cache (the classes it did not load load as usual), and a cache kept across loads is trained once.
     */
    private static String training(Variant variant) {
        return ResultFiles.json().writeValueAsString(variant.withLabel("variant"));
    }
}
