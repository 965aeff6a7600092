package org.opensrm.backend.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.opensrm.backend.StorageBackend;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;

/** The development cluster (the tests' shared cluster is one) and opening a backend on it. */
@Tag("integration")
class DevHdfsClusterTest {
    @RegisterExtension
    static final SharedHdfs HDFS = new SharedHdfs();

    @Test
    void availableWithTheMiniclusterOnTheClasspath() {
        assertTrue(DevHdfsCluster.available());
    }

    @Test
    void rootIsOpenToEveryAccountWithStickyBit() throws Exception {
        try (FileSystem fs = FileSystem.newInstance(HDFS.cluster().uri(), new HdfsConfiguration())) {
            FileStatus st = fs.getFileStatus(new org.apache.hadoop.fs.Path(HDFS.cluster().root()));
            assertTrue(st.isDirectory());
            assertEquals(01777, st.getPermission().toShort());
        }
    }

    @Test
    void backendOnTheDevelopmentCluster() throws Exception {
        try (StorageBackend b = HdfsBackends.open(HDFS.cluster().backendConfig().build())) {
            assertEquals("hdfs", b.type());
            assertTrue(b.space(org.opensrm.common.SrmPath.ROOT).totalBytes() > 0);
        }
    }

    @Test
    void missingRootIsRefusedAtOpen() {
        SrmException e = assertThrows(SrmException.class,
                () -> HdfsBackends.open(HDFS.cluster().backendConfig().root("/no/such/root").build()));
        assertEquals(SrmStatus.SRM_INTERNAL_ERROR, e.status());
    }
}
