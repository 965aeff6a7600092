package org.opensrm.transport.internal;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * One deadline for everything a connection does before it is a client: the TLS handshake, the GSI byte and the
 * head (request line and headers) of its first request. A connection that has not produced a complete request
 * head by then is closed, however many bytes it trickled: the idle timeout, which every byte restarts, cannot do
 * this.
 *
 * <p>What counts against {@code timeout} is the time the server spent waiting for the peer ({@link HandshakeClock},
 * kept by the {@link ClockedEndPoint}): a connection whose bytes have arrived and wait for a pool thread, behind
 * the requests of the connections that are already clients (a reconnect storm on a busy server), is not charged
 * for that wait, so that the server's own queue does not cut honest handshakes and make their clients connect and
 * queue again. A peer that trickles is charged for every pause between its bytes and cut as before. Whatever the
 * waits, a connection is closed {@code total} after its accept.
 *
 * <p>{@link #start} is called at accept with the network end point; this customizer, which Jetty calls as soon as
 * a request head has been parsed, meets the deadline of the connection the request came on. Later requests on
 * a kept-alive connection find no deadline left and cost one map lookup.
 */
final class HandshakeDeadline implements HttpConfiguration.Customizer {
    private final long timeoutNanos;
    private final long totalNanos;
    private final LongSupplier nanoTime;
    private final ConcurrentHashMap<EndPoint, Pending> pending = new ConcurrentHashMap<>();
    private final LongAdder expired = new LongAdder();
    private final ThrottledLog log;

    /**
     * @param timeout longest the server may wait for a connection's handshake bytes and first request head
     * @param total   longest from the accept to the first request head, waits for the server included
     */
    HandshakeDeadline(Duration timeout, Duration total) {
        this(timeout, total, System::nanoTime);
    }

    HandshakeDeadline(Duration timeout, Duration total, LongSupplier nanoTime) {
        if (total.compareTo(timeout) < 0) {
            throw new IllegalArgumentException("total " + total + " is shorter than timeout " + timeout);
        }
        this.timeoutNanos = timeout.toNanos();
        this.totalNanos = total.toNanos();
        this.nanoTime = nanoTime;
        this.log = new ThrottledLog(HandshakeDeadline.class, Duration.ofMinutes(1),
                "closed {} connection(s) that sent no complete request head after " + timeout.toMillis()
                        + " ms of waiting for them (jetty.handshake.timeout) or " + total.toMillis()
                        + " ms from their accept; the last from {}");
    }

    /** Arms the deadline of a connection just accepted on {@code network}. */
    void start(Scheduler scheduler, EndPoint network) {
        long now = nanoTime.getAsLong();
        HandshakeClock clock = new HandshakeClock(now);
        if (network instanceof ClockedEndPoint clocked) {
            clocked.attach(clock);
        } else {
            clock.peerTurn(now); // no end point to tell the turns: every moment is charged
        }
        Pending p = new Pending(scheduler, network, clock);
        pending.put(network, p);
        p.schedule(timeoutNanos);
    }

    /** Disarms it when the connection closes, whatever closed it. */
    void closed(EndPoint network) {
        disarm(network);
    }

    /** Connections closed since the start because their deadline passed. */
    long expired() {
        return expired.sum();
    }

    @Override
    public Request customize(Request request, HttpFields.Mutable responseHeaders) {
        EndPoint endPoint = request.getConnectionMetaData().getConnection().getEndPoint();
        while (endPoint instanceof EndPoint.Wrapper wrapper) {
            endPoint = wrapper.unwrap();
        }
        disarm(endPoint);
        return request;
    }

    private void disarm(EndPoint network) {
        Pending p = pending.remove(network);
        if (p != null) {
            p.cancel();
        }
    }

    /** A connection's clock and the next check of it. */
    private final class Pending implements Runnable {
        private final Scheduler scheduler;
        private final EndPoint network;
        private final HandshakeClock clock;
        private volatile Scheduler.Task task;

        Pending(Scheduler scheduler, EndPoint network, HandshakeClock clock) {
            this.scheduler = scheduler;
            this.network = network;
            this.clock = clock;
        }

        void schedule(long nanos) {
            task = scheduler.schedule(this, Math.max(1, nanos), TimeUnit.NANOSECONDS);
        }

        void cancel() {
            if (network instanceof ClockedEndPoint clocked) {
                clocked.detach();
            }
            Scheduler.Task t = task;
            if (t != null) {
                t.cancel();
            }
        }

        /** Closes the connection if its time is up, else looks again when it may be. */
        @Override
        public void run() {
            if (pending.get(network) != this) {
                return; // met or closed meanwhile
            }
            long now = nanoTime.getAsLong();
            long leftCharged = timeoutNanos - clock.charged(now);
            long leftTotal = totalNanos - clock.elapsed(now);
            if (leftCharged > 0 && leftTotal > 0) {
                schedule(Math.min(leftCharged, leftTotal));
                if (pending.get(network) != this) {
                    cancel(); // met or closed while rescheduling
                }
                return;
            }
            if (pending.remove(network, this)) {
                cancel();
                expired.increment();
                log.event(network.getRemoteSocketAddress() + " after " + (clock.charged(now) / 1_000_000)
                        + " ms of waiting for it, " + (clock.elapsed(now) / 1_000_000) + " ms from its accept");
                network.close();
            }
        }
    }
}
