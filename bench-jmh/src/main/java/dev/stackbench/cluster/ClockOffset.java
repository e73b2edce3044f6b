package dev.stackbench.cluster;

import java.time.Instant;

/**
 * How far an agent's clock is from the coordinator's, NTP's way: a probe sent at {@code t1} and answered at
 * agent time {@code a} comes back at {@code t2}; if the two legs took as long, the agent's clock read {@code a}
 * at {@code (t1 + t2) / 2}, so the offset is {@code a - (t1 + t2) / 2}, wrong by at most half the round trip.
 * Of several probes the one with the shortest round trip is kept: it bounds the error best.
 */
record ClockOffset(long offsetNanos, long roundTripNanos) {

    static ClockOffset of(long sentEpochNanos, long agentEpochNanos, long receivedEpochNanos) {
        return new ClockOffset(
                agentEpochNanos - (sentEpochNanos + receivedEpochNanos) / 2, receivedEpochNanos - sentEpochNanos);
    }

    /** This machine's clock, in nanoseconds since the epoch (microseconds on Linux). */
    static long nowEpochNanos() {
        var now = Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    static Instant instant(long epochNanos) {
        return Instant.ofEpochSecond(0, epochNanos);
    }

    ClockOffset better(ClockOffset other) {
        return other == null || roundTripNanos <= other.roundTripNanos ? this : other;
    }

    double offsetMillis() {
        return offsetNanos / 1e6;
    }

    double roundTripMillis() {
        return roundTripNanos / 1e6;
    }
}
