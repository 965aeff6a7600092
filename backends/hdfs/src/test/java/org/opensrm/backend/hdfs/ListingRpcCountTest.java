package org.opensrm.backend.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.opensrm.backend.FileStat;
import org.opensrm.backend.StorageBackend;
import org.opensrm.common.Account;
import org.opensrm.common.SrmPath;

/**
 * A listing costs one NameNode getListing per page of {@value SharedHdfs#LISTING_PAGE} entries, never a
 * getFileInfo per entry; reporting stored checksums adds one getXAttrs per file. Measured on the NameNode.
 */
@Tag("integration")
class ListingRpcCountTest {
    @RegisterExtension
    static final SharedHdfs HDFS = new SharedHdfs();

    private static final int FILES = 450;
    private static final int DIRS = 50;
    private static final int PAGES = (FILES + DIRS + SharedHdfs.LISTING_PAGE - 1) / SharedHdfs.LISTING_PAGE;

    private HdfsFixture fixture;
    private NameNodeRpcCounter rpcs;

    @BeforeEach
    void populate() throws Exception {
        fixture = HDFS.newFixture();
        rpcs = new NameNodeRpcCounter(HDFS.cluster().uri().getPort());
        FileSystem su = fixture.superuser();
        org.apache.hadoop.fs.Path dir = fixture.hdfsPath(SrmPath.of("/many"));
        su.mkdirs(dir);
        for (int i = 0; i < FILES; i++) {
            su.create(new org.apache.hadoop.fs.Path(dir, String.format("f%04d", i))).close();
        }
        for (int i = 0; i < DIRS; i++) {
            su.mkdirs(new org.apache.hadoop.fs.Path(dir, String.format("d%04d", i)));
        }
    }

    @AfterEach
    void cleanUp() throws Exception {
        fixture.close();
    }

    @Test
    void withoutChecksumsOneCallPerPage() throws Exception {
        try (StorageBackend backend = HdfsBackends.open(fixture.config().listChecksums(false).build())) {
            Map<String, Long> calls = measuredListing(backend, fixture.alice(), "without checksums");
            assertEquals(Map.of("GetListing", (long) PAGES), calls);
        }
    }

    @Test
    void withStoredChecksumsOneMoreCallPerFile() throws Exception {
        try (StorageBackend backend = fixture.backend()) {
            Account alice = fixture.alice();
            for (int i = 0; i < FILES; i += 2) {
                backend.checksum(alice, SrmPath.of(String.format("/many/f%04d", i)), "adler32");
            }
            Map<String, Long> calls = measuredListing(backend, alice, "with checksums (half of the files have one)");
            assertEquals(Map.of("GetListing", (long) PAGES, "GetXAttrs", (long) FILES), calls);
            List<FileStat> listing = backend.list(alice, SrmPath.of("/many"));
            long withSum = listing.stream().filter(s -> s.adler32().isPresent()).count();
            assertEquals(FILES / 2, withSum);
            assertTrue(listing.stream().filter(s -> s.adler32().isPresent())
                    .allMatch(s -> s.adler32().get().equals("00000001")), "adler32 of an empty file");
        }
    }

    private Map<String, Long> measuredListing(StorageBackend backend, Account as, String label) throws Exception {
        backend.stat(as, SrmPath.ROOT); // the account's client is made and connected outside the measurement
        Map<String, Long> before = rpcs.snapshot();
        List<FileStat> listing = backend.list(as, SrmPath.of("/many"));
        Map<String, Long> calls = NameNodeRpcCounter.delta(before, rpcs.snapshot());
        assertEquals(FILES + DIRS, listing.size());
        report(String.format("listing of %d entries (%d files, %d dirs, page %d) %s: %d NameNode calls %s",
                FILES + DIRS, FILES, DIRS, SharedHdfs.LISTING_PAGE, label, NameNodeRpcCounter.total(calls), calls));
        return calls;
    }

    private static void report(String line) throws IOException {
        System.out.println(line);
        Path out = Path.of(System.getProperty("test.build.data", "target/test/data")).resolveSibling("rpc-counts.txt");
        Files.createDirectories(out.getParent());
        Files.writeString(out, line + System.lineSeparator(), StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
    }
}
