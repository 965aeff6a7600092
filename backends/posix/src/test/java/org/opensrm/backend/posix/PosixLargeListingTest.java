package org.opensrm.backend.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.opensrm.backend.FileStat;

/**
 * A 1,000-entry listing carries every entry's full metadata (owner, stored checksum where one was stored) in one
 * call. How long it takes is measured by the dirsize benchmark (benchmarks/run-scalability dirsize), not here.
 */
class PosixLargeListingTest extends PosixTestBase {
    @Test
    void thousandEntriesWithOwnersAndStoredChecksums() throws Exception {
        backend.mkdir(ALICE, p("/big"));
        for (int i = 0; i < 1000; i++) {
            write(i % 2 == 0 ? ALICE : BOB, String.format("/big/f%04d", i), "entry " + i);
        }
        for (int i = 0; i < 1000; i += 3) {
            backend.checksum(ALICE, p(String.format("/big/f%04d", i)), "adler32");
        }
        List<FileStat> listing = backend.list(ALICE, p("/big"));
        assertEquals(1000, listing.size());
        for (FileStat e : listing) {
            int i = Integer.parseInt(e.path().name().substring(1));
            assertEquals(i % 2 == 0 ? "srmuser1" : "srmuser2", e.ownerName(), e.path().toString());
            assertEquals(i % 3 == 0, e.adler32().isPresent(), e.path().toString());
            assertTrue(e.isFile());
            assertEquals(("entry " + i).length(), e.size());
        }
    }
}
