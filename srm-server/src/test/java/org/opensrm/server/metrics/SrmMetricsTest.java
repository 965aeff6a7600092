package org.opensrm.server.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** What the figures other parts register look like in a scrape. */
class SrmMetricsTest {
    private final SrmMetrics metrics = new SrmMetrics();

    private List<String> samples(String name) {
        return metrics.render().lines().filter(l -> l.startsWith(name + " ") || l.startsWith(name + "{")).toList();
    }

    @Test
    void gaugesAndCountersAreReadAtScrapeTimeAndWrittenAsWholeNumbers() {
        AtomicLong refused = new AtomicLong(3);
        metrics.counter("srm_things_refused_total", refused::get);
        metrics.gauge("srm_big_gauge", () -> 12_345_678_901L);
        metrics.gauge("srm_fraction", () -> 0.5);
        assertEquals(List.of("srm_things_refused_total 3"), samples("srm_things_refused_total"));
        refused.set(7);
        assertEquals(List.of("srm_things_refused_total 7"), samples("srm_things_refused_total"));
        assertEquals(List.of("srm_big_gauge 12345678901"), samples("srm_big_gauge"));
        assertEquals(List.of("srm_fraction 0.5"), samples("srm_fraction"));
        assertTrue(metrics.render().contains("# TYPE srm_things_refused_total counter\n"), metrics.render());
    }

    @Test
    void perDoorFiguresAreLabelledWithTheDoorNotNamedAfterIt() {
        java.util.Map<String, Long> choices = new java.util.LinkedHashMap<>();
        choices.put("gsiftp://door1:2811", 4L);
        choices.put("root://xrd1:1094|https://xrd1:8443", 9L);
        metrics.labelledCounter("srm_door_choices_total", "door", () -> choices);
        metrics.labelledGauge("srm_door_state", "door", () -> java.util.Map.of("gsiftp://door1:2811", 3));
        assertEquals(List.of("srm_door_choices_total{door=\"gsiftp://door1:2811\"} 4",
                "srm_door_choices_total{door=\"root://xrd1:1094|https://xrd1:8443\"} 9"),
                samples("srm_door_choices_total"));
        choices.put("gsiftp://door1:2811", 5L);
        assertTrue(samples("srm_door_choices_total").contains("srm_door_choices_total{door=\"gsiftp://door1:2811\"} 5"));
        assertEquals(List.of("srm_door_state{door=\"gsiftp://door1:2811\"} 3"), samples("srm_door_state"));
        assertTrue(metrics.render().contains("# TYPE srm_door_choices_total counter\n"), metrics.render());
    }

    @Test
    void aSecondRegistrationUnderOneNameReplacesTheFirst() {
        metrics.gauge("srm_replaced", () -> 1);
        metrics.gauge("srm_replaced", () -> 2);
        assertEquals(List.of("srm_replaced 2"), samples("srm_replaced"));
    }

    @Test
    void callsAndRefusalsAreCountedWithTheirLabels() {
        metrics.record("srmLs", "SRM_SUCCESS", 2_000_000);
        metrics.rejected();
        assertEquals(List.of("srm_requests_total{operation=\"srmLs\",status=\"SRM_SUCCESS\"} 1"),
                samples("srm_requests_total"));
        assertEquals(List.of("srm_request_seconds_count{operation=\"srmLs\"} 1"), samples("srm_request_seconds_count"));
        assertEquals(1, metrics.rejectedCount());
        assertEquals(List.of("srm_requests_rejected_total 1"), samples("srm_requests_rejected_total"));
    }
}
