package org.opensrm.server;

import java.util.List;
import org.opensrm.gridftp.DoorLoad;
import org.opensrm.gridftp.DoorState;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.gridftp.GridFtpSelector;
import org.opensrm.server.metrics.SrmMetrics;

/**
 * The GridFTP selection figures for operators, read from the selector at scrape time: doors per state, answers
 * without a door, and per door its load, state (0 up, 1 unknown, 2 full, 3 dead) and choices. Per-door names carry
 * the door as {@code HOST_PORT} (non-alphanumerics as {@code _}) until the metrics API takes labels.
 * Only for a selector that reports doors (loadprobe).
 */
final class DoorMetrics {
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
        for (GridFtpNode node : nodes) {
            String id = id(node);
            metrics.gauge("srm_gridftp_door_load_" + id, () -> door(selector, node).load());
            metrics.gauge("srm_gridftp_door_state_" + id, () -> door(selector, node).state().code());
            metrics.counter("srm_gridftp_door_choices_" + id + "_total", () -> selector.choices(node));
        }
    }

    static String id(GridFtpNode node) {
        return node.host().replaceAll("[^A-Za-z0-9]", "_") + "_" + node.port();
    }

    private static DoorLoad door(GridFtpSelector selector, GridFtpNode node) {
        return selector.doorLoads().stream().filter(d -> d.node().equals(node)).findFirst()
                .orElse(new DoorLoad(node, DoorState.UNKNOWN, Double.NaN, "not reported"));
    }
}
