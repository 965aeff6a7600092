package org.opensrm.backend.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.authorize.ProxyUsers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.backend.StorageBackend;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;

/**
 * A NameNode whose hadoop.proxyuser settings do not let the service act for an account: that account's calls
 * fail with SRM_AUTHORIZATION_FAILURE (a site setting that a retry cannot fix, so not SRM_INTERNAL_ERROR, which
 * clients retry), while the accounts it may act for work.
 */
@Tag("integration")
class ImpersonationRefusedTest {
    @TempDir
    static Path base;
    private static DevHdfsCluster cluster;
    private static StorageBackend backend;

    @BeforeAll
    static void start() throws Exception {
        String me = UserGroupInformation.getCurrentUser().getShortUserName();
        cluster = DevHdfsCluster.start(base, "/srm", 0, Map.of(
                "hadoop.proxyuser." + me + ".users", "srmuser1",
                "hadoop.proxyuser." + me + ".groups", "no-such-group"));
        backend = HdfsBackends.open(cluster.backendConfig().build());
    }

    /**
     * Hadoop keeps the proxy-user rules in one static table per JVM, shared by every NameNode in it: put back the
     * development rule (the service may act for anyone) so the other suites in this JVM are not refused.
     */
    @AfterAll
    static void stop() throws Exception {
        String me = UserGroupInformation.getCurrentUser().getShortUserName();
        Configuration permissive = new Configuration(false);
        permissive.set("hadoop.proxyuser." + me + ".hosts", "*");
        permissive.set("hadoop.proxyuser." + me + ".groups", "*");
        ProxyUsers.refreshSuperUserGroupsConfiguration(permissive);
        if (backend != null) {
            backend.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void anAccountTheServiceMayNotImpersonateIsRefusedWithAnAuthorizationFailure() {
        SrmException e = assertThrows(SrmException.class,
                () -> backend.mkdir(TestAccounts.account("srmuser2"), SrmPath.of("/refused")));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, e.status(), e::getMessage);
        assertTrue(e.getMessage().contains("hadoop.proxyuser"), e::getMessage);
    }

    @Test
    void anAccountTheServiceMayImpersonateWorks() throws Exception {
        backend.mkdir(TestAccounts.account("srmuser1"), SrmPath.of("/allowed"));
        assertEquals("srmuser1", backend.stat(TestAccounts.account("srmuser1"), SrmPath.of("/allowed")).ownerName());
    }
}
