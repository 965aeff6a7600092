package org.opensrm.transport;

/**
 * A snapshot of the frontend's load, for metrics and logs.
 *
 * @param threads         request threads alive
 * @param busyThreads     threads serving a request
 * @param idleThreads     threads waiting for work
 * @param queuedJobs      jobs waiting for a thread
 * @param openConnections connections being served on the SRM port
 * @param refusedConnections connections closed on arrival since the start because {@code maxConnections} were open
 * @param refusedPerAddress  connections closed on arrival since the start because their client address already had
 *                           {@code maxConnectionsPerAddress} open
 * @param handshakeTimeouts  connections closed since the start because they had not sent the complete head of a
 *                           first request within their handshake deadline ({@code handshakeTimeout} of
 *                           waiting for them, {@code handshakeTotalTimeout} from their accept)
 */
public record TransportStats(int threads, int busyThreads, int idleThreads, int queuedJobs, int openConnections,
        long refusedConnections, long refusedPerAddress, long handshakeTimeouts) {
    public static final TransportStats NONE = new TransportStats(0, 0, 0, 0, 0, 0, 0, 0);
}
