package org.opensrm.loadtest;

/**
 * A once-a-second snapshot of a running level.
 *
 * @param clientsStarted client threads running so far (the level's clients start during warm-up)
 * @param connecting     true during the connect-first phase (clients open connections, send nothing)
 * @param clientsConnected clients that have held a connection at least once, counted with connect-first only
 * @param measuring      false during warm-up
 * @param elapsedSeconds seconds since the phase began
 * @param lastSecondRate iterations ended (any outcome) per second over the last tick
 * @param ok             OK iterations so far in this phase; likewise the error counts
 */
public record LevelProgress(Operation operation, TargetSurl target, ConnectionMode connectionMode, int concurrency,
                            int clientsStarted, boolean connecting, int clientsConnected, boolean measuring, double elapsedSeconds, double lastSecondRate,
                            long ok, long srmOther, long httpErrors, long connErrors, long malformed,
                            long handshakes) {
}
