package org.opensrm.transport.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** {@link HandshakeClock}: only the peer's turns are charged, whatever order the turns are told in. */
class HandshakeClockTest {
    private static final long MS = 1_000_000;

    @Test
    void nothingIsChargedBeforeTheServerFirstWaitsForThePeer() {
        HandshakeClock clock = new HandshakeClock(0);
        assertEquals(0, clock.charged(500 * MS));
        assertEquals(500 * MS, clock.elapsed(500 * MS));
    }

    @Test
    void thePeersTurnsAreChargedAndTheServersAreNot() {
        HandshakeClock clock = new HandshakeClock(0);
        clock.peerTurn(10 * MS); // ClientHello awaited
        clock.serverTurn(30 * MS); // arrived: 20 ms charged
        clock.peerTurn(2_030 * MS); // two seconds in the pool's queue and at work: not charged
        assertEquals(20 * MS, clock.charged(2_030 * MS));
        assertEquals(70 * MS, clock.charged(2_080 * MS)); // waiting for the client's Finished: charged as it runs
        clock.serverTurn(2_100 * MS);
        assertEquals(90 * MS, clock.charged(9_000 * MS));
        assertEquals(9_000 * MS, clock.elapsed(9_000 * MS));
    }

    @Test
    void repeatedTurnsCountOnce() {
        HandshakeClock clock = new HandshakeClock(0);
        clock.peerTurn(100 * MS);
        clock.peerTurn(150 * MS); // a second fill interest while already waiting: the wait began at 100
        clock.serverTurn(200 * MS);
        clock.serverTurn(250 * MS); // a second selection: nothing more to stop
        assertEquals(100 * MS, clock.charged(1_000 * MS));
    }

    @Test
    void aTricklingPeerIsChargedForEveryPauseBetweenItsBytes() {
        HandshakeClock clock = new HandshakeClock(0);
        long t = 0;
        for (int i = 0; i < 100; i++) { // one byte every 100 ms, each read in 1 ms
            clock.peerTurn(t);
            t += 100 * MS;
            clock.serverTurn(t);
            t += MS;
        }
        assertEquals(10_000 * MS, clock.charged(t));
    }
}
