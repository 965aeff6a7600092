package org.opensrm.gridftp;

import java.time.Clock;
import org.opensrm.gridftp.internal.BannerProbe;
import org.opensrm.gridftp.internal.LoadProbeSelector;
import org.opensrm.gridftp.internal.LoadProber;
import org.opensrm.gridftp.internal.XrootdHandshakeProbe;
import org.opensrm.gridftp.internal.XrootdSummarySource;

/**
 * Assembles the load-probe selector over XRootD doors ({@code gridftp.loadprobe.source=xrootd-summary}): the UDP
 * receiver of their summary reports, a prober whose liveness probe is the XRootD handshake for a {@code root} door (it
 * sends no banner) and the 220 banner for the others, and the selector reading the prober's snapshots. Closing the selector stops the prober, then the receiver.
 */
final class XrootdLoadProbe {
    private XrootdLoadProbe() {
    }

    static GridFtpSelector create(SelectorConfig config) {
        LoadProbeConfig lp = config.loadProbe();
        return create(config, XrootdSummarySource.open(lp.xrootdSummary(), lp.maxAnswerBytes()));
    }

    /** The selector over a source already receiving (which it then owns and closes). */
    static GridFtpSelector create(SelectorConfig config, XrootdSummarySource source) {
        LoadProbeConfig lp = config.loadProbe();
        LoadProber prober;
        try {
            XrootdHandshakeProbe handshake = new XrootdHandshakeProbe(config.connectTimeout(), Clock.systemUTC());
            BannerProbe banner = new BannerProbe(config.connectTimeout(), Clock.systemUTC());
            prober = new LoadProber(config, source, door -> GridFtpNode.ROOT.equals(door.kind())
                    ? handshake.probe(door) : banner.probe(door)).start();
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
