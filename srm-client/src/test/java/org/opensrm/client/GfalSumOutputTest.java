package org.opensrm.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;

import org.junit.jupiter.api.Test;

/** The adler32 of a copy as {@link GlobusUrlCopyTransfer} reads it from {@code gfal-sum}'s answer. */
class GfalSumOutputTest {
    @Test
    void theChecksumIsTheLastWordOfGfalSumsAnswer() {
        assertEquals(Optional.of("877f8f70"),
                GlobusUrlCopyTransfer.checksumOf("gsiftp://localhost:32945/data/dst 877f8f70\n"));
        assertEquals(Optional.empty(), GlobusUrlCopyTransfer.checksumOf("gfal-sum error: 2 (No such file or directory)"
                + " - globus_ftp_client: the server responded with an error"));
        assertEquals(Optional.empty(), GlobusUrlCopyTransfer.checksumOf(""));
    }
}
