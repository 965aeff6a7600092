package org.opensrm.server.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * srmCopy's settings ({@code srm.copy.*}; full mode only), defaults in {@link ConfigKeys}.
 *
 * @param peers         allowed remote SRM endpoints and GridFTP doors (patterns of {@code CopyPeers})
 * @param attempts      transfer attempts at most on transient errors
 * @param backoff       pause before the second attempt, doubled after
 * @param backoffMax    longest pause
 * @param stallTimeout  no data moved this long ends an attempt
 * @param callTimeout   one call to another SRM at most
 * @param workDir       where delegated proxies are written for the tools; empty: {@code copy-work} in the state
 *                      directory
 */
public record CopySettings(List<String> peers, int attempts, Duration backoff, Duration backoffMax,
                           Duration stallTimeout, Duration callTimeout, Optional<Path> workDir, Path globusUrlCopy,
                           Path gfalRm, Path gfalSum) {
    public CopySettings {
        peers = List.copyOf(peers);
    }

    static CopySettings from(RawConfig c) throws ConfigException {
        String work = c.get("srm.copy.workdir");
        return new CopySettings(c.getList("srm.copy.peers"), c.getInt("srm.copy.attempts", 1, 100),
                c.getDuration("srm.copy.backoff"), c.getDuration("srm.copy.backoff.max"),
                c.getDuration("srm.copy.stall.timeout"), c.getDuration("srm.copy.call.timeout"),
                work == null || work.isBlank() ? Optional.empty() : Optional.of(Path.of(work)),
                c.getPath("srm.copy.globus-url-copy"), c.getPath("srm.copy.gfal-rm"), c.getPath("srm.copy.gfal-sum"));
    }
}
