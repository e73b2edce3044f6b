package dev.stackbench.core.load;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.stackbench.core.vocabulary.Durations;
import dev.stackbench.core.vocabulary.LoadModel;
import dev.stackbench.core.vocabulary.Numbers;
import dev.stackbench.core.vocabulary.Stage;
import dev.stackbench.core.vocabulary.ThinkTime;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/**
 * How load is offered: a closed set of validated values. The engine turns a profile and a warm-up
 * into a {@link Ramp} of users (closed model) or of requests per second (open model). In JSON (a run
 * sent to agents) each names its kind in {@code type}.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = LoadProfile.Closed.class, name = "closed"),
    @JsonSubTypes.Type(value = LoadProfile.Open.class, name = "open"),
    @JsonSubTypes.Type(value = LoadProfile.RampingUsers.class, name = "ramping-users"),
    @JsonSubTypes.Type(value = LoadProfile.RampingRate.class, name = "ramping-rate")
})
public sealed interface LoadProfile {

    /** Closed (users) or open (arrivals); results write its {@link LoadModel#id()}. */
    LoadModel model();

    /** A one-line description, e.g. {@code closed: 200 users, think 1s..3s, 30s}. */
    String describe();

    /** What a user waits between a response and its next request; {@link ThinkTime#NONE} in the open model. */
    ThinkTime thinkTime();

    /** The ramp the engine runs, warm-up included; the measured window is its last part. */
    Ramp ramp(Duration warmup);

    /**
     * {@code users} virtual users, each sending a request, waiting for its response, thinking, and
     * again; for {@code duration}, or until {@code requestLimit} requests have been sent (ab's -n and
     * -c), whichever comes first.
     */
    record Closed(int users, ThinkTime thinkTime, Duration duration, OptionalLong requestLimit) implements LoadProfile {
        public Closed {
            if (users < 1) {
                throw new IllegalArgumentException("concurrency must be at least 1, got " + users);
            }
            positive("duration", duration);
            if (requestLimit.isPresent() && requestLimit.getAsLong() < 1) {
                throw new IllegalArgumentException("requests must be at least 1, got " + requestLimit.getAsLong());
            }
        }

        @Override
        public LoadModel model() {
            return LoadModel.CLOSED;
        }

        @Override
        public String describe() {
            return "closed: " + users + " users" + (thinkTime.isNone() ? "" : ", think " + thinkTime)
                    + (requestLimit.isPresent() ? ", " + requestLimit.getAsLong() + " requests within " : ", ")
                    + Durations.format(duration);
        }

        @Override
        public Ramp ramp(Duration warmup) {
            return Ramp.constant(users, warmup.plus(duration));
        }
    }

    /** A constant arrival rate for {@code duration}: request i is due at i / rate, whatever the server does. */
    record Open(double ratePerSecond, Duration duration) implements LoadProfile {
        public Open {
            if (!(ratePerSecond > 0) || Double.isInfinite(ratePerSecond)) {
                throw new IllegalArgumentException(
                        "rate must be a positive number of requests per second, got " + ratePerSecond);
            }
            positive("duration", duration);
        }

        @Override
        public ThinkTime thinkTime() {
            return ThinkTime.NONE;
        }

        @Override
        public LoadModel model() {
            return LoadModel.OPEN;
        }

        @Override
        public String describe() {
            return "open: " + Numbers.plain(ratePerSecond) + " requests/s, " + Durations.format(duration);
        }

        @Override
        public Ramp ramp(Duration warmup) {
            return Ramp.constant(ratePerSecond, warmup.plus(duration));
        }
    }

    /** k6's ramping-vus: users follow the stages; the warm-up, if any, is the stages' first part. */
    record RampingUsers(List<Stage> stages, ThinkTime thinkTime) implements LoadProfile {
        public RampingUsers {
            stages = List.copyOf(stages);
            validateStages(stages);
        }

        @Override
        public LoadModel model() {
            return LoadModel.CLOSED;
        }

        @Override
        public String describe() {
            return "closed: users ramp " + stages.stream().map(Stage::toString).collect(Collectors.joining(","))
                    + (thinkTime.isNone() ? "" : ", think " + thinkTime);
        }

        @Override
        public Ramp ramp(Duration warmup) {
            return Ramp.of(stages);
        }
    }

    /** k6's ramping-arrival-rate: the rate follows the stages; the warm-up, if any, is the stages' first part. */
    record RampingRate(List<Stage> stages) implements LoadProfile {
        public RampingRate {
            stages = List.copyOf(stages);
            validateStages(stages);
        }

        @Override
        public ThinkTime thinkTime() {
            return ThinkTime.NONE;
        }

        @Override
        public LoadModel model() {
            return LoadModel.OPEN;
        }

        @Override
        public String describe() {
            return "open: rate ramp "
                    + stages.stream().map(stage -> stage + "/s").collect(Collectors.joining(","));
        }

        @Override
        public Ramp ramp(Duration warmup) {
            return Ramp.of(stages);
        }
    }

    private static void positive(String name, Duration duration) {
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, got " + Durations.format(duration));
        }
    }

    private static void validateStages(List<Stage> stages) {
        if (stages.isEmpty()
                || stages.stream().allMatch(stage -> stage.duration().isZero())) {
            throw new IllegalArgumentException("stages must last longer than 0s in total");
        }
    }
}
