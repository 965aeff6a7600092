package org.opensrm.server;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.opensrm.gridftp.DoorLoad;
import org.opensrm.gridftp.DoorState;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.gridftp.GridFtpSelector;
import org.opensrm.server.metrics.SrmMetrics;

/**
 * The door selection figures for operators, read from the selector at scrape time: doors per state, answers
 * without a door, and per door, labelled {@code door} with its URI as configured ({@code gsiftp://host:port},
 * {@code root://host:1094|https://host:8443} for a door with two endpoints): its load, state (0 up, 1 unknown,
 * 2 full, 3 dead) and choices. Only for a selector that reports doors (loadprobe).
 */
final class DoorMetrics {
    static final String LABEL = "door";

    private DoorMetrics() {
    }

    static void register(SrmMetrics metrics, GridFtpSelector selector, List<GridFtpNode> nodes) {
        if (selector.doorLoads().isEmpty()) {
            return;
        }
        for (DoorState s : DoorState.values()) {
            String name = "srm_gridftp_doors_" + s.name().toLowerCase();
            metrics.gauge(name, () -> selector.doorLoads().stream().filter(d -> d.state() == s).count());
        }
        metrics.counter("srm_gridftp_no_door_total", selector::noDoorAnswers);
        metrics.labelledGauge("srm_door_load", LABEL, () -> perDoor(selector, nodes, DoorLoad::load));
        metrics.labelledGauge("srm_door_state", LABEL, () -> perDoor(selector, nodes, d -> d.state().code()));
        metrics.labelledCounter("srm_door_choices_total", LABEL, () -> {
            Map<String, Long> out = new LinkedHashMap<>();
            nodes.forEach(n -> out.put(n.toString(), selector.choices(n)));
            return out;
        });
    }

    private static Map<String, Number> perDoor(GridFtpSelector selector, List<GridFtpNode> nodes,
                                               Function<DoorLoad, Number> figure) {
        Map<GridFtpNode, DoorLoad> known = new LinkedHashMap<>();
        selector.doorLoads().forEach(d -> known.put(d.node(), d));
        Map<String, Number> out = new LinkedHashMap<>();
        for (GridFtpNode n : nodes) {
            DoorLoad d = known.getOrDefault(n, new DoorLoad(n, DoorState.UNKNOWN, Double.NaN, "not reported"));
            out.put(n.toString(), figure.apply(d));
        }
        return out;
    }
}
