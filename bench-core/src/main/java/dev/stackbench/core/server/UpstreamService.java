package dev.stackbench.core.server;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A second service for the nested calls of the date workload ({@code callDepth}), as in experiment 003, whose
 * HTTP app called another server: an approach serving {@code date} on its own ephemeral port in this JVM,
 * adding {@code delayMillis} to every answer. Started before the server under test, which is given its address.
 *
 * <p>Only {@link Approach#WEBFLUX_NETTY} for now: every thread it runs on is its own and named so
 * ({@link RunningServer#threadNamePrefix()}), so its CPU is counted apart from the server's. The other
 * approaches share JVM-wide pools (the virtual-thread carriers, {@code boundedElastic}, the common pool)
 * with a server under test of the same kind.
 *
 * <pre>{@code
 * UpstreamService upstream = UpstreamService.parse("webflux-netty:20"); // or "webflux-netty", no delay
 * }</pre>
 *
 * @param delayMillis added to the wait of every date request it serves (0 for none)
 */
public record UpstreamService(Approach approach, int delayMillis) {

    /** The approaches that can be an upstream service. */
    public static final Set<Approach> APPROACHES = EnumSet.of(Approach.WEBFLUX_NETTY);
    /** Instead of a service: the nested calls go to the server itself (as without one). */
    public static final String SELF = "self";
    /** The longest delay an upstream adds, as the date workload's own {@code delayMillis} allows. */
    public static final int MAX_DELAY_MILLIS = 600_000;

    /** @throws IllegalArgumentException naming the value and what is allowed */
    public UpstreamService {
        Objects.requireNonNull(approach, "approach");
        if (!APPROACHES.contains(approach)) {
            throw new IllegalArgumentException("upstream approach " + approach.id() + " is not supported: only "
                    + APPROACHES.stream().map(Approach::id).toList()
                    + ", whose threads are all its own, so that its CPU can be told apart from the server's");
        }
        if (delayMillis < 0 || delayMillis > MAX_DELAY_MILLIS) {
            throw new IllegalArgumentException(
                    "upstream delayMillis must be 0 to " + MAX_DELAY_MILLIS + ", got " + delayMillis);
        }
    }

    /**
     * {@code APPROACH[:DELAY_MILLIS]}, e.g. {@code webflux-netty:20}.
     *
     * @throws IllegalArgumentException naming the value and the expected form
     */
    public static UpstreamService parse(String text) {
        Objects.requireNonNull(text, "text");
        int colon = text.indexOf(':');
        String approachId = colon < 0 ? text.strip() : text.substring(0, colon).strip();
        Approach approach = Approach.fromId(approachId);
        if (colon < 0) {
            return new UpstreamService(approach, 0);
        }
        try {
            return new UpstreamService(
                    approach, Integer.parseInt(text.substring(colon + 1).strip()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "upstream '" + text + "': expected APPROACH[:DELAY_MILLIS], e.g. webflux-netty:20", e);
        }
    }

    /** {@link #parse}, or empty for {@link #SELF}. */
    public static Optional<UpstreamService> parseUnlessSelf(String text) {
        return SELF.equals(Objects.requireNonNull(text, "text").strip()) ? Optional.empty() : Optional.of(parse(text));
    }

    @Override
    public String toString() {
        return approach.id() + ":" + delayMillis;
    }
}
