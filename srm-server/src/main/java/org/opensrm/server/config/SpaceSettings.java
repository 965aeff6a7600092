package org.opensrm.server.config;

import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.opensrm.core.space.SpaceLimits;
import org.opensrm.core.space.SpaceReservation;

/**
 * Space reservation's settings ({@code space.reservation.*}, {@code space.limit.*}, {@code space.admins},
 * {@code space.token.NAME.group}): read whatever the mode, so a mistake is reported before the mode is switched;
 * used in full mode only.
 *
 * @param limits      lifetimes, per-VO, per-user and site limits, admins
 * @param tokenGroups the VOMS group a static token is restricted to, by token name (absent: open to everyone)
 */
public record SpaceSettings(SpaceLimits limits, Map<String, String> tokenGroups) {
    static final String VO_LIMIT = "space.limit.vo.";

    public SpaceSettings {
        tokenGroups = Map.copyOf(tokenGroups);
    }

    public Optional<String> groupOf(String token) {
        return Optional.ofNullable(tokenGroups.get(token));
    }

    static SpaceSettings from(RawConfig c, List<String> staticTokens) throws ConfigException {
        Duration lifetime = positive(c, "space.reservation.default-lifetime");
        Duration max = positive(c, "space.reservation.max-lifetime");
        if (lifetime.compareTo(max) > 0) {
            c.invalid("space.reservation.default-lifetime", "configuration key 'space.reservation.default-lifetime' must not exceed "
                    + "space.reservation.max-lifetime");
        }
        Map<String, Long> voLimits = new HashMap<>();
        Map<String, String> groups = new HashMap<>();
        for (String key : c.keys()) {
            if (key.startsWith(VO_LIMIT)) {
                String vo = key.substring(VO_LIMIT.length());
                if (vo.isEmpty() || vo.contains("/") || vo.contains(".")) {
                    c.invalid(key, "configuration key '" + key + "': a VO name follows space.limit.vo.");
                    continue;
                }
                voLimits.put(vo, c.getLong(key, 0));
            }
        }
        for (String name : staticTokens) {
            String key = "space.token." + name + ".group";
            if (c.isSet(key)) {
                String group = c.get(key).trim();
                try {
                    SpaceReservation.declared(name, Optional.of(group), 0, name, java.time.Instant.EPOCH);
                } catch (IllegalArgumentException e) {
                    c.invalid(key, "configuration key '" + key + "': " + e.getMessage());
                    continue;
                }
                groups.put(name, group);
            }
        }
        SpaceLimits limits = SpaceLimits.builder()
                .defaultLifetime(lifetime).maxLifetime(Optional.of(max))
                .voLimits(voLimits).defaultVoLimit(c.getLong("space.limit.vo-default", 0))
                .userLimit(c.getLong("space.limit.user", 0))
                .siteLimit(c.get("space.limit.site").isBlank() ? Long.MAX_VALUE : c.getLong("space.limit.site", 0))
                .admins(new HashSet<>(c.getList("space.admins")))
                .build();
        return new SpaceSettings(limits, groups);
    }

    private static Duration positive(RawConfig c, String key) throws ConfigException {
        Duration d = c.getDuration(key);
        if (d.isZero()) {
            c.invalid(key, "configuration key '" + key + "' must be positive");
            return Duration.ofSeconds(1);
        }
        return d;
    }
}
