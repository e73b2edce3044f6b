package dev.stackbench.core.scenario;

import dev.stackbench.core.load.LoadOptions;
import dev.stackbench.core.server.Workload;
import dev.stackbench.core.server.WorkloadParams;
import dev.stackbench.core.vocabulary.Stage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The k6 scripts named in the {@code k6Config} column of 004_9fdac83a6b4a27d3.txt's scenario CSV,
 * each as the load it describes: which requests, how many users over time, how long each thinks.
 * The original scripts read VUS, RPS and DURATION_IN_SECONDS from the CSV row; so do these.
 */
enum K6Script {
    /** {@code GET /epoch-millis}: k6's {@code vus} users, capped at {@code rps} requests/s when given. */
    GET_TIME("get-time.js", Workload.DATE, Shape.CONSTANT, false),
    /** {@code GET /movies?directorLastName=Allen}, constant users as get-time.js. */
    GET_MOVIES("get-movies.js", Workload.MOVIES, Shape.CONSTANT, true),
    /** Users in 4 steps up to VUS (each step 30% rise, 70% hold, over 80% of the time), then down to 0 over 20%. */
    GET_MOVIES_STEPPED_SPIKE("get-movies-stepped-vus-spike.js", Workload.MOVIES, Shape.STEPPED_SPIKE, true),
    /** Users ramp linearly to VUS over 80% of the time, then to 0 over 20%. */
    GET_MOVIES_SMOOTH_SPIKE("get-movies-smooth-vus-spike.js", Workload.MOVIES, Shape.SMOOTH_SPIKE, true),
    /** As the smooth spike, over four groups of VUS/4 users: GET by Allen, Kubrick, Hitchcock, and POST movies. */
    GET_POST_MOVIES_SMOOTH_SPIKE("get-post-movies-smooth-vus-spike.js", Workload.MOVIES, Shape.SMOOTH_SPIKE, false),
    /** Ten sharp spikes: each 2.5% of the time up to VUS, holding, down to 0, holding; GET and POST as above. */
    GET_POST_MOVIES_SHARP_SPIKES("get-post-movies-sharp-vus-spikes.js", Workload.MOVIES, Shape.SHARP_SPIKES, false);

    /**
     * The original service's settings that are server settings here: movie writes were answered but
     * not saved by default ({@code loom-webflux.repo-read-only}).
     */
    private static final Map<String, String> ORIGINAL_MOVIES_PROPERTIES = Map.of("stackbench.movies.read-only", "true");
    /** "Time-out is 60s for both client and server." */
    static final String ORIGINAL_TIMEOUT = "60s";
    /** The spike scripts' {@code sleep(2 * Math.random() + 1)} after every request. */
    static final String SPIKE_THINK_TIME = "1s..3s";

    private enum Shape {
        CONSTANT,
        STEPPED_SPIKE,
        SMOOTH_SPIKE,
        SHARP_SPIKES
    }

    private final String fileName;
    private final Workload workload;
    private final Shape shape;
    private final boolean allenOnly;

    K6Script(String fileName, Workload workload, Shape shape, boolean allenOnly) {
        this.fileName = fileName;
        this.workload = workload;
        this.shape = shape;
        this.allenOnly = allenOnly;
    }

    /** @throws InvalidScenario.Field naming the unknown script and the known ones */
    static K6Script of(String fileName) {
        for (K6Script script : values()) {
            if (script.fileName.equals(fileName)) {
                return script;
            }
        }
        throw new InvalidScenario.Field(
                K6ScenarioCsv.K6_CONFIG,
                "'" + fileName + "' cannot be mapped: stackbench does not run k6 scripts, it knows these: "
                        + K6ScenarioCsv.knownScripts());
    }

    Map<String, String> serverProperties() {
        return workload == Workload.MOVIES ? ORIGINAL_MOVIES_PROPERTIES : Map.of();
    }

    String fileName() {
        return fileName;
    }

    Workload workload() {
        return workload;
    }

    /** The GET-only scripts ask for one director; the others send the movies workload's own 75/25 mix. */
    List<String> requests(Map<String, String> params) {
        if (!allenOnly) {
            return List.of();
        }
        return List.of("1:GET:/movies?director=Allen&" + WorkloadParams.DELAY_MILLIS + "="
                + params.get(WorkloadParams.DELAY_MILLIS) + "&" + WorkloadParams.CALL_DEPTH + "="
                + params.get(WorkloadParams.CALL_DEPTH));
    }

    /**
     * @param ratePerSecond k6's {@code rps}, null when the row leaves it empty
     * @param warmupSeconds the original ran the same script for this long first; here it is the run's warm-up
     */
    LoadOptions load(int users, Double ratePerSecond, int seconds, int warmupSeconds) {
        String warmup = warmupSeconds + "s";
        if (shape == Shape.CONSTANT) {
            // k6's rps caps a closed loop; the open model at that rate, with the users as the connection cap, is its
            // coordinated-omission-free counterpart.
            var constant =
                    LoadOptions.builder().duration(seconds + "s").warmup(warmup).timeout(ORIGINAL_TIMEOUT);
            return (ratePerSecond != null
                            ? constant.rate(ratePerSecond).connections(users)
                            : constant.concurrency(users))
                    .build();
        }
        if (ratePerSecond != null) {
            throw new InvalidScenario.Field(
                    K6ScenarioCsv.RATE,
                    "must be empty for " + fileName + ", whose users set their own pace (think time 1s..3s)");
        }
        // The warm-up was the same script over the warm-up's length: the same shape, compressed, before the measured
        // one.
        var stages = new ArrayList<Stage>();
        if (warmupSeconds > 0) {
            stages.addAll(stages(users, warmupSeconds));
        }
        stages.addAll(stages(users, seconds));
        return LoadOptions.builder()
                .stages(stages.stream().map(Stage::toString).collect(Collectors.joining(",")))
                .warmup(warmup)
                .thinkTime(SPIKE_THINK_TIME)
                .timeout(ORIGINAL_TIMEOUT)
                .build();
    }

    String describe() {
        String requests = allenOnly
                ? "GET movies by Allen"
                : workload == Workload.DATE ? "GET the time" : "75% GET movies by three directors, 25% POST";
        return fileName + ": " + requests + ", "
                + switch (shape) {
                    case CONSTANT -> "constant users (open model when requestsPerSecond is given)";
                    case STEPPED_SPIKE ->
                        "users in 4 steps up to the peak over 80% of the time, down over 20%, thinking "
                                + SPIKE_THINK_TIME;
                    case SMOOTH_SPIKE ->
                        "users ramp to the peak over 80% of the time, down over 20%, thinking " + SPIKE_THINK_TIME;
                    case SHARP_SPIKES -> "10 sharp spikes of users, thinking " + SPIKE_THINK_TIME;
                };
    }

    private List<Stage> stages(int users, int seconds) {
        return switch (shape) {
            case CONSTANT -> throw new IllegalStateException("constant users need no stages");
            case SMOOTH_SPIKE -> List.of(stage(0.8 * seconds, perGroup(users)), stage(0.2 * seconds, 0));
            case STEPPED_SPIKE -> {
                var steps = new ArrayList<Stage>();
                double stepSeconds = 0.8 * seconds / 4;
                for (int step = 1; step <= 4; step++) {
                    int target = (int) Math.floor(users / 4.0 * step);
                    steps.add(stage(0.3 * stepSeconds, target));
                    steps.add(stage(0.7 * stepSeconds, target));
                }
                steps.add(stage(0.2 * seconds, 0));
                yield steps;
            }
            case SHARP_SPIKES -> {
                var spikes = new ArrayList<Stage>();
                for (int spike = 0; spike < 10; spike++) {
                    spikes.add(stage(0.025 * seconds, perGroup(users)));
                    spikes.add(stage(0.025 * seconds, perGroup(users)));
                    spikes.add(stage(0.025 * seconds, 0));
                    spikes.add(stage(0.025 * seconds, 0));
                }
                yield spikes;
            }
        };
    }

    /** The get-post scripts run four groups of floor(VUS / 4) users each; the GET-only ones all VUS. */
    private int perGroup(int users) {
        return allenOnly ? users : 4 * (users / 4);
    }

    private static Stage stage(double seconds, double target) {
        return new Stage(Duration.ofMillis(Math.round(seconds * 1000)), target);
    }
}
