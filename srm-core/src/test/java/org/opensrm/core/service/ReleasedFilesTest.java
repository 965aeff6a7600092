package org.opensrm.core.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import org.opensrm.core.FileState;
import org.opensrm.core.contract.TestClock;
import org.junit.jupiter.api.Test;

class ReleasedFilesTest {
    private static final Instant START = Instant.parse("2026-11-25T12:00:00Z");
    private final TestClock clock = new TestClock(START);

    @Test
    void anAbortIsRememberedAsSuch() {
        ReleasedFiles released = new ReleasedFiles(10, clock);
        released.end("tok-a", 0, FileState.ABORTED, START.plusSeconds(60));
        released.end("tok-a", 1, FileState.RELEASED, START.plusSeconds(60));
        assertEquals(java.util.Optional.of(FileState.ABORTED), released.endOf("tok-a", 0));
        assertEquals(java.util.Optional.of(FileState.RELEASED), released.endOf("tok-a", 1));
    }

    @Test
    void aReleaseIsRememberedUntilItsRequestExpires() throws Exception {
        ReleasedFiles released = new ReleasedFiles(10, clock);
        released.end("tok-a", 1, FileState.RELEASED, START.plusSeconds(60));
        assertTrue(released.endOf("tok-a", 1).isPresent());
        assertFalse(released.endOf("tok-a", 2).isPresent());
        assertFalse(released.endOf("tok-b", 1).isPresent());
        clock.advance(Duration.ofSeconds(60));
        assertFalse(released.endOf("tok-a", 1).isPresent());
    }

    @Test
    void atCapacityTheOldestReleaseIsForgottenAndTheNewestKept() throws Exception {
        ReleasedFiles released = new ReleasedFiles(3, clock);
        for (int i = 0; i < 5; i++) {
            released.end("tok", i, FileState.RELEASED, START.plusSeconds(3600));
        }
        assertEquals(3, released.size());
        assertFalse(released.endOf("tok", 0).isPresent());
        assertFalse(released.endOf("tok", 1).isPresent());
        for (int i = 2; i < 5; i++) {
            assertTrue(released.endOf("tok", i).isPresent(), "release " + i);
        }
    }

    @Test
    void expiredReleasesAreDroppedAsNewOnesCome() throws Exception {
        ReleasedFiles released = new ReleasedFiles(100, clock);
        for (int i = 0; i < 50; i++) {
            released.end("old", i, FileState.RELEASED, START.plusSeconds(10));
        }
        clock.advance(Duration.ofSeconds(11));
        released.end("new", 0, FileState.RELEASED, clock.instant().plusSeconds(10));
        assertEquals(1, released.size());
        assertTrue(released.endOf("new", 0).isPresent());
    }

    @Test
    void releasingAgainMovesTheReleaseToTheNewestEnd() throws Exception {
        ReleasedFiles released = new ReleasedFiles(2, clock);
        released.end("tok", 0, FileState.RELEASED, START.plusSeconds(3600));
        released.end("tok", 1, FileState.RELEASED, START.plusSeconds(3600));
        released.end("tok", 0, FileState.RELEASED, START.plusSeconds(3600));
        released.end("tok", 2, FileState.RELEASED, START.plusSeconds(3600));
        assertTrue(released.endOf("tok", 0).isPresent());
        assertFalse(released.endOf("tok", 1).isPresent());
        assertTrue(released.endOf("tok", 2).isPresent());
    }

    @Test
    void aFullMemoryOfUnexpiredReleasesStaysBoundedThroughManyMore() throws Exception {
        ReleasedFiles released = new ReleasedFiles(1000, clock);
        for (int i = 0; i < 200_000; i++) {
            released.end("tok-" + i, i % 7, FileState.RELEASED, START.plusSeconds(86_400));
        }
        assertEquals(1000, released.size());
        assertTrue(released.endOf("tok-199999", 199_999 % 7).isPresent());
        assertFalse(released.endOf("tok-0", 0).isPresent());
    }

    @Test
    void oneFileReleasedOverAndOverBesideAnOlderOneKeepsBoth() throws Exception {
        ReleasedFiles released = new ReleasedFiles(2, clock);
        released.end("old", 0, FileState.RELEASED, START.plusSeconds(3600));
        for (int i = 0; i < 10_000; i++) {
            released.end("again", 0, i % 2 == 0 ? FileState.RELEASED : FileState.ABORTED, START.plusSeconds(3600));
        }
        assertEquals(2, released.size());
        assertTrue(released.endOf("old", 0).isPresent());
        assertEquals(FileState.ABORTED, released.endOf("again", 0).orElseThrow());
    }

    @Test
    void statusCallsReadWhileReleasesAreKept() throws Exception {
        ReleasedFiles released = new ReleasedFiles(500, clock);
        Thread writer = new Thread(() -> {
            for (int i = 0; i < 50_000; i++) {
                released.end("tok-" + i, 0, FileState.RELEASED, START.plusSeconds(3600));
            }
        });
        writer.start();
        for (int i = 0; writer.isAlive(); i++) {
            released.endOf("tok-" + (i % 50_000), 0); // never throws, whatever the writer does
        }
        writer.join();
        assertEquals(500, released.size());
        assertTrue(released.endOf("tok-49999", 0).isPresent());
    }
}
