package dev.stackbench.core.compare.jvm;

import dev.stackbench.core.profile.ProfileMode;
import dev.stackbench.core.profile.ProfileSettings;
import java.util.Objects;

/**
 * How a comparison profiles each variant's server: over its measured trial windows only (never its warm-up or
 * rehearsals), one profile per variant, whose files go to {@code profiles/LABEL/} beside comparison.json.
 *
 * @param mode           how the CPU is sampled; in the order to a variant's JVM, its id: {@code jfr}, {@code async},
 *                       {@code async-wall}
 * @param keepRecordings whether the recordings are kept beside the collapsed stacks (they are large)
 */
public record ComparisonProfile(ProfileMode mode, boolean keepRecordings) {

    public ComparisonProfile {
        Objects.requireNonNull(mode, "mode");
    }

    public ProfileSettings settings() {
        return ProfileSettings.of(mode).withKeepRecordings(keepRecordings);
    }
}
