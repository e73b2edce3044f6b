package dev.stackbench.core.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stackbench.core.vocabulary.Segment;
import dev.stackbench.core.vocabulary.Stages;
import dev.stackbench.testing.ChecksBehaviour;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Segments deal one schedule out by number: the agents' (and their loops') shares are disjoint and together exactly
 * the single generator's schedule, intended starts included, for any rate, stages and count.
 */
@ChecksBehaviour
class SegmentTest {

    private static final List<Ramp> RATES = List.of(
            Ramp.constant(200, Duration.ofSeconds(3)),
            Ramp.constant(7.3, Duration.ofSeconds(2)),
            Ramp.of(Stages.parse("1s:100/s,2s:100/s,0s:250/s,1s:250/s,2s:0/s").stages()),
            Ramp.of(Stages.parse("3s:90/s").stages()));

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5})
    void theAgentsSchedulesTogetherAreTheSingleSchedule(int agents) {
        for (Ramp rate : RATES) {
            var schedule = new ArrivalSchedule(rate);
            for (int workers = 1; workers <= 3; workers++) {
                var union = new ArrayList<long[]>();
                for (int k = 0; k < agents; k++) {
                    var segment = new Segment(k, agents);
                    long counted = 0;
                    for (int w = 0; w < workers; w++) {
                        var share = segment.ofWorker(w, workers);
                        // The engine's walk: the first owned number, then every count-th (OpenArrivals' next += count).
                        for (long i = share.firstFrom(0); i < schedule.requestCount(); i += share.count()) {
                            assertThat(segment.owns(i)).isTrue();
                            union.add(new long[] {i, schedule.intendedOffsetNanos(i)});
                        }
                        counted += share.countIn(0, schedule.requestCount());
                    }
                    assertThat(counted)
                            .as("segment %s's count", segment)
                            .isEqualTo(segment.countIn(0, schedule.requestCount()));
                }
                union.sort((a, b) -> Long.compare(a[0], b[0]));
                assertThat(union)
                        .as("%d agents of %d loops each", agents, workers)
                        .hasSize((int) schedule.requestCount());
                for (int i = 0; i < union.size(); i++) {
                    assertThat(union.get(i)[0]).isEqualTo(i);
                    assertThat(union.get(i)[1]).isEqualTo(schedule.intendedOffsetNanos(i));
                }
            }
        }
    }

    /** Closed model: users are dealt the same way, so at every moment the agents' active users add up to the level. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void theAgentsUsersTogetherAreTheSingleLevelAtEveryMoment(int agents) {
        var users =
                new UserSchedule(Ramp.of(Stages.parse("2s:10,1s:10,0s:3,2s:7").stages()));
        for (long offset = 0; offset < users.endNanos(); offset += 50_000_000) {
            int active = 0;
            for (int k = 0; k < agents; k++) {
                var segment = new Segment(k, agents);
                for (long user = segment.firstFrom(0); user < users.maxUsers(); user += segment.count()) {
                    active += users.isActive((int) user, offset) ? 1 : 0;
                }
            }
            assertThat(active).as("at %d ns", offset).isEqualTo(users.activeUsersAt(offset));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 7})
    void sharesOfConnectionsAndBudgetsAddUp(int agents) {
        for (long total : new long[] {1, 2, 7, 100, 1001}) {
            long sum = 0;
            for (int k = 0; k < agents; k++) {
                sum += new Segment(k, agents).shareOf(total);
            }
            assertThat(sum).isEqualTo(total);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1})
    void theWholeIsTheIdentity(int unused) {
        assertThat(Segment.WHOLE.ofWorker(2, 3)).isEqualTo(new Segment(2, 3));
        assertThat(Segment.WHOLE.firstFrom(41)).isEqualTo(41);
        assertThat(Segment.WHOLE.shareOf(17)).isEqualTo(17);
        assertThatThrownBy(() -> new Segment(2, 2)).hasMessage("segment 2 of 2 does not exist (0 <= index < count)");
    }
}
