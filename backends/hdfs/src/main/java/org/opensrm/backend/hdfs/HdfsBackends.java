package org.opensrm.backend.hdfs;

import org.opensrm.backend.StorageBackend;
import org.opensrm.backend.hdfs.internal.HdfsStorageBackend;
import org.opensrm.common.SrmException;

/** How the composition root makes the HDFS backend ({@code backend=hdfs}). */
public final class HdfsBackends {
    private HdfsBackends() {
    }

    /**
     * Logs in (Kerberos keytab when configured), connects to the NameNode and checks that {@code backend.root}
     * is a directory. The caller closes the backend, which closes every HDFS client it made.
     *
     * @throws SrmException {@code SRM_INTERNAL_ERROR} when HDFS cannot be reached or the root is unusable
     */
    public static StorageBackend open(HdfsBackendConfig config) throws SrmException {
        return HdfsStorageBackend.open(config);
    }
}
