package dev.stackbench.jmh;

import dev.stackbench.core.load.engine.LoadGenerator;
import dev.stackbench.core.profile.FlameGraphPage;
import dev.stackbench.core.profile.Profile;
import dev.stackbench.core.profile.ProfileFiles;
import dev.stackbench.core.profile.ProfileKind;
import dev.stackbench.core.profile.ProfileMode;
import dev.stackbench.core.profile.ProfileRecorder;
import dev.stackbench.core.profile.ProfileSettings;
import dev.stackbench.core.profile.ProfileWindow;
import dev.stackbench.core.profile.ThreadScope;
import dev.stackbench.core.result.ResultFiles;
import dev.stackbench.core.result.ServerProfile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;
import org.openjdk.jmh.results.TextResult;
import org.openjdk.jmh.runner.IterationType;

/**
 * {@code -prof dev.stackbench.jmh.ServerProfiler}: the server's profile over JMH's measurement iterations only (never
 * the trial's wait until steady, nor JMH's warm-up iterations), as {@code load --profile} records it: one recording per
 * fork, each measurement iteration a window of it. After the last iteration it writes, into
 * {@code DIR/<benchmark>-<params>-<pid>/}, the collapsed stacks, {@code profile.json} (result.json's serverProfile) and
 * the CPU and allocation flame graphs as pages of their own, and adds to JMH's results the numbers (pinned events/s,
 * allocation per response, time blocked on locks per response, GC pause share) and the explanation in words.
 *
 * <p>Options, JMH's way ({@code -prof dev.stackbench.jmh.ServerProfiler:mode=async;dir=profiles;keepJfr=true}):
 * {@code mode} jfr (default), async or async-wall; {@code dir} (default {@value #DEFAULT_DIRECTORY}); {@code keepJfr}
 * true to keep the recordings.
 */
public final class ServerProfiler implements InternalProfiler {

    static final String DEFAULT_DIRECTORY = "stackbench-profile";

    private final ProfileSettings settings;
    private final Path directory;
    private ProfileRecorder recorder;
    private Instant iterationStart;
    private int measuredIterations;
    /** Responses in the measurement iterations: JMH's score (responses/s) times each iteration's length. */
    private double responses;

    public ServerProfiler() throws ProfilerException {
        this("");
    }

    public ServerProfiler(String initLine) throws ProfilerException {
        Map<String, String> options = options(initLine);
        try {
            ProfileMode mode = ProfileMode.fromId(options.getOrDefault("mode", ProfileMode.JFR.id()));
            if (mode.async()) {
                var reason = ProfileRecorder.asyncUnavailableReason();
                if (reason.isPresent()) {
                    throw new ProfilerException("mode=" + mode.id() + ": " + reason.get());
                }
            }
            settings = ProfileSettings.of(mode)
                    .withKeepRecordings(Boolean.parseBoolean(options.getOrDefault("keepJfr", "false")));
        } catch (IllegalArgumentException e) {
            throw new ProfilerException(e.getMessage());
        }
        directory = Path.of(options.getOrDefault("dir", DEFAULT_DIRECTORY));
        ProfileRecorder.prepare(settings); // before anything starts JFR in this fork: deeper stacks
    }

    private static Map<String, String> options(String initLine) throws ProfilerException {
        var options = new TreeMap<String, String>();
        for (String option : initLine.split(";")) {
            if (option.isBlank()) {
                continue;
            }
            int equals = option.indexOf('=');
            String name =
                    equals < 0 ? option.trim() : option.substring(0, equals).trim();
            if (equals < 0 || !List.of("mode", "dir", "keepJfr").contains(name)) {
                throw new ProfilerException(
                        "option '" + option + "' is not mode=jfr|async|async-wall, dir=PATH or keepJfr=true|false");
            }
            options.put(name, option.substring(equals + 1).trim());
        }
        return options;
    }

    @Override
    public String getDescription() {
        return "stackbench: the server's profile (CPU, allocation, locks, pinning, GC) over the measurement iterations, with flame graphs";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        if (recorder == null) {
            recorder = ProfileRecorder.start(
                    settings); // in the first (warm-up) iteration: its own start-up is not measured
        }
        iterationStart = Instant.now();
    }

    @Override
    public Collection<? extends Result> afterIteration(
            BenchmarkParams benchmarkParams, IterationParams iterationParams, IterationResult result) {
        if (iterationParams.getType() != IterationType.MEASUREMENT || recorder == null) {
            return List.of();
        }
        Instant end = Instant.now();
        recorder.include(new ProfileWindow(iterationStart, end));
        responses += result.getPrimaryResult().getScore() * (end.toEpochMilli() - iterationStart.toEpochMilli()) / 1e3;
        if (++measuredIterations < iterationParams.getCount()) {
            return List.of();
        }
        try {
            return finish(benchmarkParams);
        } finally {
            recorder.close();
            recorder = null;
        }
    }

    private List<Result> finish(BenchmarkParams benchmarkParams) {
        var threads = ThreadScope.serverThreads()
                .excludingNamePrefix(LoadGenerator.THREAD_NAME_PREFIX)
                .excludingThread(Thread.currentThread().threadId());
        for (long id : CurrentLoad.benchmarkThreadIds()) {
            threads = threads.excludingThread(id);
        }
        Profile profile = recorder.finish(threads, CurrentLoad.codePackages());
        Path out = directory.resolve(directoryName(benchmarkParams));
        ServerProfile facts = profile.facts(Math.round(responses), ProfileFiles.write(out, profile));
        String name = benchmarkParams
                .getBenchmark()
                .substring(benchmarkParams.getBenchmark().lastIndexOf('.') + 1);
        writePage(
                out.resolve("flame-cpu.html"),
                FlameGraphPage.of(
                        profile.stacks(ProfileKind.CPU),
                        profile.codePackages(),
                        name + ": CPU of the server's threads",
                        ProfileKind.CPU));
        writePage(
                out.resolve("flame-alloc.html"),
                FlameGraphPage.of(
                        profile.stacks(ProfileKind.ALLOCATION),
                        profile.codePackages(),
                        name + ": allocation by the server's threads",
                        ProfileKind.ALLOCATION));
        ResultFiles.writeAtomically(
                out.resolve("profile.json"), ResultFiles.json().writeValueAsBytes(facts));
        var results = new ArrayList<Result>();
        if (facts.pinning().perSecond() != null) {
            results.add(
                    new ScalarResult("profile.pinned", facts.pinning().perSecond(), "events/s", AggregationPolicy.AVG));
        }
        if (facts.allocation().bytesPerRequest() != null) {
            results.add(new ScalarResult(
                    "profile.alloc", facts.allocation().bytesPerRequest(), "B/response", AggregationPolicy.AVG));
        }
        if (facts.locks().blockedMillisPerRequest() != null) {
            results.add(new ScalarResult(
                    "profile.locks", facts.locks().blockedMillisPerRequest(), "ms/response", AggregationPolicy.AVG));
        }
        if (facts.gc().pausePercent() != null) {
            results.add(new ScalarResult("profile.gc", facts.gc().pausePercent(), "% paused", AggregationPolicy.AVG));
        }
        results.add(new TextResult(explanation(facts, out), "profile"));
        return results;
    }

    private static String explanation(ServerProfile facts, Path out) {
        var text = new StringBuilder();
        if (!facts.cpu().topSelf().isEmpty()) {
            text.append("top frames (self, of the server's ")
                    .append(facts.cpu().serverSamples())
                    .append(" CPU samples):\n");
            facts.cpu().topSelf().stream()
                    .limit(5)
                    .forEach(frame -> text.append(String.format(
                            Locale.ROOT,
                            "  %5.1f%%  %s (%s)%n",
                            frame.selfPercent(),
                            frame.frame(),
                            frame.category())));
        }
        text.append(String.format(
                Locale.ROOT,
                "pinning %d events, locks %.2f ms/response, GC paused %s%n",
                facts.pinning().events(),
                facts.locks().blockedMillisPerRequest() == null
                        ? Double.NaN
                        : facts.locks().blockedMillisPerRequest(),
                facts.gc().pausePercent() == null
                        ? "?"
                        : String.format(Locale.ROOT, "%.1f%%", facts.gc().pausePercent())));
        facts.notes().forEach(note -> text.append("note: ").append(note).append('\n'));
        text.append("files: ")
                .append(out.toAbsolutePath())
                .append(" (flame-cpu.html, flame-alloc.html, collapsed stacks, profile.json)\n");
        return text.toString();
    }

    /** {@code ServerLoadBenchmark.response-approach=loom-tomcat,workload=date-4711}: one per benchmark, parameters and fork. */
    private static String directoryName(BenchmarkParams params) {
        var name = new StringBuilder(params.getBenchmark()
                .substring(params.getBenchmark()
                                .lastIndexOf('.', params.getBenchmark().lastIndexOf('.') - 1)
                        + 1));
        var values = new ArrayList<String>();
        for (String key : params.getParamsKeys()) {
            values.add(key + "=" + params.getParam(key));
        }
        if (!values.isEmpty()) {
            name.append('-').append(String.join(",", values));
        }
        name.append('-').append(ProcessHandle.current().pid());
        return name.toString().replaceAll("[^A-Za-z0-9=,._-]", "_");
    }

    private static void writePage(Path file, FlameGraphPage.Page page) {
        ResultFiles.writeAtomically(file, page.html().getBytes(StandardCharsets.UTF_8));
    }
}
