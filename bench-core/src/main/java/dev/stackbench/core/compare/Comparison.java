package dev.stackbench.core.compare;

import dev.stackbench.core.compare.jvm.ComparisonProfile;
import dev.stackbench.core.compare.jvm.LoadSetup;
import dev.stackbench.core.jvm.AotCaches;
import dev.stackbench.core.load.LoadOption;
import dev.stackbench.core.load.LoadOptions;
import dev.stackbench.core.load.LoadProfile;
import dev.stackbench.core.profile.ProfileRecorder;
import dev.stackbench.core.variant.ServerSource;
import dev.stackbench.core.variant.Variant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

/**
 * A comparison, validated before any JVM starts: the variants, the load each of them gets, how the JVMs are started,
 * and how it is run and decided. With {@code aa} one variant is measured twice, in two JVMs under two labels, as a
 * control: their ratio's interval is the comparison's own noise floor, and their being declared different says its
 * verdicts are not to be trusted.
 *
 * @param jvmOptions options of every variant's JVM, after {@link VariantCommand#DEFAULT_JVM_OPTIONS} and before each
 *                   variant's own
 * @param aa         the label of the variant to measure twice; null for no control
 * @param profile    how each variant's server is profiled over its trials; null for no profile
 * @param aot        whether the variants' JVMs start from AOT caches ({@link VariantAot}); null: {@link AotCaches.Use#OFF}
 * @param stopRule   when a look has decided enough to stop; null: {@link StopRule#EVERY_PAIR}
 */
public record Comparison(
        List<Variant> variants,
        LoadSetup load,
        boolean http2,
        boolean tls,
        List<String> jvmOptions,
        Design design,
        String aa,
        ComparisonProfile profile,
        AotCaches.Use aot,
        StopRule stopRule) {

    /** A comparison without profiles. */
    public Comparison(
            List<Variant> variants,
            LoadSetup load,
            boolean http2,
            boolean tls,
            List<String> jvmOptions,
            Design design,
            String aa) {
        this(variants, load, http2, tls, jvmOptions, design, aa, null, AotCaches.Use.OFF, StopRule.EVERY_PAIR);
    }

    /** The same comparison, each variant profiled so. */
    public Comparison withProfile(ComparisonProfile newProfile) {
        return new Comparison(variants, load, http2, tls, jvmOptions, design, aa, newProfile, aot, stopRule);
    }

    /** The same comparison, its JVMs' AOT caches used so. */
    public Comparison withAot(AotCaches.Use newAot) {
        return new Comparison(variants, load, http2, tls, jvmOptions, design, aa, profile, newAot, stopRule);
    }

    /** The same comparison, its variants' JVMs started with these options before their own. */
    public Comparison withJvmOptions(List<String> newJvmOptions) {
        return new Comparison(variants, load, http2, tls, newJvmOptions, design, aa, profile, aot, stopRule);
    }

    /** The same comparison, stopped at a look when {@code rule} says it has decided. */
    public Comparison withStopRule(StopRule rule) {
        return new Comparison(variants, load, http2, tls, jvmOptions, design, aa, profile, aot, rule);
    }

    /** The label of the control's second copy of variant {@code label}. */
    public static String aaLabel(String label) {
        return label + "-aa";
    }

    /** @throws IllegalArgumentException naming what is wrong */
    public Comparison {
        if (aot == null) {
            aot = AotCaches.Use.OFF;
        }
        if (stopRule == null) {
            stopRule = StopRule.EVERY_PAIR;
        }
        variants = List.copyOf(variants);
        jvmOptions = List.copyOf(jvmOptions);
        var labels = new HashSet<String>();
        for (Variant variant : variants) {
            if (!labels.add(variant.label())) {
                throw new IllegalArgumentException(
                        "two variants are labelled '" + variant.label() + "'; labels must differ");
            }
        }
        if (aa != null && !labels.contains(aa)) {
            throw new IllegalArgumentException(
                    "--aa " + aa + ": no variant has that label; variants: " + String.join(", ", labels));
        }
        if (aa != null && labels.contains(aaLabel(aa))) {
            throw new IllegalArgumentException(
                    "--aa " + aa + ": its control would be labelled " + aaLabel(aa) + ", which a variant has");
        }
        var measuredLabels =
                new ArrayList<String>(variants.stream().map(Variant::label).toList());
        if (aa != null) {
            measuredLabels.add(aaLabel(aa));
        }
        for (String label : stopRule.labels()) {
            if (!measuredLabels.contains(label)) {
                throw new IllegalArgumentException(stopRule.words() + ": no variant has the label '" + label
                        + "'; variants: " + String.join(", ", measuredLabels));
            }
        }
        long applications = variants.stream()
                .filter(variant -> variant.source() instanceof ServerSource.Application)
                .count();
        if (applications > 0 && applications < variants.size()) {
            throw new IllegalArgumentException(
                    "every variant of a comparison serves the same requests: compare your application's variants "
                            + "with each other, or built-in approaches with each other, not both in one comparison");
        }
        if (profile != null && profile.mode().async() && variants.stream().anyMatch(VariantCommand::separateProcess)) {
            throw new IllegalArgumentException(ProfileRecorder.OTHER_PROCESS_ASYNC);
        }
        int measured = variants.size() + (aa == null ? 0 : 1);
        if (measured < 2) {
            throw new IllegalArgumentException(
                    "a comparison needs at least two variants (or one with --aa), got " + variants.size());
        }
        LoadOptions options = load.loadOptions();
        LoadProfile loadProfile = options.profile(LoadOption.Naming.COMMAND_LINE);
        if (loadProfile instanceof LoadProfile.RampingUsers || loadProfile instanceof LoadProfile.RampingRate) {
            throw new IllegalArgumentException(
                    "--stages: a comparison measures every variant under the same steady load in short "
                            + "windows; give --concurrency or --rate");
        }
        if (options.requests() != null) {
            throw new IllegalArgumentException(
                    "--requests: a comparison's trials are windows of one length (--duration), not request budgets");
        }
    }

    /** The variants as measured: the control's copy after its original. */
    public List<Variant> measured() {
        var all = new ArrayList<Variant>();
        for (Variant variant : variants) {
            all.add(variant);
            if (variant.label().equals(aa)) {
                all.add(variant.withLabel(aaLabel(aa)));
            }
        }
        return all;
    }
}
