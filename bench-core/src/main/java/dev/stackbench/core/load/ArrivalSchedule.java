package dev.stackbench.core.load;

/**
 * Open model: when request {@code i} is meant to start, computed directly from {@code i} (wrk2's
 * intended start time, generalised to rate ramps). The sender sends request i at
 * {@code t0 + intendedOffsetNanos(i)} and the recorder measures its latency from the same instant,
 * so a stalled server shows in the percentiles instead of silently delaying the sends.
 *
 * <p>The rate is piecewise linear, so the cumulative count N(t) is piecewise quadratic and
 * request i starts at N⁻¹(i): request 0 at the start, request i of a constant rate R at i/R.
 */
public final class ArrivalSchedule {

    private final Ramp rate;
    /** Cumulative requests at the start of each segment, and one more entry at the end. */
    private final double[] countAtSegmentStart;
    /** Read on the event loops for every request: computed once. */
    private final long requestCount;

    public ArrivalSchedule(Ramp ratePerSecond) {
        this.rate = ratePerSecond;
        var segments = ratePerSecond.segments();
        countAtSegmentStart = new double[segments.size() + 1];
        for (int k = 0; k < segments.size(); k++) {
            var segment = segments.get(k);
            countAtSegmentStart[k + 1] =
                    countAtSegmentStart[k] + (segment.from() + segment.to()) / 2 * segment.seconds();
        }
        requestCount = (long) Math.ceil(countAtSegmentStart[countAtSegmentStart.length - 1] - 1e-9);
    }

    /** How many requests the schedule holds: those whose intended start falls before its end. */
    public long requestCount() {
        return requestCount;
    }

    public long endNanos() {
        return rate.endNanos();
    }

    /**
     * @param i a request number from 0 to {@link #requestCount()} - 1
     * @return its intended start, in nanoseconds after the run's start
     */
    public long intendedOffsetNanos(long i) {
        if (i < 0 || i >= requestCount()) {
            throw new IndexOutOfBoundsException("request " + i + " is outside the schedule of " + requestCount());
        }
        var segments = rate.segments();
        int k = 0;
        while (k < segments.size() - 1 && countAtSegmentStart[k + 1] <= i) {
            k++;
        }
        var segment = segments.get(k);
        double x = i - countAtSegmentStart[k];
        if (x <= 0) {
            return segment.startNanos();
        }
        double r0 = segment.from();
        double slope = segment.seconds() == 0 ? 0 : (segment.to() - segment.from()) / segment.seconds();
        // Solves r0*t + slope*t^2/2 = x; this form has no cancellation for either sign of slope.
        double seconds = 2 * x / (r0 + Math.sqrt(Math.max(0, r0 * r0 + 2 * slope * x)));
        return Math.min(segment.endNanos(), segment.startNanos() + Math.round(seconds * 1e9));
    }

    /**
     * How many requests are due by {@code offsetNanos}: those with an intended start at or before it.
     * Computed directly from the rate, so the requests waiting for a connection are a range of numbers
     * (from the first not sent to this count), whatever their number: memory stays flat at any rate.
     */
    public long countDueBy(long offsetNanos) {
        long total = requestCount();
        if (offsetNanos < 0 || total == 0) {
            return 0;
        }
        var segments = rate.segments();
        int k = 0;
        while (k < segments.size() - 1 && segments.get(k).endNanos() <= offsetNanos) {
            k++;
        }
        var segment = segments.get(k);
        double seconds =
                Math.min(Math.max(0, offsetNanos - segment.startNanos()), segment.endNanos() - segment.startNanos())
                        / 1e9;
        double slope = segment.seconds() == 0 ? 0 : (segment.to() - segment.from()) / segment.seconds();
        double cumulative = countAtSegmentStart[k] + segment.from() * seconds + slope * seconds * seconds / 2;
        long count = Math.min(total, Math.max(0, (long) Math.floor(cumulative)));
        // The float estimate may be one off at the edges: settle it against the exact intended starts.
        while (count < total && intendedOffsetNanos(count) <= offsetNanos) {
            count++;
        }
        while (count > 0 && intendedOffsetNanos(count - 1) > offsetNanos) {
            count--;
        }
        return count;
    }
}
