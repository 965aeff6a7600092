package org.opensrm.gridftp.internal;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.gridftp.LoadSample;
import org.opensrm.gridftp.LoadSource;
import org.opensrm.gridftp.ProbeException;
import org.opensrm.gridftp.XrootdSummaryConfig;

/**
 * Load figures of XRootD doors from their own summary reports, which they push to this process's
 * {@link XrootdSummaryReceiver}: live connections ({@code link/num}) as sessions, and the throughput of the byte
 * counters ({@code link/in + link/out}) between reports. XRootD reports no session limit, link capacity or host load:
 * the configured sessions max and link capacity apply, and CPU stays out of the figure. A door is the server that
 * reports its port and either sends from one of the door host's addresses or calls itself by the door's host name.
 * A door with no report yet is waited for until the timeout; one whose newest report is older than the max age has
 * no figures. Owns its receiver: closing the source closes the socket.
 */
public final class XrootdSummarySource implements LoadSource, AutoCloseable {
    private final XrootdSummaryReceiver receiver;
    private final Duration maxAge;

    public XrootdSummarySource(XrootdSummaryReceiver receiver, Duration maxAge) {
        this.receiver = receiver;
        this.maxAge = maxAge;
    }

    /** A source with its own receiver bound as configured; datagrams above {@code maxAnswerBytes} are refused. */
    public static XrootdSummarySource open(XrootdSummaryConfig config, int maxAnswerBytes) {
        try {
            return new XrootdSummarySource(new XrootdSummaryReceiver(config.listenHost(), config.listenPort(),
                    maxAnswerBytes, System::nanoTime), config.maxAge());
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot receive XRootD summary reports on the listen address udp "
                    + config.listenHost() + ":" + config.listenPort() + ": " + e.getMessage(), e);
        }
    }

    public XrootdSummaryReceiver receiver() {
        return receiver;
    }

    @Override
    public LoadSample sample(GridFtpNode door, Duration timeout) throws ProbeException {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<InetAddress> addresses = addressesOf(door.host());
        while (true) {
            long seen = receiver.datagrams();
            XrootdSummaryReceiver.Reading r = receiver.reading(door.host(), addresses, door.port());
            if (r != null && r.ageNanos() <= maxAge.toNanos()) {
                XrootdSummary s = r.summary();
                return new LoadSample(s.links(), Double.NaN, r.bytesPerSecond(), Double.NaN, Double.NaN).checked();
            }
            if (System.nanoTime() - deadline >= 0) {
                throw new ProbeException(missing(door, r, addresses, timeout));
            }
            try {
                receiver.awaitDatagram(seen, deadline);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ProbeException("interrupted while waiting for a summary report of " + door);
            }
        }
    }

    private String missing(GridFtpNode door, XrootdSummaryReceiver.Reading r, List<InetAddress> addresses,
                           Duration timeout) {
        String why = receiver.rejection(addresses);
        String refused = why == null ? "" : "; the last datagram from its host was refused: " + why;
        if (r == null) {
            return "no XRootD summary report of " + door + " received on udp " + receiver.address()
                    + ": did not answer within " + timeout.toMillis() + " ms (is 'xrd.report " + receiver.address()
                    + " every Ns all' in its configuration?)" + refused;
        }
        return "the newest XRootD summary report of " + door + " arrived " + r.ageNanos() / 1_000_000_000L
                + " s ago, more than the max age of " + maxAge.toSeconds() + " s" + refused;
    }

    private static List<InetAddress> addressesOf(String host) {
        try {
            return List.of(InetAddress.getAllByName(host));
        } catch (UnknownHostException e) {
            return List.of(); // matched by the name it reports
        }
    }

    @Override
    public void close() {
        receiver.close();
    }
}
