package org.opensrm.server.config;

import org.opensrm.gridftp.XrootdSummaryConfig;

/** Reads the {@code gridftp.loadprobe.xrootd.*} keys (the receiver of XRootD summary reports), naming the key in errors. */
final class XrootdSummarySettings {
    static final String LISTEN = "gridftp.loadprobe.xrootd.listen";
    static final String MAX_AGE = "gridftp.loadprobe.xrootd.max.age";

    private XrootdSummarySettings() {
    }

    static XrootdSummaryConfig from(RawConfig c) throws ConfigException {
        java.time.Duration maxAge = c.getDuration(MAX_AGE);
        try {
            return XrootdSummaryConfig.parse(c.require(LISTEN), maxAge);
        } catch (IllegalArgumentException e) {
            String key = e.getMessage().contains("max age") ? MAX_AGE : LISTEN;
            c.invalid(key, "configuration key '" + key + "': " + e.getMessage());
            return XrootdSummaryConfig.parse(ConfigKeys.find(LISTEN).orElseThrow().defaultValue(),
                    java.time.Duration.ofSeconds(30)); // a stand-in; the reading goes on to find further problems
        }
    }
}
