package dev.stackbench.core.compare.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.testing.ChecksBehaviour;
import org.junit.jupiter.api.Test;

/** Which runs a Cancel ends, in the orders' sequence as the reader and the order loop see it. */
@ChecksBehaviour
class RunStopsTest {

    private final RunStops stops = new RunStops();

    @Test
    void aCancelThatOvertakesItsOrderEndsThatOrdersRunAsItBegins() {
        stops.received(); // a minute's warm-up, queued
        stops.cancel(); // Ctrl-C, read before the loop began the warm-up
        stops.taken();
        assertThat(stops.begin().requested()).isTrue();
    }

    @Test
    void aCancelEndsTheRunUnderWay() {
        stops.received();
        stops.taken();
        var run = stops.begin();
        assertThat(run.requested()).isFalse();
        stops.cancel();
        assertThat(run.requested()).isTrue();
    }

    @Test
    void anOrderReceivedAfterACancelRunsAsUsual() {
        stops.received();
        stops.taken();
        stops.begin();
        stops.cancel();
        stops.received();
        stops.taken();
        assertThat(stops.begin().requested()).isFalse();
    }

    @Test
    void onceTheCoordinatorIsGoneEveryRunEndsAsItBegins() {
        stops.received();
        stops.coordinatorGone();
        stops.taken();
        assertThat(stops.begin().requested()).isTrue();
        stops.received();
        stops.taken();
        assertThat(stops.begin().requested()).isTrue();
    }
}
