package org.opensrm.transport;

/**
 * A snapshot of the frontend's load, for metrics and logs.
 *
 * @param threads         request threads alive
 * @param busyThreads     threads serving a request
 * @param idleThreads     threads waiting for work
 * @param queuedJobs      jobs waiting for a thread
 * @param openConnections connections currently open on the SRM port
 */
public record TransportStats(int threads, int busyThreads, int idleThreads, int queuedJobs, int openConnections) {
    public static final TransportStats NONE = new TransportStats(0, 0, 0, 0, 0);
}
