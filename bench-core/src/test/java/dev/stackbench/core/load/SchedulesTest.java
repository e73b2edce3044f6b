package dev.stackbench.core.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.stackbench.core.vocabulary.Durations;
import dev.stackbench.core.vocabulary.Stage;
import dev.stackbench.core.vocabulary.Stages;
import dev.stackbench.core.vocabulary.ThinkTime;
import dev.stackbench.testing.ChecksBehaviour;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Schedules are pure functions of the request or user number: exact, no clock needed. */
@ChecksBehaviour
class SchedulesTest {

    static final long SECOND = 1_000_000_000L;

    @Test
    void aConstantRateStartsRequestIAtIOverR() {
        var schedule = new ArrivalSchedule(Ramp.constant(200, Duration.ofSeconds(3)));

        assertThat(schedule.requestCount()).isEqualTo(600);
        assertThat(schedule.intendedOffsetNanos(0)).isZero();
        assertThat(schedule.intendedOffsetNanos(1)).isEqualTo(5_000_000);
        assertThat(schedule.intendedOffsetNanos(599)).isEqualTo(2_995_000_000L);
        assertThatThrownBy(() -> schedule.intendedOffsetNanos(600)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    /** Stages that move the load are no steady state to test; a hold after a ramp is. */
    @Test
    void aRampHoldsStillOnlyWhereNoSlopeOrStepFallsInside() {
        var ramp = Ramp.of(Stages.parse("2s:100,3s:100,0s:50,2s:50").stages());

        assertThat(ramp.constantBetween(2 * SECOND, 5 * SECOND))
                .as("the hold after the ramp")
                .isTrue();
        assertThat(ramp.constantBetween(5 * SECOND, 7 * SECOND))
                .as("the hold after the step")
                .isTrue();
        assertThat(ramp.constantBetween(SECOND, 3 * SECOND))
                .as("the ramp's end")
                .isFalse();
        assertThat(ramp.constantBetween(4 * SECOND, 6 * SECOND))
                .as("the step down")
                .isFalse();
        assertThat(Ramp.constant(10, Duration.ofSeconds(3)).constantBetween(0, 3 * SECOND))
                .isTrue();
    }

    @Test
    void aLinearRampStartsRequestsAtTheInverseOfItsCumulativeCount() {
        // 0 -> 100 requests/s over 10 s: N(t) = 5 t^2, so request i starts at sqrt(i / 5) s; 500 in all.
        var schedule = new ArrivalSchedule(Ramp.of(List.of(new Stage(Duration.ofSeconds(10), 100))));

        assertThat(schedule.requestCount()).isEqualTo(500);
        assertThat(schedule.intendedOffsetNanos(5) / 1e9).isCloseTo(1.0, within(1e-6));
        assertThat(schedule.intendedOffsetNanos(125) / 1e9).isCloseTo(5.0, within(1e-6));
        assertThat(schedule.intendedOffsetNanos(499) / 1e9).isCloseTo(Math.sqrt(499 / 5.0), within(1e-6));
    }

    @Test
    void rampsDownHoldsAndJumpsComposeAndStayInOrder() {
        // hold 50/s for 2 s, jump to 200/s (a sharp spike) for 1 s, ramp down to 0 over 2 s
        var stages = Stages.parse("0s:50/s,2s:50/s,0s:200/s,1s:200/s,2s:0/s");
        var schedule = new ArrivalSchedule(Ramp.of(stages.stages()));

        assertThat(stages.kind()).isEqualTo(Stages.Kind.RATE);
        assertThat(schedule.requestCount()).isEqualTo(100 + 200 + 200);
        assertThat(schedule.intendedOffsetNanos(100)).isEqualTo(2 * SECOND);
        assertThat(schedule.intendedOffsetNanos(101)).isEqualTo(2 * SECOND + 5_000_000);
        assertThat(schedule.intendedOffsetNanos(300)).isEqualTo(3 * SECOND);
        // ramp down from 200/s: N(τ) = 200τ - 50τ², so 150 requests after the spike at τ = 1 s
        assertThat(schedule.intendedOffsetNanos(450) / 1e9).isCloseTo(4.0, within(1e-6));
        long previous = -1;
        for (long i = 0; i < schedule.requestCount(); i++) {
            long offset = schedule.intendedOffsetNanos(i);
            assertThat(offset).isGreaterThanOrEqualTo(previous).isLessThanOrEqualTo(5 * SECOND);
            previous = offset;
        }
    }

    @Test
    void usersFollowTheirRampAndAUserBeyondItKnowsWhenItIsNeededAgain() {
        // 0 -> 10 users over 10 s, hold 5 s, down to 0 over 5 s
        var users = new UserSchedule(Ramp.of(Stages.parse("10s:10,5s:10,5s:0").stages()));

        assertThat(users.maxUsers()).isEqualTo(10);
        assertThat(users.activeUsersAt(0)).isZero();
        assertThat(users.activeUsersAt(5 * SECOND)).isEqualTo(5);
        assertThat(users.activeUsersAt(12 * SECOND)).isEqualTo(10);
        assertThat(users.activeUsersAt(17 * SECOND + SECOND / 2)).isEqualTo(5);
        assertThat(users.isActive(4, 5 * SECOND)).isTrue();
        assertThat(users.isActive(5, 5 * SECOND)).isFalse();
        // user 5 (the sixth) is needed once the ramp reaches 6, at 6 s
        assertThat(users.nextActivationNanos(5, 5 * SECOND)).isEqualTo(OptionalLong.of(6 * SECOND));
        assertThat(users.nextActivationNanos(5, 16 * SECOND)).isEqualTo(OptionalLong.of(16 * SECOND));
        assertThat(users.nextActivationNanos(9, 18 * SECOND)).isEmpty();
        assertThat(users.isActive(0, 20 * SECOND)).isFalse();
    }

    /** A jump in the past must not make a user needed "now" again: that would spin its loop. */
    @Test
    void aJumpThatIsOverDoesNotWakeAUserItLeftOut() {
        var users = new UserSchedule(
                Ramp.of(Stages.parse("0s:50,20s:50,0s:10,20s:10").stages()));
        long at25s = java.time.Duration.ofSeconds(25).toNanos();

        assertThat(users.isActive(30, at25s)).isFalse();
        assertThat(users.nextActivationNanos(30, at25s)).isEmpty();
        assertThat(users.nextActivationNanos(5, at25s)).hasValue(at25s);
        assertThat(users.nextActivationNanos(30, 0)).hasValue(0);
    }

    /** The number of requests due by an instant, computed from the rate, agrees with each request's intended start. */
    @Test
    void theCountOfDueRequestsAgreesWithTheIntendedStarts() {
        var schedules = List.of(
                new ArrivalSchedule(Ramp.constant(3, java.time.Duration.ofSeconds(10))),
                new ArrivalSchedule(
                        Ramp.of(Stages.parse("2s:100/s,1s:100/s,0s:7/s,3s:40/s").stages())));
        for (ArrivalSchedule schedule : schedules) {
            for (long i = 0; i < schedule.requestCount(); i++) {
                long start = schedule.intendedOffsetNanos(i);
                assertThat(schedule.countDueBy(start))
                        .as("request %d due at %d", i, start)
                        .isGreaterThanOrEqualTo(i + 1);
                assertThat(schedule.countDueBy(start - 1))
                        .as("request %d not due before %d", i, start)
                        .isLessThanOrEqualTo(i);
            }
            assertThat(schedule.countDueBy(schedule.endNanos() + 1)).isEqualTo(schedule.requestCount());
            assertThat(schedule.countDueBy(-1)).isZero();
        }
    }

    @Test
    void thinkTimeIsFixedOrUniformInItsRange() {
        var random = new SplittableRandom(7);
        assertThat(ThinkTime.parse("250ms").sampleNanos(random)).isEqualTo(250_000_000L);
        var range = ThinkTime.parse("1s..3s");
        for (int i = 0; i < 1000; i++) {
            assertThat(range.sampleNanos(random)).isBetween(SECOND, 3 * SECOND);
        }
        assertThat(range).hasToString("1s..3s");
    }

    @Test
    void durationsAndStagesSayWhatIsWrongWithBadInput() {
        assertThat(Durations.parse("1m30s")).isEqualTo(Duration.ofSeconds(90));
        assertThat(Durations.parse("250ms")).isEqualTo(Duration.ofMillis(250));
        assertThat(Durations.format(Duration.ofSeconds(90))).isEqualTo("1m30s");
        assertThatThrownBy(() -> Durations.parse("10 seconds"))
                .hasMessage("'10 seconds' is not a duration; write e.g. 500ms, 30s, 1m30s or 2h");
        assertThatThrownBy(() -> Stages.parse("30s:100,10s:5/s")).hasMessageContaining("mix users and rates");
        assertThatThrownBy(() -> Stages.parse("30s")).hasMessageContaining("is not DURATION:TARGET");
        assertThatThrownBy(() -> Stages.parse("30s:2.5")).hasMessageContaining("fraction of a user");
    }

    @Test
    void requestsThatUseIdsSayWhereTheIdGoesAndNeedSomethingThatCreatesIds() {
        assertThat(RequestTemplate.get("read", "/contacts/{id}").ids()).isEqualTo(RequestTemplate.IdUse.USES);
        assertThatThrownBy(() -> RequestTemplate.get("list", "/contacts").withIds(RequestTemplate.IdUse.DELETES))
                .hasMessage(
                        "request 'list': {id} must be in the path exactly when it uses an id, got '/contacts' with DELETES");
        assertThatThrownBy(() -> RequestMix.of(RequestTemplate.get("read", "/contacts/{id}")))
                .hasMessage("a request mix that uses ids needs a request that creates them");
        var crud = WorkloadMixes.of(dev.stackbench.core.server.Workload.CRUD, java.util.Map.of());
        assertThat(crud.entries().get(crud.creator()).template().name()).isEqualTo("create");
    }

    @Test
    void aWarmupMustLeaveSomethingToMeasure() {
        var target = java.net.URI.create("http://127.0.0.1:1/");
        var stages = new LoadProfile.RampingRate(Stages.parse("5s:10/s").stages());
        assertThat(LoadRun.of(target, stages, Duration.ofSeconds(4)).warmup()).isEqualTo(Duration.ofSeconds(4));
        assertThatThrownBy(() -> LoadRun.of(target, stages, Duration.ofSeconds(5)))
                .hasMessage("warmup of 5s leaves nothing to measure of 5s of stages");
        assertThatThrownBy(() -> LoadRun.of(java.net.URI.create("ftp://example.org/")))
                .hasMessageContaining("must be an http:// or https:// URL");
    }
}
