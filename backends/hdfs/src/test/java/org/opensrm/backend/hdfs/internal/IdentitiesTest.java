package org.opensrm.backend.hdfs.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.opensrm.backend.hdfs.SharedHdfs;
import org.opensrm.backend.hdfs.TestAccounts;
import org.opensrm.common.Account;

/** One proxy user and one HDFS client per account, however many calls and threads. */
@Tag("integration")
class IdentitiesTest {
    @RegisterExtension
    static final SharedHdfs HDFS = new SharedHdfs();

    @Test
    void oneClientPerAccount() throws Exception {
        Account alice = TestAccounts.account("srmuser1");
        Account bob = TestAccounts.account("srmuser2");
        org.apache.hadoop.fs.Path root = new org.apache.hadoop.fs.Path(HDFS.cluster().root());
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try (Identities ids = new Identities(HDFS.cluster().uri(), new HdfsConfiguration(),
                UserGroupInformation.getLoginUser(), false)) {
            List<Future<String>> whoami = new ArrayList<>();
            for (int i = 0; i < 64; i++) {
                Account a = i % 2 == 0 ? alice : bob;
                whoami.add(pool.submit(() -> ids.as(a, fs -> {
                    fs.getFileStatus(root);
                    return UserGroupInformation.getCurrentUser().getShortUserName();
                })));
            }
            for (int i = 0; i < whoami.size(); i++) {
                assertEquals(i % 2 == 0 ? "srmuser1" : "srmuser2", whoami.get(i).get());
            }
            assertEquals(2, ids.accountClients());
            assertEquals("srmuser1", ids.primaryGroup(alice).orElseThrow());
        } finally {
            pool.shutdown();
        }
    }
}
