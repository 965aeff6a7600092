package org.opensrm.transport.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link HandshakeGate}: the acceptor waits while {@code max} handshakes are owed work, and goes on at the next give. */
@Timeout(30)
class HandshakeGateTest {
    @Test
    void belowTheBoundTheAcceptorDoesNotWait() throws Exception {
        HandshakeGate gate = new HandshakeGate(2);
        gate.take();
        gate.awaitRoom();
        assertEquals(1, gate.owed());
    }

    @Test
    void atTheBoundTheAcceptorWaitsUntilAHandshakeIsDealtWith() throws Exception {
        HandshakeGate gate = new HandshakeGate(2);
        gate.take();
        gate.take();
        CompletableFuture<Void> acceptor = CompletableFuture.runAsync(() -> {
            try {
                gate.awaitRoom();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        });
        assertThrows(TimeoutException.class, () -> acceptor.get(300, TimeUnit.MILLISECONDS));
        assertFalse(acceptor.isDone());
        gate.give();
        acceptor.get(10, TimeUnit.SECONDS);
        assertEquals(1, gate.owed());
    }

    @Test
    void aBoundBelowOneIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new HandshakeGate(0));
    }
}
