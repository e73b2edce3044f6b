package dev.stackbench.core.compare;

import dev.stackbench.core.compare.analysis.Schedule;
import dev.stackbench.core.jvm.AotCaches;
import dev.stackbench.core.load.LoadOption;
import dev.stackbench.core.plan.Costs;
import dev.stackbench.core.plan.Plan;
import dev.stackbench.core.plan.PlanSummary;
import dev.stackbench.core.plan.Planner;
import dev.stackbench.core.plan.Question;
import dev.stackbench.core.plan.VarianceComponents;
import dev.stackbench.core.result.Metric;
import dev.stackbench.core.variant.Variant;
import dev.stackbench.core.vocabulary.Durations;
import dev.stackbench.core.vocabulary.Percent;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * What the question {@code --detect P%} needs, planned from the comparison's own first rounds as its pilot: at the first
 * look, each variant's trials so far on the first deciding metric, by JVM (its forks), give what JVMs of one variant
 * differ by and what trials of one JVM differ by ({@link VarianceComponents}); the time before the first trial and the
 * rounds' time give what a JVM and a trial cost; the {@link Planner} turns them into JVMs per variant and trials per
 * JVM, and says what the comparison's time limit resolves. The values are taken relative to the trials measured at the
 * same moment, as the paired analysis takes them: what the machine's speed did between moments, which the analysis
 * removes, is not planned for.
 *
 * <p>A planned design ({@link Design#planned()}) follows it ({@link #decide()}); one set by hand is advised
 * ({@link #text()}). With one JVM per variant, what JVMs differ by cannot be seen, and
 * the plan says that instead of planning on trials alone (JVMs of one variant keep offsets of a few percent for their
 * whole life, so trials of one JVM cannot tell a few percent apart).
 */
public final class PilotPlan {

    private final double detect;
    private final Metric metric;
    private final double confidence;
    private final Duration timeLimit;
    private final long startNanos = System.nanoTime();
    private double secondsBeforeFirstTrial = Double.NaN;
    private double roundSeconds;
    private int roundTrials;
    private int rounds;
    /** Whether the pilot's JVMs are all the comparison has: the time limit held fewer than a pilot's ({@link #servesAlone}). */
    private boolean alone;
    /** A JVM's start, each (the pilot's generation started at once); NaN until said ({@link #jvmsStarted}). */
    private double startSeconds = Double.NaN;
    /** A JVM's warm-up with its rehearsals, each, when the time limit held the pilot smaller; NaN otherwise. */
    private double warmupSeconds = Double.NaN;
    /** Every value with what it was measured with: its round, and its fork when the schedule measured forks together. */
    private final List<Measured> measured = new ArrayList<>();

    private final Schedule schedule;
    private final double margin;
    /** The A/A control's copy, whose pair with its original measures the noise: no question to plan for. */
    private final String control;

    /** Earlier pilots of this kind on this machine, pooled with this one's for its plan ({@link #alongside}). */
    private List<VarianceComponents> earlier = List.of();

    /** One trial's value and the moment it shared with others: its round, and its fork in a together schedule. */
    private record Measured(String label, int fork, int round, double value) {}

    /** @param detect the smallest relative difference worth knowing, 0.03 for 3% */
    public PilotPlan(double detect, Design design) {
        this(detect, design, null);
    }

    /**
     * @param detect  the smallest relative difference worth knowing, 0.03 for 3%
     * @param control the label of the A/A control's copy, or null
     */
    public PilotPlan(double detect, Design design, String control) {
        this.control = control;
        this.margin = design.equivalenceMargin();
        this.detect = detect;
        this.metric = design.deciding().getFirst();
        this.confidence = design.confidence();
        this.timeLimit = design.timeLimit();
        this.schedule = design.schedule();
    }

    /**
     * What readying its JVMs cost (start, warm-up, rehearsals), when the caller measured it; otherwise it is the time from
     * this plan's making to its first trial.
     */
    public void jvmsReady(double seconds) {
        secondsBeforeFirstTrial = seconds;
    }

    /** A trial of round {@code round} as it ends. */
    public void trial(int round, ComparisonResult.Trial trial) {
        measured.add(
                new Measured(trial.label(), trial.fork(), round, trial.values().get(metric)));
        if (Double.isNaN(secondsBeforeFirstTrial)) {
            secondsBeforeFirstTrial = (System.nanoTime() - startNanos) / 1e9 - trial.seconds();
        }
    }

    /**
     * Plans from this pilot's components pooled with these earlier pilots' of the same kind on the same machine
     * ({@link PilotMemory}): three JVMs per variant estimate what JVMs differ by poorly, and a plan from one pilot's luck
     * (measured here: JVMs 0.0% apart, a plan of the pilot alone, undecided after 4 min 37 s of 8) stops too soon or
     * spends too much. The verdicts still rest on this comparison's own JVMs alone.
     */
    public void alongside(List<VarianceComponents> earlierPilots) {
        earlier = List.copyOf(earlierPilots);
    }

    /** A round as it ends: what its trials cost. */
    public void round(double seconds, int trials) {
        roundSeconds += seconds;
        roundTrials += trials;
        rounds++;
    }

    /**
     * The pilot's JVMs are all the comparison has: its time limit held fewer JVMs per variant than a pilot's, and they
     * serve rounds until it ends. The plan then says what those rounds can resolve, and which pairs they likely cannot.
     */
    public void servesAlone(double warmupSecondsPerJvm) {
        alone = true;
        warmupSeconds = warmupSecondsPerJvm;
    }

    /** What starting the pilot's JVMs took, each: with their warm-ups, what says up front whether a pilot fits. */
    public void jvmsStarted(double secondsPerJvm) {
        startSeconds = secondsPerJvm;
    }

    /** Whether the pilot's JVMs are all the comparison has ({@link #servesAlone}). */
    public boolean alone() {
        return alone;
    }

    /**
     * The plan that the comparison follows: its JVMs per variant in all (the pilot's counted) and trials per JVM, within
     * its time limit; empty, with the reason in the text, when the pilot cannot plan or the time buys no JVMs.
     */
    public record Decision(Optional<Plan> plan, String text) {}

    /** The plan within the comparison's time limit (the pilot's time counted), and its text ({@link #text()}). */
    public Decision decide() {
        if (alone || fewestJvmsPerVariant() < 2) {
            return new Decision(Optional.empty(), text());
        }
        var pilot = pilot();
        try {
            var plan = Planner.plan(
                    planningComponents(pilot),
                    costs(),
                    new Question(detect, confidence, Question.POWER, pilot.size(), timeLimit, together()),
                    Design.PILOT_TRIALS);
            return new Decision(Optional.of(plan), text());
        } catch (IllegalArgumentException e) {
            return new Decision(Optional.empty(), text());
        }
    }

    /**
     * What a pilot's noise and costs are facts about, besides the machine: the deciding metric, the schedule, how many
     * variants of which stacks, the load, and how their JVMs start (the comparison's JVM options, the AOT caches).
     * "cpuPerRequest, together, 2 variants of webflux-netty serving date, closed: 50 users, 5s". A variant's properties
     * are not in it: they change what is measured, not much what JVMs differ by.
     */
    static String kind(Comparison comparison, List<Variant> measured) {
        Design design = comparison.design();
        return String.format(
                Locale.ROOT,
                "%s, %s, %d variants of %s, %s%s%s",
                design.deciding().getFirst().id(),
                design.schedule().name().toLowerCase(Locale.ROOT).replace('_', ' '),
                measured.size(),
                measured.stream()
                        .map(variant -> variant.source().describe())
                        .distinct()
                        .sorted()
                        .collect(Collectors.joining(" and ")),
                comparison
                        .load()
                        .loadOptions()
                        .profile(LoadOption.Naming.COMMAND_LINE)
                        .describe(),
                comparison.jvmOptions().isEmpty() ? "" : ", JVM options " + String.join(" ", comparison.jvmOptions()),
                comparison.aot() == AotCaches.Use.ON ? ", from AOT caches" : "");
    }

    /**
     * What this comparison will take, said before it spends anything: planned from the last pilots of its kind on this
     * machine, pooled, when some are kept; otherwise that the plan comes after this comparison's own pilot.
     *
     * When the newest of them was a pilot its time limit held smaller (too many variants for the time), it says what
     * this comparison's time limit holds instead, from that pilot's costs ({@link #upFrontHeld}). Either way, when a
     * kept pilot measured the same variants, the pairs the budget likely leaves undecided are named.
     *
     * @param remembered the last pilots of its kind on this machine, the newest first
     * @param labels     the variants it measures (the A/A control's copy among them)
     */
    String upFront(List<PilotMemory.Remembered> remembered, List<String> labels) {
        int variants = labels.size();
        boolean newestHeld = !remembered.isEmpty() && remembered.getFirst().held();
        if (newestHeld) {
            String held = upFrontHeld(remembered.getFirst(), labels);
            if (!held.isEmpty()) {
                return held;
            }
        }
        boolean anyKept = !remembered.isEmpty();
        remembered = PilotMemory.whole(remembered);
        if (remembered.isEmpty()) {
            return String.format(
                    "Up front:     %s: the plan comes from this comparison's pilot (%d JVMs per variant, %d trials"
                            + " each)%n",
                    anyKept
                            ? "the pilots of this kind kept for this machine were held smaller by their time limits,"
                                    + " and at their costs this one likely holds a whole pilot"
                            : "no pilot of this kind kept for this machine",
                    Design.PILOT_FORKS,
                    Design.PILOT_TRIALS);
        }
        Question question = new Question(detect, confidence, Question.POWER, variants, null, together());
        try {
            VarianceComponents components = VarianceComponents.pooled(
                    remembered.stream().map(PilotMemory.Remembered::components).toList());
            Costs costs = new Costs(
                    seconds(remembered.stream()
                            .mapToDouble(PilotMemory.Remembered::jvmSeconds)
                            .average()
                            .orElseThrow()),
                    seconds(remembered.stream()
                            .mapToDouble(PilotMemory.Remembered::trialSeconds)
                            .average()
                            .orElseThrow()));
            Plan unlimited = Planner.plan(components, costs, question, Design.PILOT_TRIALS);
            String plans;
            String unlikely = "";
            try {
                Plan inTime = Planner.plan(components, costs, question.withBudget(timeLimit), Design.PILOT_TRIALS);
                plans = inTime.jvmsPerVariant() == unlimited.jvmsPerVariant()
                                && inTime.trialsPerJvm() == unlimited.trialsPerJvm()
                        ? inTime.describe()
                        : unlimited.describe() + String.format("%n              ") + inTime.describe();
                unlikely = unlikelyPairs(
                        remembered.getFirst().levels(),
                        labels,
                        Tested.planned(components, inTime),
                        newestHeld ? "the last whole pilot saw" : "the last pilot saw");
            } catch (IllegalArgumentException e) {
                plans = unlimited.describe() + String.format("%n              ") + e.getMessage();
            }
            String which = remembered.size() == 1
                    ? "last pilot of this kind (" + when(remembered.getFirst().measuredAt())
                    : "last " + remembered.size() + " pilots of this kind pooled ("
                            + when(remembered.getLast().measuredAt()) + " to "
                            + when(remembered.getFirst().measuredAt());
            return String.format(
                    Locale.ROOT,
                    "Up front:     from this machine's %s: %s; a JVM %s, a trial %s), before this one's own:%n"
                            + "              %s%n%s",
                    which,
                    PlanSummary.spreads(components),
                    Plan.about(costs.perJvm()),
                    Plan.about(costs.perTrial()),
                    plans,
                    unlikely);
        } catch (IllegalArgumentException e) {
            return String.format(
                    "Up front:     the pilots of this kind kept for this machine cannot plan: %s%n", e.getMessage());
        }
    }

    /** What this pilot measured, to be kept for the next comparison of its kind; empty when it cannot plan. */
    Optional<PilotMemory.Remembered> remembered(String machine, String kind, Instant at) {
        try {
            if (alone) {
                if (Double.isNaN(startSeconds) || Double.isNaN(warmupSeconds)) {
                    return Optional.empty();
                }
                var pilot = pilot();
                int jvms = fewestJvmsPerVariant();
                int variants = pilot.size();
                VarianceComponents components = jvms < 2
                        ? new VarianceComponents(0, withinJvmOfOne(pilot), variants, rounds)
                        : pooledComponents(pilot);
                // A kept JVM's warm-up on average, from what readying them all took less every pilot JVM's start: the
                // first warm-up's pace, which decided the cut, can be far from the rest's (28 s against up to 60 s
                // here, and an up-front estimate of 9 rounds where 7 came).
                double warmup =
                        (secondsBeforeFirstTrial - startSeconds * Design.PILOT_FORKS * variants) / (jvms * variants);
                return Optional.of(PilotMemory.Remembered.held(
                        machine,
                        kind,
                        at,
                        components,
                        costs(),
                        pilotLevels(),
                        jvms,
                        startSeconds,
                        warmup > 0 ? warmup : warmupSeconds));
            }
            if (fewestJvmsPerVariant() < 2) {
                return Optional.empty();
            }
            return Optional.of(
                    PilotMemory.Remembered.of(machine, kind, at, pooledComponents(pilot()), costs(), pilotLevels()));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * Up front, from the last pilot of this kind, which its time limit held smaller: how many JVMs per variant this time
     * limit holds with a pilot's rounds, at that pilot's start and warm-up each (every pilot JVM is started, then they
     * warm up fork by fork, as {@link ComparisonRunner} does), the rounds they then serve, what those tell apart, and the
     * pairs they likely leave undecided; empty when this time limit holds a whole pilot (then the whole pilots kept
     * plan, if any).
     */
    private String upFrontHeld(PilotMemory.Remembered last, List<String> labels) {
        int variants = labels.size();
        double start = last.startSeconds();
        double warmup = last.warmupSeconds();
        double trial = last.trialSeconds();
        double limit = timeLimit.toNanos() / 1e9;
        double starts = Design.PILOT_FORKS * variants * start;
        int fit = ComparisonRunner.pilotForksThatFit(
                Design.PILOT_FORKS, variants, m -> m * variants, warmup, Design.PILOT_TRIALS, trial, limit - starts);
        if (fit == Design.PILOT_FORKS) {
            return "";
        }
        String lead = String.format(
                Locale.ROOT,
                "Up front:     from this machine's last pilot of this kind (%s: a JVM started in %s, each it kept was"
                        + " ready %s later (its warm-up, its share of stopping the others), a trial %s; the time limit"
                        + " held %d of its %d JVMs per variant), before this one's own:%n",
                when(last.measuredAt()),
                Plan.about(seconds(start)),
                Plan.about(seconds(warmup)),
                Plan.about(seconds(trial)),
                last.heldJvms(),
                Design.PILOT_FORKS);
        if (fit == 0) {
            double needed = starts + variants * (warmup + Design.PILOT_TRIALS * trial);
            return lead
                    + String.format(
                            Locale.ROOT,
                            "              at those costs, in the budget of %s not even one JVM per variant fits with a"
                                    + " pilot's %d rounds: give fewer variants, or a --time-limit of at least %s%n",
                            Durations.format(timeLimit),
                            Design.PILOT_TRIALS,
                            Durations.format(Duration.ofMinutes((long) Math.ceil(needed / 60))));
        }
        int rounds = (int) Math.min(
                Design.MAX_ROUNDS, Math.floor((limit - starts - fit * variants * warmup) / (trial * fit * variants)));
        var held = new Tested(
                last.components(),
                last.heldJvms() < 2,
                fit,
                rounds,
                new Question(detect, confidence, Question.POWER, variants, null, together()));
        return lead
                + String.format(
                        Locale.ROOT,
                        "              at those costs, in the budget of %s a pilot's %d JVMs per variant and its %d rounds"
                                + " do not fit: %d per variant likely will, serving about %d rounds; %s%n",
                        Durations.format(timeLimit),
                        Design.PILOT_FORKS,
                        Design.PILOT_TRIALS,
                        fit,
                        rounds,
                        resolves(held))
                + unlikelyPairs(last.levels(), labels, held, "the last pilot saw");
    }

    /**
     * What a design's JVMs per variant and trials each test, as the analysis then compares them: a plan's ({@link
     * #planned}), or that of {@code jvms} JVMs per variant a time limit held, serving {@code rounds} rounds. For the
     * latter, when what JVMs differ by is unseen (components from one JVM a variant), it is taken as nothing, the best
     * case, and said so; one JVM a variant is compared over its rounds (Student's paired t), which the planner's test of
     * as many JVMs of one trial each, measured together, is; several, by their JVMs' means, each of {@code rounds} trials.
     */
    private record Tested(VarianceComponents components, Question question, int jvms, int trials, String atBest) {

        Tested(VarianceComponents measured, boolean betweenUnseen, int jvms, int rounds, Question question) {
            this(
                    betweenUnseen ? VarianceComponents.known(0, measured.withinJvm()) : measured,
                    jvms < 2 ? question.withTogether(true) : question,
                    jvms < 2 ? rounds : jvms,
                    jvms < 2 ? 1 : rounds,
                    betweenUnseen ? ", even were JVMs of one variant alike" : "");
        }

        /** What a plan's JVMs and trials test, at the components it was planned from. */
        static Tested planned(VarianceComponents components, Plan plan) {
            return new Tested(components, plan.question(), plan.jvmsPerVariant(), plan.trialsPerJvm(), "");
        }

        /** The difference it tells apart at the question's power. */
        double resolution() {
            return Planner.resolution(components, question, jvms, trials);
        }

        /** The chance it decides a pair {@code difference} apart: declared different, or equivalent within {@code margin}. */
        double chanceToDecide(double difference, double margin) {
            return Planner.power(components, question, jvms, trials, difference)
                    + Planner.equivalence(components, question, jvms, trials, difference, margin);
        }
    }

    /** "those rounds tell 8.2% apart at 95% with 90% power[, even were JVMs of one variant alike]". */
    private String resolves(Tested design) {
        return String.format(
                Locale.ROOT,
                "those rounds tell %s apart at %s with %s power%s",
                percent(design.resolution()),
                percent(confidence),
                percent(Question.POWER),
                design.atBest());
    }

    private static String when(String instant) {
        try {
            return DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")
                    .format(Instant.parse(instant).atOffset(ZoneOffset.UTC));
        } catch (java.time.format.DateTimeParseException e) {
            return instant;
        }
    }

    /**
     * Each variant's pilot values, [jvm][trial], as many trials per JVM as every JVM has, each relative to the trials
     * measured at its moment (its round; in a together schedule, its round and fork), as the paired analysis compares
     * them: what the machine's speed did between moments is not planned for, since the analysis removes it. A value
     * relative to the mean of g values keeps (g - 1) / g of its variance, so the logs are scaled back by sqrt(g / (g - 1)).
     */
    private Map<String, double[][]> pilot() {
        var moments = new LinkedHashMap<String, List<Measured>>();
        for (Measured each : measured) {
            moments.computeIfAbsent(moment(each), key -> new ArrayList<>()).add(each);
        }
        var relative = new LinkedHashMap<String, Map<Integer, List<Double>>>();
        for (Measured each : measured) {
            List<Measured> with = moments.get(moment(each));
            double meanLog = with.stream()
                    .mapToDouble(m -> Math.log(m.value()))
                    .average()
                    .orElseThrow();
            int g = with.size();
            double scale = g > 1 ? Math.sqrt(g / (g - 1.0)) : 1;
            relative.computeIfAbsent(each.label(), label -> new TreeMap<>())
                    .computeIfAbsent(each.fork(), fork -> new ArrayList<>())
                    .add(Math.exp(scale * (Math.log(each.value()) - meanLog)));
        }
        var pilot = new LinkedHashMap<String, double[][]>();
        relative.forEach((label, byFork) -> {
            int trials = byFork.values().stream().mapToInt(List::size).min().orElse(0);
            double[][] byJvm = new double[byFork.size()][trials];
            int j = 0;
            for (List<Double> each : byFork.values()) {
                for (int k = 0; k < trials; k++) {
                    byJvm[j][k] = each.get(k);
                }
                j++;
            }
            pilot.put(label, byJvm);
        });
        return pilot;
    }

    /** What JVMs and trials differ by, pooled over the variants' pilot values ({@link #pilot()}). */
    private static VarianceComponents pooledComponents(Map<String, double[][]> pilot) {
        return VarianceComponents.pooled(
                pilot.values().stream().map(VarianceComponents::of).toList());
    }

    /** What the plan is made from: this pilot's components, pooled with the earlier pilots' ({@link #alongside}). */
    private VarianceComponents planningComponents(Map<String, double[][]> pilot) {
        return pooledComponents(pilot).pooledWith(earlier);
    }

    /** The fewest JVMs any variant had in the pilot: a plan needs two or more of each. */
    private int fewestJvmsPerVariant() {
        return jvmsByLabel().values().stream().mapToInt(Integer::intValue).min().orElse(0);
    }

    /** How many JVMs (forks) of each variant the pilot measured. */
    private Map<String, Integer> jvmsByLabel() {
        var forks = new LinkedHashMap<String, Set<Integer>>();
        measured.forEach(each ->
                forks.computeIfAbsent(each.label(), label -> new HashSet<>()).add(each.fork()));
        var counts = new LinkedHashMap<String, Integer>();
        forks.forEach((label, set) -> counts.put(label, set.size()));
        return counts;
    }

    /** Whether the rounds measure one JVM of every variant at once, which the analysis then compares JVM by JVM. */
    private boolean together() {
        return schedule == Schedule.TOGETHER;
    }

    /** The moment a value shared with others. */
    private String moment(Measured each) {
        return schedule == Schedule.TOGETHER ? each.round() + "/" + each.fork() : String.valueOf(each.round());
    }

    private Costs costs() {
        int jvms = jvmsByLabel().values().stream().mapToInt(Integer::intValue).sum();
        return new Costs(
                seconds(Math.max(secondsBeforeFirstTrial / jvms, 0.001)),
                seconds(Math.max(roundSeconds / Math.max(roundTrials, 1), 0.001)));
    }

    /** The pilot, the costs and the plan, in lines; or why there is no plan. */
    public String text() {
        if (alone) {
            return aloneText();
        }
        if (fewestJvmsPerVariant() < 2) {
            return String.format(
                    "Plan:         not made for --detect %s: with one JVM per variant this comparison cannot see what JVMs"
                            + " of one variant differ by (a few percent here, for their whole life), so its trials cannot"
                            + " tell %s apart from the JVMs' luck; give --forks 3 or more and the plan says how many JVMs"
                            + " and trials it takes%n",
                    percent(detect), percent(detect));
        }
        var pilot = pilot();
        Costs costs = costs();
        Question question = new Question(detect, confidence, Question.POWER, pilot.size(), null, together());
        try {
            String planned = PlanSummary.of(metric.id(), pilot, costs, question, earlier);
            String budgeted;
            try {
                VarianceComponents components = planningComponents(pilot);
                Plan inTime = Planner.plan(components, costs, question.withBudget(timeLimit), Design.PILOT_TRIALS);
                budgeted = String.format("In its time:  %s%n", inTime.describe())
                        + unlikelyPairs(
                                pilotLevels(),
                                List.copyOf(pilot.keySet()),
                                Tested.planned(components, inTime),
                                "the pilot saw");
            } catch (IllegalArgumentException e) {
                budgeted = String.format("In its time:  %s%n", e.getMessage());
            }
            return planned + budgeted;
        } catch (IllegalArgumentException e) {
            return String.format("Plan:         not made for --detect %s: %s%n", percent(detect), e.getMessage());
        }
    }

    /**
     * A pilot whose JVMs are all the comparison has ({@link #servesAlone}): what its JVMs and the rounds the time left holds
     * resolve, and the pairs they likely cannot. With one JVM per variant what JVMs differ by cannot be seen, so it is
     * taken as nothing: what is said is the best case (a pair named is unlikely to be decided even then), and the analysis then
     * compares a pair over its rounds (Student's paired t), which the planner's test of as many JVMs of one trial each,
     * measured together, is.
     */
    private String aloneText() {
        var pilot = pilot();
        int jvms = fewestJvmsPerVariant();
        double left = timeLimit.toNanos() / 1e9 - (System.nanoTime() - startNanos) / 1e9;
        double perRound = Math.max(roundSeconds / Math.max(rounds, 1), 1e-3);
        int roundsInAll = (int) Math.min(Design.MAX_ROUNDS, rounds + Math.max(0, Math.floor(left / perRound)));
        Question question = new Question(detect, confidence, Question.POWER, pilot.size(), null, together());
        String fewer = String.format(
                Locale.ROOT,
                "Plan:         not made for --detect %s: the time limit held %d of the pilot's %d JVMs per variant, no"
                        + " more; they serve about %d rounds in all%n",
                percent(detect),
                jvms,
                Design.PILOT_FORKS,
                roundsInAll);
        try {
            Tested held;
            String pilotLine;
            if (jvms < 2) {
                double within = withinJvmOfOne(pilot);
                held = new Tested(VarianceComponents.known(0, within), true, jvms, roundsInAll, question);
                pilotLine = String.format(
                        Locale.ROOT,
                        "Pilot:        %s, %d variants, 1 JVM each, %d trials: trials within a JVM differ by %.1f%% (what"
                                + " JVMs of one variant differ by cannot be seen with one each)%n",
                        metric.id(),
                        pilot.size(),
                        rounds,
                        100 * Math.expm1(Math.sqrt(within)));
            } else {
                held = new Tested(planningComponents(pilot), false, jvms, roundsInAll, question);
                pilotLine = String.format(
                        Locale.ROOT,
                        "Pilot:        %s, %d variants, %d JVMs each, %d trials per JVM: %s%n",
                        metric.id(),
                        pilot.size(),
                        jvms,
                        rounds,
                        PlanSummary.spreads(held.components()));
            }
            return pilotLine
                    + fewer
                    + String.format("In its time:  %s%n", resolves(held))
                    + unlikelyPairs(pilotLevels(), List.copyOf(pilot.keySet()), held, "the pilot saw");
        } catch (IllegalArgumentException e) {
            return fewer + String.format("In its time:  %s%n", e.getMessage());
        }
    }

    /**
     * What trials of one JVM differ by (a variance of logs) when each variant has one: each variant's values about their
     * own mean, pooled over the variants.
     */
    private static double withinJvmOfOne(Map<String, double[][]> pilot) {
        double squares = 0;
        int degrees = 0;
        for (double[][] byJvm : pilot.values()) {
            double[] logs = Arrays.stream(byJvm[0]).map(Math::log).toArray();
            double mean = Arrays.stream(logs).average().orElse(0);
            for (double log : logs) {
                squares += (log - mean) * (log - mean);
            }
            degrees += logs.length - 1;
        }
        if (degrees < 1) {
            throw new IllegalArgumentException("a pilot of one trial per JVM cannot say what trials differ by");
        }
        return squares / degrees;
    }

    /**
     * The pairs that the design within the time limit has less than an even chance to decide (declare different, or
     * equivalent within the margin) at the ratio the pilot saw between them, said before that time is spent; nothing
     * when every pair is likely decided. The A/A control's pairs are no question to decide. The pilot's ratios are
     * estimates of a few JVMs: a pair named here may still be decided, and one not named may not.
     *
     * @param levels   each variant's level in a pilot ({@link #pilotLevels}); null (a pilot kept before they were) names
     *                 none
     * @param measured the variants measured now: only their pairs that the pilot measured too are named
     * @param saw      whose ratios these are: "the pilot saw", "the last pilot saw"
     */
    private String unlikelyPairs(Map<String, Double> levels, List<String> measured, Tested design, String saw) {
        if (levels == null) {
            return "";
        }
        var labels = new ArrayList<>(measured);
        labels.remove(control);
        int asked = labels.size();
        labels.removeIf(label -> levels.get(label) == null);
        var unlikely = new ArrayList<String>();
        int pairs = 0;
        for (int i = 0; i < labels.size(); i++) {
            for (int j = i + 1; j < labels.size(); j++) {
                pairs++;
                double ratio = Math.exp(Math.abs(levels.get(labels.get(i)) - levels.get(labels.get(j))));
                double chance = design.chanceToDecide(ratio - 1, margin);
                if (chance < 0.5) {
                    unlikely.add(String.format(
                            Locale.ROOT,
                            "%s and %s (%.3fx, %s)",
                            labels.get(i),
                            labels.get(j),
                            ratio,
                            percent(chance)));
                }
            }
        }
        if (unlikely.isEmpty()) {
            return "";
        }
        return String.format(
                Locale.ROOT,
                "Unlikely:     %d of %d pair(s)%s have less than an even chance to be decided in this time (declared"
                        + " different, or equivalent within %s) at the ratio %s%s: %s%n",
                unlikely.size(),
                pairs,
                labels.size() < asked ? " that it measured" : "",
                percent(margin),
                saw,
                design.atBest(),
                String.join("; ", unlikely));
    }

    /**
     * Each variant's level in the pilot: the mean of its values' logs, each relative to the values of its moment, as the
     * paired analysis compares them; two levels' difference is the log of the pair's ratio.
     */
    private Map<String, Double> pilotLevels() {
        var moments = new LinkedHashMap<String, Double>();
        var counts = new LinkedHashMap<String, Integer>();
        for (Measured each : measured) {
            moments.merge(moment(each), Math.log(each.value()), Double::sum);
            counts.merge(moment(each), 1, Integer::sum);
        }
        var sums = new LinkedHashMap<String, double[]>();
        for (Measured each : measured) {
            String moment = moment(each);
            double relative = Math.log(each.value()) - moments.get(moment) / counts.get(moment);
            double[] sum = sums.computeIfAbsent(each.label(), label -> new double[2]);
            sum[0] += relative;
            sum[1]++;
        }
        var levels = new LinkedHashMap<String, Double>();
        sums.forEach((label, sum) -> levels.put(label, sum[0] / sum[1]));
        return levels;
    }

    private static Duration seconds(double seconds) {
        return Duration.ofNanos((long) (seconds * 1e9));
    }

    private static String percent(double fraction) {
        return Percent.format(fraction);
    }
}
