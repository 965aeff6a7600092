package org.opensrm.client.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmStatus;

/** Outputs as {@code globus-url-copy} 10.x (Debian 12) wrote them against globus-gridftp-server 13.24. */
class FailuresTest {
    @Test
    void aMissingSourceIsPermanentInvalidPath() {
        Failures.Failure f = Failures.of("""
                error: globus_ftp_client: the server responded with an error
                500 500-globus_xio_register_open failed.
                500-globus_xio: Unable to open file /data/nope
                500-globus_xio: System error in open: No such file or directory
                500-globus_xio: A system call failed: No such file or directory
                500 End.
                """);
        assertEquals(SrmStatus.SRM_INVALID_PATH, f.status());
        assertFalse(f.transientError());
        assertTrue(f.explanation().contains("Unable to open file /data/nope"), f.explanation());
        assertFalse(f.explanation().contains("500 End."), f.explanation());
    }

    @Test
    void aRefusedConnectionIsTransient() {
        Failures.Failure f = Failures.of("""
                error: globus_xio: Unable to connect to localhost:1
                globus_xio: System error in connect: Connection refused
                globus_xio: A system call failed: Connection refused
                """);
        assertEquals(SrmStatus.SRM_FAILURE, f.status());
        assertTrue(f.transientError());
    }

    @Test
    void anUnmappedUserIsPermanentAuthorizationFailure() {
        Failures.Failure f = Failures.of("""
                error: globus_ftp_control: gss_init_sec_context failed
                530-Login incorrect. : globus_gss_assist: Gridmap lookup failure: Could not map /DC=test/CN=Eve
                530 End.
                """);
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, f.status());
        assertFalse(f.transientError());
    }

    @Test
    void aByteCountContaining530IsNotALoginRefusal() {
        Failures.Failure f = Failures.of("error: data channel closed after 15300 bytes\n");
        assertEquals(SrmStatus.SRM_FAILURE, f.status());
        assertTrue(f.transientError());
    }

    @Test
    void controlCharactersAreEscapedAndLongOutputShortenedToItsEnd() {
        String f = Failures.explain("x".repeat(1000) + "\u001b[31mthe cause\n");
        assertTrue(f.length() <= 303, f);
        assertTrue(f.endsWith("the cause"), f);
        assertFalse(f.contains("\u001b"), f);
    }
}
