package org.opensrm.transport.internal;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * One deadline for everything a connection does before it is a client: the TLS handshake, the GSI byte and the
 * head (request line and headers) of its first request, counted from its accept. A connection that has not
 * produced a complete request head by then is closed, however many bytes it trickled: the idle timeout, which
 * every byte restarts, cannot do this.
 *
 * <p>{@link #start} is called at accept with the network end point; this customizer, which Jetty calls as soon as
 * a request head has been parsed, meets the deadline of the connection the request came on. Later requests on
 * a kept-alive connection find no deadline left and cost one map lookup.
 */
final class HandshakeDeadline implements HttpConfiguration.Customizer {
    private final long timeoutMillis;
    private final ConcurrentHashMap<EndPoint, Scheduler.Task> pending = new ConcurrentHashMap<>();
    private final LongAdder expired = new LongAdder();
    private final ThrottledLog log;

    HandshakeDeadline(Duration timeout) {
        this.timeoutMillis = timeout.toMillis();
        this.log = new ThrottledLog(HandshakeDeadline.class, Duration.ofMinutes(1),
                "closed {} connection(s) that sent no complete request head within " + timeout.toMillis()
                        + " ms of their accept (jetty.handshake.timeout); the last from {}");
    }

    /** Arms the deadline of a connection just accepted on {@code network}. */
    void start(Scheduler scheduler, EndPoint network) {
        pending.put(network, scheduler.schedule(() -> expire(network), timeoutMillis, TimeUnit.MILLISECONDS));
    }

    /** Disarms it when the connection closes, whatever closed it. */
    void closed(EndPoint network) {
        Scheduler.Task task = pending.remove(network);
        if (task != null) {
            task.cancel();
        }
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
        Scheduler.Task task = pending.remove(endPoint);
        if (task != null) {
            task.cancel();
        }
        return request;
    }

    private void expire(EndPoint network) {
        if (pending.remove(network) != null) {
            expired.increment();
            log.event(network.getRemoteSocketAddress());
            network.close();
        }
    }
}
