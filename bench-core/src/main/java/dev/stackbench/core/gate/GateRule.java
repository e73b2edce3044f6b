package dev.stackbench.core.gate;

import dev.stackbench.core.result.Metric;
import dev.stackbench.core.vocabulary.Numbers;
import java.util.Locale;

/**
 * One condition a gate checks for one target (or every target: {@link #ALL_TARGETS}). The kinds
 * are a closed set: a limit relative to the baseline, a ratio to another target measured in the
 * same run, a physical bound, and an absolute limit on errors (never on time: absolute times flake
 * on a shared machine).
 */
public sealed interface GateRule {

    String ALL_TARGETS = "*";

    String target();

    Metric metric();

    /** The limit in words, for the table. */
    String describe();

    /** Whether the rule needs a baseline to be checked. */
    default boolean needsBaseline() {
        return false;
    }

    /**
     * Latency may grow by at most {@code increase} (a fraction) plus {@code plusMillis}; rps may
     * fall by at most {@code decrease}.
     */
    record BaselineLimit(String target, Metric metric, double change, double plusMillis) implements GateRule {
        public BaselineLimit {
            if (metric == Metric.ERRORS) {
                throw new IllegalArgumentException("errors against the baseline are a NoNewErrors rule");
            }
            if (!(change >= 0) || !(plusMillis >= 0)) {
                throw new IllegalArgumentException(
                        "a baseline limit is a growth of at least 0: " + change + ", " + plusMillis + " ms");
            }
        }

        /** The limit for the current value, given the baseline's. */
        double limit(double baseline) {
            return metric.smallerIsBetter() ? baseline * (1 + change) + plusMillis : baseline * (1 - change);
        }

        @Override
        public String describe() {
            return metric.smallerIsBetter()
                    ? String.format(
                            Locale.ROOT,
                            "baseline +%s%s",
                            percent(change),
                            plusMillis > 0 ? " +" + Numbers.significant(plusMillis, 4) + " ms" : "")
                    : "baseline -" + percent(change);
        }

        @Override
        public boolean needsBaseline() {
            return true;
        }
    }

    /** No errors where the baseline had none; no higher error rate where it had some. */
    record NoNewErrors(String target) implements GateRule {
        @Override
        public Metric metric() {
            return Metric.ERRORS;
        }

        @Override
        public String describe() {
            return "no new errors";
        }

        @Override
        public boolean needsBaseline() {
            return true;
        }
    }

    /** At most {@code maxErrors} failed requests in the current results, whatever the baseline. */
    record MaxErrors(String target, long maxErrors) implements GateRule {
        @Override
        public Metric metric() {
            return Metric.ERRORS;
        }

        @Override
        public String describe() {
            return "at most " + maxErrors;
        }
    }

    /**
     * This target's metric against another target's in the same results: at most ({@code upper}) or
     * at least {@code factor} times the other's. Both were measured on the same machine at nearly the
     * same time, so the ratio survives a noisy machine that absolute numbers do not.
     */
    record RatioLimit(String target, Metric metric, String other, double factor, boolean upper) implements GateRule {
        public RatioLimit {
            if (metric == Metric.ERRORS || !(factor > 0)) {
                throw new IllegalArgumentException("a ratio compares latency or rps with a positive factor");
            }
        }

        /** At most {@code factor} times the other for latency, at least for rps: the usual direction. */
        public static RatioLimit worseAtMost(String target, Metric metric, String other, double factor) {
            return new RatioLimit(target, metric, other, factor, metric.smallerIsBetter());
        }

        double limit(double otherValue) {
            return factor * otherValue;
        }

        @Override
        public String describe() {
            return (upper ? "<= " : ">= ") + Numbers.significant(factor, 4) + " x " + other;
        }
    }

    /**
     * Little's law as an expectation stated in the rules: with {@code concurrency} requests in service at once, each
     * taking {@code delayMillis}, a server completes at most concurrency / delay requests per second,
     * and a saturated one close to that. Its rps must lie within {@code tolerance} of the bound.
     */
    record StatedBound(String target, int concurrency, double delayMillis, double tolerance) implements GateRule {
        public StatedBound {
            if (concurrency < 1 || !(delayMillis > 0) || !(tolerance >= 0 && tolerance < 1)) {
                throw new IllegalArgumentException(
                        "a bound needs concurrency >= 1, delayMillis > 0 and a tolerance in [0%, 100%)");
            }
        }

        @Override
        public Metric metric() {
            return Metric.RPS;
        }

        public double requestsPerSecond() {
            return concurrency * 1000.0 / delayMillis;
        }

        @Override
        public String describe() {
            return String.format(
                    Locale.ROOT,
                    "%d / %s ms = %s req/s +-%s",
                    concurrency,
                    Numbers.significant(delayMillis, 4),
                    Numbers.significant(requestsPerSecond(), 4),
                    percent(tolerance));
        }
    }

    /**
     * As {@link StatedBound}, with the bound the result itself implies (its pool size, users,
     * think time and delay, as the report and the summary state it), so that N and D are not
     * written twice.
     */
    record ResultBound(String target, double tolerance) implements GateRule {
        public ResultBound {
            if (!(tolerance >= 0 && tolerance < 1)) {
                throw new IllegalArgumentException("a bound needs a tolerance in [0%, 100%)");
            }
        }

        @Override
        public Metric metric() {
            return Metric.RPS;
        }

        @Override
        public String describe() {
            return "its own bound +-" + percent(tolerance);
        }
    }

    /**
     * {@code rule} applied to the requests of one request name only (k6's tagged thresholds, Hyperfoil's per-step
     * SLAs): {@code {target: "*", metric: p99, request: post-movies, baseline: {increase: 15%}}}. Bounds describe a
     * target's whole throughput, so they cannot be restricted to one name.
     */
    record ForRequest(GateRule rule, String request) implements GateRule {
        public ForRequest {
            if (rule instanceof ForRequest || rule instanceof StatedBound || rule instanceof ResultBound) {
                throw new IllegalArgumentException(
                        "a bound applies to a target's whole throughput, not to the requests named '" + request + "'");
            }
            if (request == null || request.isBlank()) {
                throw new IllegalArgumentException("a request name is needed");
            }
        }

        @Override
        public String target() {
            return rule.target();
        }

        @Override
        public Metric metric() {
            return rule.metric();
        }

        @Override
        public String describe() {
            return rule.describe();
        }

        @Override
        public boolean needsBaseline() {
            return rule.needsBaseline();
        }

        /** How a target's checks of this rule are named in the table: {@code loom-netty/movies {request=post-movies}}. */
        public String label(String target) {
            return target + " {request=" + request + "}";
        }
    }

    private static String percent(double fraction) {
        return Numbers.significant(fraction * 100, 4) + "%";
    }
}
