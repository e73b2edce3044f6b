package dev.stackbench.core.compare;

import dev.stackbench.core.profile.ProfileMode;
import dev.stackbench.core.profile.ProfileSettings;

/**
 * How a comparison profiles each variant's server: over its measured trial windows only (never its warm-up or
 * rehearsals), one profile per variant, whose files go to {@code profiles/LABEL/} beside comparison.json.
 *
 * @param mode           a {@link ProfileMode} id: {@code jfr}, {@code async}, {@code async-wall}
 * @param keepRecordings whether the recordings are kept beside the collapsed stacks (they are large)
 */
public record ComparisonProfile(String mode, boolean keepRecordings) {

    /** @throws IllegalArgumentException naming an unknown mode */
    public ComparisonProfile {
        ProfileMode.fromId(mode);
    }

    public ProfileSettings settings() {
        return ProfileSettings.of(ProfileMode.fromId(mode)).withKeepRecordings(keepRecordings);
    }
}
