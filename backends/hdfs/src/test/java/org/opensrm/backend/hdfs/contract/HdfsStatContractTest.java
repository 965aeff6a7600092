package org.opensrm.backend.hdfs.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.opensrm.backend.contract.BackendFixture;
import org.opensrm.backend.contract.StatContract;
import org.opensrm.backend.hdfs.HdfsFixture;
import org.opensrm.backend.hdfs.SharedHdfs;
import org.opensrm.common.SrmPath;

@Tag("integration")
class HdfsStatContractTest extends StatContract {
    @RegisterExtension
    static final SharedHdfs HDFS = new SharedHdfs();

    @Override
    protected BackendFixture createFixture() throws Exception {
        return HDFS.newFixture();
    }

    /**
     * Issue 22, point 5: HDFS moves a file's modification time only when its writer closes it, so a long upload
     * looks idle by its time alone; {@code openForWriting} tells that a writer (a door) still holds it.
     */
    @Test
    void aFileIsOpenForWritingUntilItsWriterClosesIt() throws Exception {
        HdfsFixture hdfs = (HdfsFixture) fixture;
        FileSystem su = hdfs.superuser();
        SrmPath f = p("/upload");
        FSDataOutputStream out = su.create(hdfs.hdfsPath(f), true);
        try {
            out.write(new byte[4096]);
            out.hflush();
            long created = su.getFileStatus(hdfs.hdfsPath(f)).getModificationTime();
            out.write(new byte[4096]);
            out.hflush();
            assertEquals(created, su.getFileStatus(hdfs.hdfsPath(f)).getModificationTime(),
                    "HDFS keeps the time of creation while the file is written");
            assertTrue(backend.openForWriting(alice, f), "its writer holds it");
        } finally {
            out.close();
        }
        assertFalse(backend.openForWriting(alice, f), "closed");
    }
}
