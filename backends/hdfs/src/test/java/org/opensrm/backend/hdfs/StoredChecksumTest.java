package org.opensrm.backend.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.Map;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.XAttrSetFlag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.opensrm.backend.StorageBackend;
import org.opensrm.common.SrmPath;

/** The adler32 is computed once, kept in the xattr with what it was computed for, and trusted only while valid. */
@Tag("integration")
class StoredChecksumTest {
    @RegisterExtension
    static final SharedHdfs HDFS = new SharedHdfs();

    private HdfsFixture fixture;
    private StorageBackend backend;
    private NameNodeRpcCounter rpcs;

    @BeforeEach
    void open() throws Exception {
        fixture = HDFS.newFixture();
        backend = fixture.backend();
        rpcs = new NameNodeRpcCounter(HDFS.cluster().uri().getPort());
    }

    @AfterEach
    void close() throws Exception {
        backend.close();
        fixture.close();
    }

    @Test
    void keptInTheXattrWithLengthMtimeAndInode() throws Exception {
        SrmPath f = SrmPath.of("/f");
        fixture.writeFile(fixture.alice(), f, "hello".getBytes(StandardCharsets.UTF_8));
        FileStatus before = fixture.superuser().getFileStatus(fixture.hdfsPath(f));
        String sum = backend.checksum(fixture.alice(), f, "adler32");
        assertEquals("062c0215", sum);
        FileStatus after = fixture.superuser().getFileStatus(fixture.hdfsPath(f));
        assertEquals(before.getModificationTime(), after.getModificationTime(), "storing it leaves the mtime alone");
        Map<String, byte[]> x = fixture.superuser().getXAttrs(fixture.hdfsPath(f));
        String value = new String(x.get(HdfsBackendConfig.DEFAULT_CHECKSUM_XATTR), StandardCharsets.US_ASCII);
        assertTrue(value.matches("adler32:062c0215:5:" + after.getModificationTime() + ":\\d+"), value);
    }

    @Test
    void secondRequestDoesNotReadTheFile() throws Exception {
        SrmPath f = SrmPath.of("/f");
        fixture.writeFile(fixture.alice(), f, new byte[300_000]);
        Map<String, Long> t0 = rpcs.snapshot();
        String first = backend.checksum(fixture.bob(), f, "adler32");
        Map<String, Long> firstCalls = NameNodeRpcCounter.delta(t0, rpcs.snapshot());
        Map<String, Long> t1 = rpcs.snapshot();
        assertEquals(first, backend.checksum(fixture.alice(), f, "adler32"));
        Map<String, Long> secondCalls = NameNodeRpcCounter.delta(t1, rpcs.snapshot());
        System.out.println("checksum, first request: " + firstCalls + "; second request: " + secondCalls);
        assertTrue(firstCalls.getOrDefault("GetBlockLocations", 0L) > 0, "first request streams: " + firstCalls);
        assertEquals(0L, secondCalls.getOrDefault("GetBlockLocations", 0L), "second is served from the xattr");
        assertEquals(0L, secondCalls.getOrDefault("SetXAttr", 0L));
    }

    @Test
    void aValueForAnotherInodeIsIgnored() throws Exception {
        SrmPath f = SrmPath.of("/f");
        fixture.writeFile(fixture.alice(), f, "abc".getBytes(StandardCharsets.UTF_8));
        FileStatus st = fixture.superuser().getFileStatus(fixture.hdfsPath(f));
        byte[] forged = ("adler32:deadbeef:3:" + st.getModificationTime() + ":1").getBytes(StandardCharsets.US_ASCII);
        FileSystem su = fixture.superuser();
        su.setXAttr(fixture.hdfsPath(f), HdfsBackendConfig.DEFAULT_CHECKSUM_XATTR, forged,
                EnumSet.of(XAttrSetFlag.CREATE));
        assertTrue(backend.stat(fixture.alice(), f).adler32().isEmpty());
        assertEquals("024d0127", backend.checksum(fixture.alice(), f, "adler32"));
    }

    @Test
    void garbageInTheXattrIsIgnored() throws Exception {
        SrmPath f = SrmPath.of("/f");
        fixture.writeFile(fixture.alice(), f, "abc".getBytes(StandardCharsets.UTF_8));
        fixture.superuser().setXAttr(fixture.hdfsPath(f), HdfsBackendConfig.DEFAULT_CHECKSUM_XATTR,
                "nonsense".getBytes(StandardCharsets.US_ASCII), EnumSet.of(XAttrSetFlag.CREATE));
        assertTrue(backend.stat(fixture.alice(), f).adler32().isEmpty());
        assertEquals("024d0127", backend.checksum(fixture.alice(), f, "adler32"));
    }
}
