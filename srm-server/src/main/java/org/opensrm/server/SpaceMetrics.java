package org.opensrm.server;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;
import org.opensrm.common.SrmException;
import org.opensrm.core.space.SpaceReservation;
import org.opensrm.core.space.SpaceService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Full mode's space reservations in the metrics: {@code srm_space_reserved_bytes}, {@code srm_space_used_bytes}
 * and {@code srm_space_free_bytes}, one sample per reservation holding space now (label {@code token}; static
 * tokens by name). Read from the store at scrape time; a store that cannot be read gives no samples (and one log
 * line).
 */
final class SpaceMetrics {
    private static final Logger LOG = LoggerFactory.getLogger(SpaceMetrics.class);

    private SpaceMetrics() {
    }

    static void register(org.opensrm.server.metrics.SrmMetrics metrics, SpaceService spaces) {
        metrics.labelledGauge("srm_space_reserved_bytes", "token", () -> perToken(spaces,
                SpaceReservation::totalBytes));
        metrics.labelledGauge("srm_space_used_bytes", "token", () -> perToken(spaces, SpaceReservation::usedBytes));
        metrics.labelledGauge("srm_space_free_bytes", "token", () -> perToken(spaces,
                r -> r.totalBytes() - r.usedBytes()));
    }

    private static Map<String, Long> perToken(SpaceService spaces, ToLongFunction<SpaceReservation> figure) {
        List<SpaceReservation> now;
        try {
            now = spaces.reservedNow();
        } catch (SrmException e) {
            LOG.warn("space figures not read for the metrics: {}", e.getMessage());
            return Map.of();
        }
        Map<String, Long> out = new LinkedHashMap<>();
        for (SpaceReservation r : now) {
            out.put(r.token().value(), figure.applyAsLong(r));
        }
        return out;
    }
}
