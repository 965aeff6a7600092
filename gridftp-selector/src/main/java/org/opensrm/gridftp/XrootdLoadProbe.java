package org.opensrm.gridftp;

import java.util.Map;
import org.opensrm.gridftp.internal.LoadProbeSelector;
import org.opensrm.gridftp.internal.LoadProber;
import org.opensrm.gridftp.internal.XrootdSummarySource;

/**
 * Assembles the load-probe selector over XRootD doors ({@code gridftp.loadprobe.source=xrootd-summary}): the UDP
 * receiver of their summary reports, the prober (whose liveness probe is each door's by its kind: the XRootD
 * handshake for a {@code root} door) reading them, and the selector reading the prober's snapshots. Closing the
 * selector stops the prober, then the receiver.
 */
final class XrootdLoadProbe {
    private XrootdLoadProbe() {
    }

    /** The doors of the kinds {@code sources} names are asked there, the others the summary reports. */
    static GridFtpSelector create(SelectorConfig config, Map<String, LoadSource> sources) {
        LoadProbeConfig lp = config.loadProbe();
        return create(config, XrootdSummarySource.open(lp.xrootdSummary(), lp.maxAnswerBytes()), sources);
    }

    /** The selector over a source already receiving (which it then owns and closes). */
    static GridFtpSelector create(SelectorConfig config, XrootdSummarySource source) {
        return create(config, source, Map.of());
    }

    private static GridFtpSelector create(SelectorConfig config, XrootdSummarySource source,
                                          Map<String, LoadSource> sources) {
        LoadProbeConfig lp = config.loadProbe();
        LoadProber prober;
        try {
            prober = new LoadProber(config, LoadSource.byKind(sources, source)).start();
        } catch (RuntimeException e) {
            source.close();
            throw e;
        }
        AutoCloseable both = () -> {
            try {
                prober.close();
            } finally {
                source.close();
            }
        };
        return new GridFtpSelectors.OwningSelector(new LoadProbeSelector(config.nodes(), NodeHealth.ALWAYS_UP,
                prober::snapshot, lp.nearTie()), both);
    }
}
