package org.opensrm.transport.internal;

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
 * The first step of every connection on the SRM port: serves at most {@code max} connections at once and closes
 * every connection beyond that as soon as it is accepted, before any TLS handshake. A refused client fails at
 * once (gfal2 and ARC report a closed or reset connection, see {@code docs/overload.md}) instead of waiting in the
 * kernel's accept backlog, and costs the server one accept and one close. The next connection after one of the
 * served ones has closed is served again: nothing needs resetting when load drops.
 */
public final class ConnectionLimitFactory extends AbstractConnectionFactory {
    public static final String PROTOCOL = "limit";

    private static final Logger LOG = LoggerFactory.getLogger(ConnectionLimitFactory.class);

    private final int max;
    private final String nextProtocol;
    private final AtomicInteger open = new AtomicInteger();
    private final LongAdder refused = new LongAdder();
    private final AtomicBoolean refusing = new AtomicBoolean();

    /** @param nextProtocol the protocol a served connection starts with, e.g. {@code SSL} */
    public ConnectionLimitFactory(int max, String nextProtocol) {
        super(PROTOCOL);
        if (max < 1) {
            throw new IllegalArgumentException("max must be at least 1: " + max);
        }
        this.max = max;
        this.nextProtocol = nextProtocol;
    }

    @Override
    public Connection newConnection(Connector connector, EndPoint endPoint) {
        if (!takeSlot()) {
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
            served.addEventListener(new SlotRelease());
            return served;
        } catch (RuntimeException | Error e) {
            open.decrementAndGet();
            throw e;
        }
    }

    /** Connections being served now. */
    public int open() {
        return open.get();
    }

    /** Connections closed on arrival since the start. */
    public long refused() {
        return refused.sum();
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

    /** Gives the slot back when the served connection closes (once, however often it is told). */
    private final class SlotRelease implements Connection.Listener {
        private final AtomicBoolean released = new AtomicBoolean();

        @Override
        public void onClosed(Connection connection) {
            if (released.compareAndSet(false, true)) {
                open.decrementAndGet();
            }
        }
    }
}
