package dev.stackbench.core.report;

import dev.stackbench.core.compare.ComparisonFiles;
import dev.stackbench.core.compare.ComparisonResult;
import dev.stackbench.core.compare.ComparisonRunner;
import dev.stackbench.core.compare.ComparisonSummary;
import dev.stackbench.core.compare.analysis.Looks;
import dev.stackbench.core.compare.analysis.MetricVerdict;
import dev.stackbench.core.compare.analysis.PairVerdict;
import dev.stackbench.core.machine.Machine;
import dev.stackbench.core.result.Metric;
import dev.stackbench.core.result.ProfileExplanation;
import dev.stackbench.core.vocabulary.Durations;
import java.awt.Color;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.thymeleaf.TemplateEngine;
import org.thymeleaf.context.Context;
import org.thymeleaf.templatemode.TemplateMode;
import org.thymeleaf.templateresolver.ClassLoaderTemplateResolver;

/**
 * The report page of a comparison ({@code comparison.json}): the ordered groups per metric, every pair's ratio with
 * its interval as a forest plot (inline SVG), the values of every round (where drift shows, and why only ratios within
 * a round are compared), the variants' JVMs (start, warm-up, CPU while idle) and what bounds each ({@link VariantBounds}),
 * the A/A control and the warnings.
 * Written into a temporary directory and renamed into place, as {@link Report} writes a run's page.
 *
 * <pre>{@code
 * if (ComparisonReport.comparison(inputs) != null) { ComparisonReport.write(ComparisonReport.comparison(inputs), out); }
 * }</pre>
 */
public final class ComparisonReport {

    static final String TEMPLATE = "dev/stackbench/core/report/comparison";

    private static final TemplateEngine ENGINE = engine();

    /** What the template shows, already in words. */
    record View(
            String made,
            String title,
            List<ReportPage.Fact> facts,
            List<String> warnings,
            List<MetricView> metrics,
            List<VariantRow> variants,
            List<ProfileView> profiles,
            List<ProfileGraphs.Difference> differences) {}

    /** One variant's profile over its trials: its facts in words and its flame graphs. */
    record ProfileView(String label, List<String> facts, List<ProfileGraphs.Flame> flames) {}

    record MetricView(
            String id,
            String title,
            String overall,
            List<String> groups,
            List<PairRow> pairs,
            ForestPlot forest,
            Charts.Chart rounds) {}

    record PairRow(String pair, String ratio, String interval, String outcome, String words) {}

    record VariantRow(
            String label, String source, String startup, String warmup, String idleCpu, String bound, String log) {}

    private ComparisonReport() {}

    /** The comparison.json among {@code inputs} when they are exactly one comparison; null when they are results of runs. */
    public static Path comparison(List<Path> inputs) {
        return inputs.size() == 1 ? ComparisonFiles.find(inputs.getFirst()) : null;
    }

    /**
     * Where {@code current} spends its time otherwise than {@code base}, in words, the largest changes first ("head
     * spends 31% more CPU per request in X than base (17.9 vs 12.3 µs)"): what the comparison page shows under a pair's
     * differential flame graph, for any two profiled variants (a pull-request check's head and base). Empty when either
     * was not profiled.
     */
    public static List<String> profileDifference(Path comparisonJson, String base, String current) {
        ComparisonResult result = ComparisonFiles.read(comparisonJson);
        var baseRecord = record(result, base);
        var currentRecord = record(result, current);
        if (baseRecord.profile() == null || currentRecord.profile() == null) {
            return List.of();
        }
        Path home = comparisonJson.toAbsolutePath().getParent();
        return ProfileGraphs.difference(
                        profiled(result, home, baseRecord), base, profiled(result, home, currentRecord), current, "d")
                .sentences();
    }

    /** @throws dev.stackbench.core.result.read.UnreadableResultException naming the file, before anything is written */
    public static Report.Written write(Path comparisonJson, Path out) {
        ComparisonResult result = ComparisonFiles.read(comparisonJson);
        return Report.writeInto(out, (directory, charts) -> {
            var metrics = new ArrayList<MetricView>();
            for (MetricVerdict verdict : result.verdicts()) {
                metrics.add(metric(result, verdict, roundsChart(result, verdict.metric(), charts)));
            }
            Path home = comparisonJson.toAbsolutePath().getParent();
            var view = new View(
                    Instant.now().toString(),
                    title(result),
                    facts(result),
                    result.warnings(),
                    metrics,
                    variants(result),
                    profiles(result, home),
                    differences(result, home));
            var context = new Context(Locale.ROOT);
            context.setVariable("page", view);
            Files.writeString(
                    directory.resolve(Report.PAGE), ENGINE.process(TEMPLATE, context), StandardCharsets.UTF_8);
            return new Report.Written(
                    directory.resolve(Report.PAGE),
                    result.rounds().stream()
                            .mapToInt(round -> round.trials().size())
                            .sum(),
                    result.labels().size(),
                    charts.written().stream().map(Charts.Chart::file).toList());
        });
    }

    /** Each profiled variant's graphs, from profiles/LABEL/ beside comparison.json. */
    private static List<ProfileView> profiles(ComparisonResult result, Path home) {
        var views = new ArrayList<ProfileView>();
        int number = 0;
        for (ComparisonResult.VariantRecord variant : result.variants()) {
            number++;
            if (variant.profile() == null || variant.fork() > 1) { // with forks, the first JVM's stands for its variant
                continue;
            }
            var profiled = profiled(result, home, variant);
            var facts = new ArrayList<String>();
            facts.addAll(ProfileExplanation.of(variant.profile(), profiled.serverCpuMicrosPerRequest()));
            views.add(
                    new ProfileView(variant.label(), facts, ProfileGraphs.of(profiled, variant.label(), "v" + number)));
        }
        return views;
    }

    /**
     * For each pair a deciding metric declared different, the better variant's graphs against the other's, with the largest
     * changes in words ("webflux-netty spends 31% less CPU per request in ... than loom-netty").
     */
    private static List<ProfileGraphs.Difference> differences(ComparisonResult result, Path home) {
        var differences = new ArrayList<ProfileGraphs.Difference>();
        var seen = new HashSet<String>();
        for (Metric metric : result.design().deciding()) {
            MetricVerdict verdict = result.verdict(metric).orElse(null);
            if (verdict == null) {
                continue;
            }
            for (PairVerdict pair : verdict.pairs()) {
                if (pair.outcome() != PairVerdict.Outcome.DIFFERENT || !seen.add(pair.first() + " " + pair.second())) {
                    continue;
                }
                var better = record(result, pair.first());
                var worse = record(result, pair.second());
                if (better.profile() == null
                        || worse.profile() == null
                        || differences.size() >= ProfileGraphs.MAX_DIFFERENCES) {
                    continue;
                }
                differences.add(ProfileGraphs.difference(
                        profiled(result, home, worse),
                        worse.label(),
                        profiled(result, home, better),
                        better.label(),
                        "p" + (differences.size() + 1)));
            }
        }
        return differences;
    }

    private static ComparisonResult.VariantRecord record(ComparisonResult result, String label) {
        return result.variants().stream()
                .filter(variant -> variant.label().equals(label))
                .findFirst()
                .orElseThrow();
    }

    /** A variant's profile as the graphs read it: its stacks' directory and its median server CPU per request over the rounds. */
    private static ProfileGraphs.Profiled profiled(
            ComparisonResult result, Path home, ComparisonResult.VariantRecord variant) {
        Double serverCpu = result.verdict(Metric.SERVER_CPU_PER_REQUEST)
                .flatMap(verdict -> verdict.variants().stream()
                        .filter(score -> score.label().equals(variant.label()))
                        .findFirst())
                .map(MetricVerdict.VariantScore::median)
                .orElse(null);
        Path directory = home.resolve(ComparisonRunner.PROFILES).resolve(variant.label());
        boolean forked = result.design().forkNamed();
        return new ProfileGraphs.Profiled(
                forked ? directory.resolve("fork-" + variant.fork()) : directory, variant.profile(), serverCpu);
    }

    private static String title(ComparisonResult result) {
        return "stackbench comparison: " + String.join(", ", result.labels());
    }

    private static List<ReportPage.Fact> facts(ComparisonResult result) {
        var facts = new ArrayList<ReportPage.Fact>();
        facts.add(new ReportPage.Fact(
                "machine",
                Machine.words(result.machine())
                        + (result.machine() == null ? "" : "; its verdicts hold on this machine, not on another")));
        result.jvms().forEach((label, jvm) -> facts.add(new ReportPage.Fact("JVM of " + label, jvm)));
        facts.add(new ReportPage.Fact(
                "load",
                result.load().description() + "; trials of "
                        + Durations.format(result.load().trialWarmup()) + " re-warm and "
                        + Durations.format(result.load().window()) + " window"));
        facts.add(new ReportPage.Fact(
                "rounds",
                result.rounds().size() + " complete, " + ComparisonSummary.rounds(result.design()) + "; "
                        + result.stopped().words() + String.format(Locale.ROOT, " after %.0f s", result.seconds())));
        facts.add(new ReportPage.Fact(
                "decided on",
                String.join(
                                ", ",
                                result.design().deciding().stream()
                                        .map(Metric::id)
                                        .toList())
                        + String.format(
                                Locale.ROOT,
                                "; %.0f%% confidence over all pairs and %d looks (%s); equivalent within %.1f%%",
                                100 * result.design().confidence(),
                                result.design().looks().count(),
                                Looks.correction(),
                                100 * result.design().equivalenceMargin())));
        for (ComparisonResult.Aa aa : result.aa()) {
            if (aa.verdict() != null) {
                facts.add(new ReportPage.Fact(
                        "A/A control (" + aa.metric().id() + ")",
                        String.format(
                                Locale.ROOT,
                                "%s vs %s: %sx %s%s: the noise floor of this comparison",
                                aa.first(),
                                aa.second(),
                                ComparisonSummary.ratio(aa.verdict().ratio()),
                                ComparisonSummary.interval(
                                        aa.verdict().low(), aa.verdict().high()),
                                aa.falseAlarm() ? ", declared different" : "")));
            }
        }
        facts.add(new ReportPage.Fact("started", result.startedAt()));
        return facts;
    }

    private static MetricView metric(ComparisonResult result, MetricVerdict verdict, Charts.Chart rounds) {
        Metric metric = verdict.metric();
        var groups = new ArrayList<String>();
        for (List<String> group : verdict.groups()) {
            groups.add(String.join(" = ", group));
        }
        var pairs = verdict.pairs().stream()
                .map(pair -> new PairRow(
                        pair.first() + " vs " + pair.second(),
                        ComparisonSummary.ratio(pair.ratio()) + "x",
                        ComparisonSummary.interval(pair.low(), pair.high())
                                + String.format(Locale.ROOT, " at %.2f%%", 100 * pair.confidence()),
                        pair.outcome().id(),
                        ComparisonSummary.pairWords(pair, metric)))
                .toList();
        String overall = Double.isNaN(verdict.overall().pValue())
                ? "too few rounds for Friedman's test"
                : String.format(
                        Locale.ROOT,
                        "Friedman's test across all variants: p = %.2g",
                        verdict.overall().pValue());
        String title =
                (metric.higherIsBetter() ? metric.title() + ", higher is better" : metric.title() + ", lower is better")
                        + (result.design().deciding().contains(metric) ? " (deciding)" : "");
        return new MetricView(
                metric.id(),
                title,
                overall,
                groups,
                pairs,
                ForestPlot.of(verdict, result.design().equivalenceMargin()),
                rounds);
    }

    /** Each variant's value in each round: drift moves all of a round's values together, which the ratios cancel. */
    private static Charts.Chart roundsChart(ComparisonResult result, Metric metric, Charts charts) {
        XYChart chart = new XYChartBuilder()
                .width(900)
                .height(340)
                .title(metric.title() + " by round")
                .xAxisTitle("round")
                .yAxisTitle(metric.title())
                .build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setAntiAlias(false);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotBackgroundColor(Color.WHITE);
        chart.getStyler().setYAxisMin(0.0);
        for (String label : result.labels()) {
            var xs = new ArrayList<Double>();
            var ys = new ArrayList<Double>();
            for (ComparisonResult.Round round : result.rounds()) {
                // With forks, the geometric mean of the variant's JVMs in the round, as the analysis takes it.
                double[] values = round.trials(label).stream()
                        .mapToDouble(trial -> trial.values().get(metric))
                        .filter(value -> value > 0)
                        .toArray();
                if (values.length > 0) {
                    xs.add((double) round.number());
                    ys.add(Math.exp(java.util.Arrays.stream(values)
                            .map(Math::log)
                            .average()
                            .orElseThrow()));
                }
            }
            if (!xs.isEmpty()) {
                chart.addSeries(label, xs, ys).setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            }
        }
        return charts.save(
                chart,
                "rounds-" + metric.id() + ".png",
                "Each variant's " + metric.title() + " in each round. The machine's speed "
                        + "moves every value of a round together; only ratios within a round are compared, so that movement cancels.");
    }

    private static List<VariantRow> variants(ComparisonResult result) {
        return result.variants().stream()
                .map(variant -> new VariantRow(
                        variant.label(),
                        variant.variant().source().describe()
                                + (variant.variant().properties().isEmpty()
                                        ? ""
                                        : "; " + variant.variant().properties())
                                + (variant.variant().jvmOptions().isEmpty()
                                        ? ""
                                        : "; JVM "
                                                + String.join(
                                                        " ", variant.variant().jvmOptions())),
                        String.format(Locale.ROOT, "%.0f ms", variant.startup().millis()),
                        variant.warmup() == null
                                ? "not warmed up"
                                : warmup(variant) + "; then " + variant.rehearsals()
                                        + " rehearsal trial(s), discarded, until its JIT was quiet in one",
                        String.format(
                                Locale.ROOT,
                                "%.2f s over %.0f s of others' trials (%.1f%% of a core)",
                                variant.idleCpuSeconds(),
                                variant.idleSeconds(),
                                100 * variant.idleCpuShare()),
                        VariantBounds.of(result, variant.label()),
                        variant.log()))
                .toList();
    }

    private static String warmup(ComparisonResult.VariantRecord variant) {
        var window = variant.warmup().window();
        return window.warmupVerdict() != null
                ? window.warmupVerdict()
                : String.format(Locale.ROOT, "fixed, %.1f s", window.warmupSeconds());
    }

    private static TemplateEngine engine() {
        var resolver = new ClassLoaderTemplateResolver(ComparisonReport.class.getClassLoader());
        resolver.setSuffix(".html");
        resolver.setTemplateMode(TemplateMode.HTML);
        resolver.setCharacterEncoding("UTF-8");
        resolver.setCacheable(true);
        var engine = new TemplateEngine();
        engine.setTemplateResolver(resolver);
        return engine;
    }
}
