package org.opensrm.core.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import org.opensrm.common.SrmPath;
import org.opensrm.core.contract.TestClock;
import org.junit.jupiter.api.Test;

class ReleasedFilesTest {
    private static final Instant START = Instant.parse("2026-11-25T12:00:00Z");
    private final TestClock clock = new TestClock(START);

    private static SrmPath path(int i) throws Exception {
        return SrmPath.of("/data/f" + i);
    }

    @Test
    void aReleaseIsRememberedUntilItsRequestExpires() throws Exception {
        ReleasedFiles released = new ReleasedFiles(10, clock);
        released.release("tok-a", path(1), START.plusSeconds(60));
        assertTrue(released.isReleased("tok-a", path(1)));
        assertFalse(released.isReleased("tok-a", path(2)));
        assertFalse(released.isReleased("tok-b", path(1)));
        clock.advance(Duration.ofSeconds(60));
        assertFalse(released.isReleased("tok-a", path(1)));
    }

    @Test
    void atCapacityTheOldestReleaseIsForgottenAndTheNewestKept() throws Exception {
        ReleasedFiles released = new ReleasedFiles(3, clock);
        for (int i = 0; i < 5; i++) {
            released.release("tok", path(i), START.plusSeconds(3600));
        }
        assertEquals(3, released.size());
        assertFalse(released.isReleased("tok", path(0)));
        assertFalse(released.isReleased("tok", path(1)));
        for (int i = 2; i < 5; i++) {
            assertTrue(released.isReleased("tok", path(i)), "release " + i);
        }
    }

    @Test
    void expiredReleasesAreDroppedAsNewOnesCome() throws Exception {
        ReleasedFiles released = new ReleasedFiles(100, clock);
        for (int i = 0; i < 50; i++) {
            released.release("old", path(i), START.plusSeconds(10));
        }
        clock.advance(Duration.ofSeconds(11));
        released.release("new", path(0), clock.instant().plusSeconds(10));
        assertEquals(1, released.size());
        assertTrue(released.isReleased("new", path(0)));
    }

    @Test
    void releasingAgainMovesTheReleaseToTheNewestEnd() throws Exception {
        ReleasedFiles released = new ReleasedFiles(2, clock);
        released.release("tok", path(0), START.plusSeconds(3600));
        released.release("tok", path(1), START.plusSeconds(3600));
        released.release("tok", path(0), START.plusSeconds(3600));
        released.release("tok", path(2), START.plusSeconds(3600));
        assertTrue(released.isReleased("tok", path(0)));
        assertFalse(released.isReleased("tok", path(1)));
        assertTrue(released.isReleased("tok", path(2)));
    }

    @Test
    void aFullMemoryOfUnexpiredReleasesStaysBoundedThroughManyMore() throws Exception {
        ReleasedFiles released = new ReleasedFiles(1000, clock);
        for (int i = 0; i < 200_000; i++) {
            released.release("tok-" + i, path(i % 7), START.plusSeconds(86_400));
        }
        assertEquals(1000, released.size());
        assertTrue(released.isReleased("tok-199999", path(199_999 % 7)));
        assertFalse(released.isReleased("tok-0", path(0)));
    }
}
