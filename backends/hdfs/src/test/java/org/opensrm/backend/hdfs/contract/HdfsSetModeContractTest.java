package org.opensrm.backend.hdfs.contract;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.opensrm.backend.contract.BackendFixture;
import org.opensrm.backend.contract.SetModeContract;
import org.opensrm.backend.hdfs.SharedHdfs;

@Tag("integration")
class HdfsSetModeContractTest extends SetModeContract {
    @RegisterExtension
    static final SharedHdfs HDFS = new SharedHdfs();

    @Override
    protected BackendFixture createFixture() throws Exception {
        return HDFS.newFixture();
    }
}
