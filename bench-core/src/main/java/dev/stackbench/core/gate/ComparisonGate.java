package dev.stackbench.core.gate;

import dev.stackbench.core.compare.ComparisonResult;
import dev.stackbench.core.compare.StopRule;
import dev.stackbench.core.compare.analysis.MetricVerdict;
import dev.stackbench.core.compare.analysis.PairVerdict;
import dev.stackbench.core.machine.Machine;
import dev.stackbench.core.machine.MachineMix;
import dev.stackbench.core.result.Metric;
import dev.stackbench.core.vocabulary.Percent;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Gates on a comparison ({@code compare --out}'s comparison.json): "head is not worse than base by more than 5%",
 * decided on the pair's interval from paired, interleaved rounds, on each of the comparison's deciding metrics. It
 * fails only when the whole interval is past the limit. An interval that straddles it is, by the {@link Decision}
 * asked for, "ok, within noise" (as every gate check here: a tool's gate) or {@link Verdict#NOT_DECIDED} (a
 * pull-request check, which must say that it could not tell, never pass in silence). A comparison that ended because a
 * variant failed fails whatever its pairs say; one whose A/A control was declared different by enough to move a verdict
 * is not decided unless a check fails: two JVMs of one build differed beyond its intervals, so a pass cannot be trusted,
 * and that is noise, not a slower head.
 *
 * <pre>{@code
 * ComparisonGate.Report report = ComparisonGate.check(comparison, List.of(ComparisonGate.Limit.parse("head:base:5%")));
 * report.failed();
 * }</pre>
 */
public final class ComparisonGate {

    /** What a check found, over all its limits and metrics; each has its exit code. */
    public enum Outcome {
        /** Every interval within its limit (exit 0). */
        NOT_WORSE("not worse", 0),
        /** An interval wholly past its limit, or a comparison that failed (a variant failed mid-run) (exit 1). */
        WORSE("WORSE", 1),
        /**
         * No interval past its limit, and some that straddle it, or an A/A control that doubts them: not known in what
         * was measured (exit 3).
         */
        NOT_DECIDED("NOT DECIDED", 3);

        private final String words;
        private final int exitCode;

        Outcome(String words, int exitCode) {
            this.words = words;
            this.exitCode = exitCode;
        }

        public String words() {
            return words;
        }

        public int exitCode() {
            return exitCode;
        }
    }

    /** What an interval that straddles a limit is. */
    public enum Decision {
        /** "ok, within noise": only an interval wholly past the limit fails. */
        WITHIN_NOISE_PASSES,
        /** {@link Verdict#NOT_DECIDED}: only an interval wholly within the limit passes. */
        REQUIRED
    }

    /** The worse-by share a limit allows unless it says. */
    public static final double DEFAULT_WORSE_BY = 0.05;

    /**
     * "{@code target} is not worse than {@code against} by more than {@code worseBy}".
     *
     * @param worseBy a share: 0.05 allows 5% fewer requests/s or 5% more latency or CPU per request
     */
    public record Limit(String target, String against, double worseBy) {

        /** {@code HEAD:BASE[:PERCENT]}, e.g. {@code head:base:5%}. @throws GateInputException naming the text */
        public static Limit parse(String text) {
            String[] parts = text.split(":");
            if (parts.length < 2 || parts.length > 3 || parts[0].isBlank() || parts[1].isBlank()) {
                throw new GateInputException(
                        "--not-worse '" + text + "': expected HEAD:BASE[:PERCENT], e.g. head:base:5%");
            }
            double worseBy = DEFAULT_WORSE_BY;
            if (parts.length == 3) {
                worseBy = Percent.fraction(parts[2], Percent.Bare.PERCENT)
                        .orElseThrow(() -> new GateInputException(
                                "--not-worse '" + text + "': '" + parts[2] + "' is not a percentage such as 5%"));
                if (!(worseBy >= 0 && worseBy < 1)) {
                    throw new GateInputException(
                            "--not-worse '" + text + "': the percentage must be from 0% to below 100%");
                }
            }
            return new Limit(parts[0].strip(), parts[1].strip(), worseBy);
        }
    }

    /**
     * Stops a comparison once {@code limit} is decided on every deciding metric: target's interval against its pair
     * wholly within the limit (not worse) or wholly past it (worse), as check asks, whatever the other pairs; by default
     * a comparison stops when every pair differs or is equivalent, and a pair that differs may still straddle the limit.
     */
    public record StopAtLimit(Limit limit) implements StopRule {

        @Override
        public boolean decided(List<MetricVerdict> verdicts, String control) {
            return verdicts.stream()
                    .allMatch(verdict -> verdict.pair(limit.target(), limit.against())
                            .map(pair -> check(limit, verdict.metric(), pair, Decision.REQUIRED)
                                            .verdict()
                                    != Verdict.NOT_DECIDED)
                            .orElse(false));
        }

        @Override
        public List<String> labels() {
            return List.of(limit.target(), limit.against());
        }

        @Override
        public String words() {
            return "--decide-not-worse " + limit.target() + ":" + limit.against() + ":"
                    + Percent.format(limit.worseBy());
        }
    }

    /**
     * One limit on one metric: {@code ratio} is target over against, with the pair's interval.
     *
     * @param bound the ratio the limit allows at worst: {@code 1 - worseBy} for requests/s, {@code 1 + worseBy} otherwise
     */
    public record Check(
            Limit limit,
            Metric metric,
            double ratio,
            double low,
            double high,
            double bound,
            Verdict verdict,
            String note) {}

    /**
     * @param problems why the comparison as a whole fails, whatever its checks say
     * @param doubts   why checks that pass cannot be trusted (an A/A control declared different by enough to move
     *                 them) or were never made (the time ran out before a round): the outcome is then not decided,
     *                 unless a check fails
     * @param machine  where its verdicts hold, in words: its machine, or that it is unknown
     */
    public record Report(List<Check> checks, List<String> problems, List<String> doubts, String machine) {

        public Report {
            checks = List.copyOf(checks);
            problems = List.copyOf(problems);
            doubts = List.copyOf(doubts);
        }

        /** Nothing in doubt. */
        public Report(List<Check> checks, List<String> problems, String machine) {
            this(checks, problems, List.of(), machine);
        }

        public boolean failed() {
            return !problems.isEmpty()
                    || checks.stream().anyMatch(check -> check.verdict().fails());
        }

        /** No check failed, and some could not be decided ({@link Decision#REQUIRED}) or all are in doubt. */
        public boolean undecided() {
            return !failed() && (!doubts.isEmpty() || anyStraddles());
        }

        /** Some check's interval straddles its limit ({@link Verdict#NOT_DECIDED}): more measuring could decide it. */
        public boolean anyStraddles() {
            return checks.stream().anyMatch(check -> check.verdict() == Verdict.NOT_DECIDED);
        }

        /** Which of the three a check found. */
        public Outcome outcome() {
            return failed() ? Outcome.WORSE : undecided() ? Outcome.NOT_DECIDED : Outcome.NOT_WORSE;
        }

        public String table() {
            var text = new StringBuilder(String.format(
                    Locale.ROOT,
                    "%-20s %-20s %-20s %-28s %-10s %s%n",
                    "target",
                    "against",
                    "metric",
                    "ratio [interval]",
                    "limit",
                    "verdict"));
            for (Check check : checks) {
                text.append(String.format(
                        Locale.ROOT,
                        "%-20s %-20s %-20s %-28s %-10s %s%s%n",
                        check.limit().target(),
                        check.limit().against(),
                        check.metric().title(),
                        String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", check.ratio(), check.low(), check.high()),
                        (check.metric().higherIsBetter() ? ">= " : "<= ")
                                + String.format(Locale.ROOT, "%.3f", check.bound()),
                        check.verdict(),
                        check.note().isEmpty() ? "" : " (" + check.note() + ")"));
            }
            text.append("machine: ").append(machine).append(System.lineSeparator());
            problems.forEach(problem -> text.append("FAIL: ").append(problem).append(System.lineSeparator()));
            doubts.forEach(doubt -> text.append("NOT DECIDED: ").append(doubt).append(System.lineSeparator()));
            long failed =
                    checks.stream().filter(check -> check.verdict().fails()).count();
            text.append(String.format(
                    Locale.ROOT,
                    "%n%d checks: %d ok, %d ok within noise, %d not decided, %d failed%s.%n",
                    checks.size(),
                    checks.stream()
                            .filter(check -> check.verdict() == Verdict.OK)
                            .count(),
                    checks.stream()
                            .filter(check -> check.verdict() == Verdict.WITHIN_NOISE)
                            .count(),
                    checks.stream()
                            .filter(check -> check.verdict() == Verdict.NOT_DECIDED)
                            .count(),
                    failed,
                    !problems.isEmpty()
                            ? "; the comparison itself fails: " + problems.size() + " problem(s)"
                            : doubts.isEmpty() ? "" : "; in doubt: not decided"));
            return text.toString();
        }
    }

    private ComparisonGate() {}

    /** With {@link Decision#WITHIN_NOISE_PASSES}. @throws GateInputException as {@link #check(ComparisonResult, List, Decision)} */
    public static Report check(ComparisonResult comparison, List<Limit> limits) {
        return check(comparison, limits, Decision.WITHIN_NOISE_PASSES);
    }

    /** @throws GateInputException when a limit names a label the comparison does not have */
    public static Report check(ComparisonResult comparison, List<Limit> limits, Decision decision) {
        if (limits.isEmpty()) {
            throw new GateInputException("a comparison is gated by limits: give --not-worse HEAD:BASE[:PERCENT]");
        }
        var labels = comparison.labels();
        var checks = new ArrayList<Check>();
        for (Limit limit : limits) {
            for (String label : List.of(limit.target(), limit.against())) {
                if (!labels.contains(label)) {
                    throw new GateInputException("--not-worse " + limit.target() + ":" + limit.against()
                            + ": the comparison has no variant '" + label + "'; it has " + String.join(", ", labels));
                }
            }
            for (Metric metric : comparison.design().deciding()) {
                MetricVerdict verdict = comparison.verdict(metric).orElse(null);
                PairVerdict pair = verdict == null
                        ? null
                        : verdict.pair(limit.target(), limit.against()).orElse(null);
                if (pair == null) {
                    continue;
                }
                checks.add(check(limit, metric, pair, decision));
            }
        }
        return new Report(
                checks,
                problems(comparison),
                doubts(comparison, checks),
                comparison.machine() == null
                        ? Machine.UNKNOWN
                        : comparison.machine().words() + "; these verdicts hold there, not on another machine");
    }

    private static Check check(Limit limit, Metric metric, PairVerdict pair, Decision decision) {
        boolean targetFirst = pair.first().equals(limit.target());
        double ratio = targetFirst ? pair.ratio() : 1 / pair.ratio();
        double low = targetFirst ? pair.low() : 1 / pair.high();
        double high = targetFirst ? pair.high() : 1 / pair.low();
        return new Check(
                limit,
                metric,
                ratio,
                low,
                high,
                bound(metric, limit.worseBy()),
                notWorse(metric, low, high, limit.worseBy(), decision),
                String.format(Locale.ROOT, "interval at %.2f%%", 100 * pair.confidence()));
    }

    /** The ratio "not worse by more than {@code worseBy}" allows at worst on {@code metric}. */
    public static double bound(Metric metric, double worseBy) {
        return metric.higherIsBetter() ? 1 - worseBy : 1 + worseBy;
    }

    /**
     * "Target is not worse than against by more than {@code worseBy}", decided on the interval [{@code low},
     * {@code high}] of target over against: it fails only when the whole interval is past the bound, and is "ok, within
     * noise" when the interval straddles it. The one place that says what "not worse" means, for the gate and for
     * tests that assert it from code.
     */
    public static Verdict notWorse(Metric metric, double low, double high, double worseBy) {
        return notWorse(metric, low, high, worseBy, Decision.WITHIN_NOISE_PASSES);
    }

    /** As {@link #notWorse(Metric, double, double, double)}, an interval that straddles the bound being {@code decision}'s. */
    public static Verdict notWorse(Metric metric, double low, double high, double worseBy, Decision decision) {
        double bound = bound(metric, worseBy);
        boolean wholeIntervalPast = metric.higherIsBetter() ? high < bound : low > bound;
        boolean wholeIntervalWithin = metric.higherIsBetter() ? low >= bound : high <= bound;
        if (wholeIntervalPast) {
            return Verdict.FAIL;
        }
        if (wholeIntervalWithin) {
            return Verdict.OK;
        }
        return decision == Decision.REQUIRED ? Verdict.NOT_DECIDED : Verdict.WITHIN_NOISE;
    }

    /**
     * Whether an A/A control declared different casts doubt on a limit's verdict. Declared different, the control says
     * two JVMs of one build differ by more than the intervals allow for, by as much as its interval's far end (e.g. 2%
     * for [0.961, 0.998]). That unmodelled offset can move a verdict only when it reaches the limit itself, or when a
     * check's interval on the control's metric ends nearer its bound than that offset; a 2% offset does not move "within
     * 30%" decided with an interval ending 13% from the bound. With no check on the control's metric, the doubt stands.
     */
    static boolean movesAVerdict(ComparisonResult.Aa aa, List<Check> checks) {
        double offset = Math.max(
                Math.abs(Math.log(aa.verdict().low())),
                Math.abs(Math.log(aa.verdict().high())));
        var onItsMetric =
                checks.stream().filter(check -> check.metric() == aa.metric()).toList();
        if (onItsMetric.isEmpty()) {
            return true;
        }
        for (Check check : onItsMetric) {
            double bound = Math.log(check.bound());
            double nearestEnd =
                    Math.min(Math.abs(Math.log(check.low()) - bound), Math.abs(Math.log(check.high()) - bound));
            if (offset >= Math.abs(bound) || nearestEnd <= offset) {
                return true;
            }
        }
        return false;
    }

    /**
     * Why checks cannot be trusted or were never made: an A/A control declared different by enough to move them, or a
     * time limit that ended the comparison before its first complete round (nothing measured is not a slower head).
     */
    static List<String> doubts(ComparisonResult comparison, List<Check> checks) {
        var doubts = new ArrayList<String>();
        if (endedBeforeItsFirstRound(comparison)) {
            doubts.add("its time limit ended it before its first complete round: the JVMs' warm-ups took the time, or"
                    + " would have (it stops warming up once the rest and a round cannot fit), and nothing was measured"
                    + " to decide on; give it a longer --time-limit, or fewer JVMs (--forks)");
        }
        for (ComparisonResult.Aa aa : comparison.aa()) {
            if (aa.falseAlarm() && movesAVerdict(aa, checks)) {
                doubts.add("its A/A control declared " + aa.first() + " and " + aa.second() + " different on "
                        + aa.metric().id()
                        + String.format(
                                Locale.ROOT,
                                " (%.3fx [%.3f, %.3f])",
                                aa.verdict().ratio(),
                                aa.verdict().low(),
                                aa.verdict().high())
                        + ": two JVMs of one variant differed beyond what its intervals allow for, by enough to move a"
                        + " verdict, so its verdicts are not to be trusted; more JVMs per variant (--forks 3 or more) put"
                        + " that spread in the intervals");
            }
        }
        return doubts;
    }

    private static boolean endedBeforeItsFirstRound(ComparisonResult comparison) {
        return comparison.rounds().isEmpty() && comparison.stopped() == ComparisonResult.Stop.TIME;
    }

    static List<String> problems(ComparisonResult comparison) {
        var problems = new ArrayList<String>();
        if (comparison.stopped() == ComparisonResult.Stop.FAILED) {
            problems.add("the comparison ended because a variant failed: "
                    + String.join("; ", comparison.warnings().stream().limit(1).toList()));
        }
        var machines = new java.util.LinkedHashMap<String, Machine>();
        if (comparison.machine() != null) {
            machines.put("the comparison", comparison.machine());
        }
        for (ComparisonResult.Round round : comparison.rounds()) {
            for (ComparisonResult.Trial trial : round.trials()) {
                if (trial.result() != null && trial.result().environment() != null) {
                    machines.putIfAbsent(
                            trial.label() + " round " + round.number(),
                            trial.result().environment().machine());
                }
            }
        }
        MachineMix mix = MachineMix.of(machines);
        if (mix.several()) {
            problems.add("its trials ran on different machines (" + mix.words() + "): a paired ratio of two machines"
                    + " measures the machines");
        }
        if (comparison.rounds().isEmpty() && !endedBeforeItsFirstRound(comparison)) {
            problems.add("it has no complete round");
        }
        return problems;
    }
}
