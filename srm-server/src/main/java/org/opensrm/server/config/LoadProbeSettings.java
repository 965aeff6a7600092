package org.opensrm.server.config;

import java.util.LinkedHashMap;
import java.util.Map;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.gridftp.LoadProbeConfig;

/** Reads the {@code gridftp.loadprobe.*} keys into a {@link LoadProbeConfig}, naming the key in every error. */
final class LoadProbeSettings {
    /** Family of per-door endpoint lists: {@code gridftp.loadprobe.endpoints.HOST.PORT=URL[,URL]}. */
    static final String DOOR_ENDPOINTS = "gridftp.loadprobe.endpoints.";

    private LoadProbeSettings() {
    }

    /** The builder's complaint (its message names the setting; first match wins) to the key an operator changes. */
    private static final Map<String, String> KEY_OF_COMPLAINT = new LinkedHashMap<>();

    static {
        KEY_OF_COMPLAINT.put("weight", "gridftp.loadprobe.weight.*");
        KEY_OF_COMPLAINT.put("sessions max", "gridftp.loadprobe.sessions.max");
        KEY_OF_COMPLAINT.put("link", "gridftp.loadprobe.link.bytes");
        KEY_OF_COMPLAINT.put("dead interval", "gridftp.loadprobe.dead.intervals");
        KEY_OF_COMPLAINT.put("stale interval", "gridftp.loadprobe.stale.intervals");
        KEY_OF_COMPLAINT.put("near-tie", "gridftp.loadprobe.near.tie");
        KEY_OF_COMPLAINT.put("max answer", "gridftp.loadprobe.max.answer.bytes");
        KEY_OF_COMPLAINT.put("endpoint", "gridftp.loadprobe.endpoints");
    }

    static LoadProbeConfig from(RawConfig c) throws ConfigException {
        LoadProbeConfig.Builder b = LoadProbeConfig.builder();
        b.source(LoadProbeConfig.Source.parse(c.oneOf("gridftp.loadprobe.source", "banner", "prometheus", "gmond",
                "xrootd-summary")));
        b.xrootdSummary(XrootdSummarySettings.from(c));
        b.endpoints(c.getList("gridftp.loadprobe.endpoints"));
        for (String k : c.keys()) {
            if (k.startsWith(DOOR_ENDPOINTS)) {
                try {
                    b.doorEndpoints(door(k.substring(DOOR_ENDPOINTS.length())), c.getList(k));
                } catch (IllegalArgumentException e) {
                    c.invalid(k, "configuration key '" + k + "': " + e.getMessage());
                }
            }
        }
        b.weights(number(c, "gridftp.loadprobe.weight.sessions"), number(c, "gridftp.loadprobe.weight.throughput"),
                number(c, "gridftp.loadprobe.weight.cpu"));
        b.sessionsMax(c.getInt("gridftp.loadprobe.sessions.max", 1, 1_000_000));
        b.linkBytesPerSecond(c.getLong("gridftp.loadprobe.link.bytes", 1));
        b.staleIntervals(c.getInt("gridftp.loadprobe.stale.intervals", 1, 1000));
        b.deadIntervals(c.getInt("gridftp.loadprobe.dead.intervals", 2, 1001));
        b.nearTie(number(c, "gridftp.loadprobe.near.tie"));
        b.maxAnswerBytes(c.getInt("gridftp.loadprobe.max.answer.bytes", 1024, 1 << 30));
        try {
            return b.build();
        } catch (IllegalArgumentException e) {
            String key = KEY_OF_COMPLAINT.entrySet().stream().filter(x -> e.getMessage().contains(x.getKey()))
                    .map(Map.Entry::getValue).findFirst().orElse("gridftp.loadprobe.*");
            c.invalid(key, "configuration key '" + key + "': " + e.getMessage());
            return LoadProbeConfig.builder().build();
        }
    }

    /** {@code door1.example.org.2811} to the door {@code gsiftp://door1.example.org:2811}. */
    private static GridFtpNode door(String hostDotPort) {
        int dot = hostDotPort.lastIndexOf('.');
        if (dot <= 0 || !hostDotPort.substring(dot + 1).matches("\\d{1,5}")) {
            throw new IllegalArgumentException("expected " + DOOR_ENDPOINTS + "HOST.PORT");
        }
        return new GridFtpNode(hostDotPort.substring(0, dot), Integer.parseInt(hostDotPort.substring(dot + 1)));
    }

    private static double number(RawConfig c, String key) throws ConfigException {
        String v = c.require(key);
        try {
            double d = Double.parseDouble(v);
            if (!(d >= 0) || Double.isInfinite(d)) {
                throw new NumberFormatException();
            }
            return d;
        } catch (NumberFormatException e) {
            c.invalid(key, "configuration key '" + key + "' must be a number of at least 0, got '" + v + "'");
            return Double.parseDouble(ConfigKeys.find(key).map(ConfigKey::defaultValue).orElse("1"));
        }
    }
}
