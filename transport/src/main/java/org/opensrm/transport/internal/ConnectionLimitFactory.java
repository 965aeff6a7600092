package org.opensrm.transport.internal;

import java.net.InetAddress;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.AbstractConnectionFactory;
import org.eclipse.jetty.server.ConnectionFactory;
import org.eclipse.jetty.server.Connector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The first step of every connection on the SRM port, before any TLS handshake:
 * <ul>
 * <li>serves at most {@code maxPerAddress} connections from one client address ({@link ClientAddresses}) and at
 * most {@code max} in all, and closes every connection beyond either as soon as it is accepted. A refused client
 * fails at once (gfal2 and ARC report a closed or reset connection, see {@code docs/overload.md}) instead of
 * waiting in the kernel's accept backlog, and costs the server one accept and one close. The next connection
 * after one of the served ones has closed is served again: nothing needs resetting when load drops;</li>
 * <li>arms the {@link HandshakeDeadline} of each connection it serves.</li>
 * </ul>
 */
public final class ConnectionLimitFactory extends AbstractConnectionFactory {
    public static final String PROTOCOL = "limit";

    private static final Logger LOG = LoggerFactory.getLogger(ConnectionLimitFactory.class);

    private final int max;
    private final ClientAddresses addresses;
    private final HandshakeDeadline deadline;
    private final String nextProtocol;
    private final AtomicInteger open = new AtomicInteger();
    private final LongAdder refused = new LongAdder();
    private final AtomicBoolean refusing = new AtomicBoolean();
    private final ThrottledLog refusedPerAddress;

    /**
     * @param deadline     the handshake deadline, also installed as a customizer of the HTTP configuration
     * @param nextProtocol the protocol a served connection starts with, e.g. {@code SSL}
     */
    ConnectionLimitFactory(int max, int maxPerAddress, HandshakeDeadline deadline, String nextProtocol) {
        super(PROTOCOL);
        if (max < 1) {
            throw new IllegalArgumentException("max must be at least 1: " + max);
        }
        this.max = max;
        this.addresses = new ClientAddresses(maxPerAddress);
        this.deadline = deadline;
        this.nextProtocol = nextProtocol;
        this.refusedPerAddress = new ThrottledLog(ConnectionLimitFactory.class, Duration.ofMinutes(1),
                "refused {} connection(s) from client addresses that already had " + maxPerAddress
                        + " open (jetty.max.connections.per.address); the last from {}");
    }

    @Override
    public Connection newConnection(Connector connector, EndPoint endPoint) {
        InetAddress address = ClientAddresses.key(endPoint.getRemoteSocketAddress());
        if (!addresses.take(address)) {
            refusedPerAddress.event(ClientAddresses.describe(address));
            return new RefusedConnection(endPoint, connector.getExecutor());
        }
        if (!takeSlot()) {
            addresses.release(address);
            refused.increment();
            if (refusing.compareAndSet(false, true)) {
                LOG.warn("connection limit reached ({} open, jetty.max.connections): closing new ones on arrival "
                        + "until some close", max);
            }
            return new RefusedConnection(endPoint, connector.getExecutor());
        }
        if (refusing.compareAndSet(true, false)) {
            LOG.info("serving new connections again ({} refused so far)", refused.sum());
        }
        try {
            Connection served = next(connector).newConnection(connector, endPoint);
            served.addEventListener(new SlotRelease(address, endPoint));
            deadline.start(connector.getScheduler(), endPoint);
            return served;
        } catch (RuntimeException | Error e) {
            open.decrementAndGet();
            addresses.release(address);
            throw e;
        }
    }

    /** Connections being served now. */
    public int open() {
        return open.get();
    }

    /** Connections closed on arrival since the start because {@code max} were open. */
    public long refused() {
        return refused.sum();
    }

    /** Connections closed on arrival since the start because their address had {@code maxPerAddress} open. */
    public long refusedPerAddress() {
        return addresses.refused();
    }

    /** Connections closed since the start because they sent no request head within the handshake deadline. */
    public long handshakeTimeouts() {
        return deadline.expired();
    }

    private boolean takeSlot() {
        while (true) {
            int now = open.get();
            if (now >= max) {
                return false;
            }
            if (open.compareAndSet(now, now + 1)) {
                return true;
            }
        }
    }

    private ConnectionFactory next(Connector connector) {
        ConnectionFactory next = connector.getConnectionFactory(nextProtocol);
        if (next == null) {
            throw new IllegalStateException("no connection factory for " + nextProtocol + " on " + connector);
        }
        return next;
    }

    /** Gives the slots back and disarms the deadline when the served connection closes (once, however often told). */
    private final class SlotRelease implements Connection.Listener {
        private final AtomicBoolean released = new AtomicBoolean();
        private final InetAddress address;
        private final EndPoint network;

        SlotRelease(InetAddress address, EndPoint network) {
            this.address = address;
            this.network = network;
        }

        @Override
        public void onClosed(Connection connection) {
            if (released.compareAndSet(false, true)) {
                deadline.closed(network);
                addresses.release(address);
                open.decrementAndGet();
            }
        }
    }
}
