package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.FakeVoms;
import org.opensrm.testkit.GridUser;
import org.opensrm.testkit.SrmClients;

/**
 * VOMS mapping as gfal2 users see it: real VOMS proxies made by {@code voms-proxy-fake}, the server configured
 * with {@code srm.authz.mappers=vomsmap,gridmap}. The same DN (Alice's) acts as a different account for each
 * primary FQAN — what {@code gfal-mkdir} makes belongs to that account — and falls back to the grid-mapfile
 * when the primary FQAN matches no line. A proxy whose attribute certificate expired, and a DN mapped by
 * nothing, are refused (EACCES). The site's GridFTP doors map through LCMAPS (their GSI authorization callout)
 * with the same role map file, so files {@code gfal-copy} writes through them belong to the same account.
 */
@Timeout(300)
@Tag("integration")
class GfalVomsMappingTest {
    private static final String VOMS_HOST = "voms.example.test";
    static E2eSite site;
    static Path vomsBase;
    static FakeVoms voms;

    @BeforeAll
    static void start() throws Exception {
        vomsBase = Files.createTempDirectory(Path.of("/tmp"), "opensrm-voms-");
        // The vomsdir is read when the server starts; the VOMS server's certificate is issued afterwards by the
        // site's CA, whose DNs are known in advance.
        Path lsc = Files.createDirectories(vomsBase.resolve("vomsdir/testvo")).resolve(VOMS_HOST + ".lsc");
        Files.writeString(lsc, "/DC=test/O=OpenSRM/CN=" + VOMS_HOST + "\n/DC=test/O=OpenSRM/CN=OpenSRM Test CA\n");
        Path roleMap = Files.writeString(vomsBase.resolve("voms-rolemap"),
                "\"/testvo/Role=production/*\" " + E2eSite.BOB_ACCOUNT + "\n"
                        + "\"/testvo/analysis/*\" " + E2eSite.MALLORY_ACCOUNT + "\n");
        Path authzConf = lcmapsCallout(vomsBase, roleMap);
        site = E2eSite.startWithDoors(Map.of("srm.vomsdir", vomsBase.resolve("vomsdir").toString(),
                "srm.authz.mappers", "vomsmap,gridmap", "srm.authz.vomsmap", roleMap.toString()),
                door -> door.environment("GSI_AUTHZ_CONF", authzConf.toString())
                        .environment("LCMAPS_DB_FILE", vomsBase.resolve("lcmaps.db").toString())
                        .environment("LLGT_RUN_LCAS", "no").environment("LLGT_LIFT_PRIVILEGED_PROTECTION", "1")
                        .environment("LLGT_LOG_FILE", vomsBase.resolve("lcmaps.log").toString())
                        .environment("LCMAPS_DEBUG_LEVEL", "5")
                        .environment("X509_VOMS_DIR", vomsBase.resolve("vomsdir").toString()));
        voms = FakeVoms.create(site.grid().pki(), vomsBase, "testvo", VOMS_HOST);
        assertEquals(Files.readString(lsc), Files.readString(voms.vomsDir().resolve("testvo/" + VOMS_HOST + ".lsc")));
        Path shared = site.onDisk("/shared");
        Files.createDirectory(shared);
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
    }

    /**
     * The doors' GSI authorization callout: LCMAPS (Debian's lcas-lcmaps-gt4-interface, lcmaps-plugins-voms) reading
     * the same role map as the SRM, the door's grid-mapfile when no FQAN line matches.
     */
    private static Path lcmapsCallout(Path dir, Path roleMap) throws Exception {
        Files.writeString(dir.resolve("lcmaps.db"), String.join("\n",
                "path = /usr/lib/lcmaps",
                "verifyproxy = \"lcmaps_verify_proxy.mod\" \"--allow-limited-proxy\" \"--discard_private_key_absence\"",
                "vomslocalaccount = \"lcmaps_voms_localaccount.mod\" \"-gridmapfile " + roleMap + "\"",
                "localaccount = \"lcmaps_localaccount.mod\"",
                "",
                "voms:",
                "verifyproxy -> vomslocalaccount | localaccount",
                "vomslocalaccount -> localaccount",
                ""));
        return Files.writeString(dir.resolve("gsi-authz.conf"), "globus_mapping "
                + "/usr/lib/x86_64-linux-gnu/lcas-lcmaps-gt4-interface/liblcas_lcmaps_gt4_mapping.so lcmaps_callout\n");
    }

    @AfterAll
    static void stop() {
        if (site != null) {
            site.close();
        }
        if (vomsBase != null) {
            E2eSite.deleteTree(vomsBase);
        }
    }

    private static SrmClients as(GridUser user, String name, List<String> fqans, String... fakeArgs) throws Exception {
        Path file = voms.proxy(user.credential(), vomsBase.resolve(name + ".proxy"), fqans, fakeArgs);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        return site.clients(new GridUser(name, user.credential(), FakeVoms.read(file), file));
    }

    private static String mkdirOwner(SrmClients clients, String path) throws Exception {
        ClientRun mkdir = clients.gfal("gfal-mkdir", site.surl(path));
        assertTrue(mkdir.ok(), mkdir.describe());
        return OnDisk.owner(site.onDisk(path));
    }

    @Test
    void twoPrimaryFqansOfOneDnActAsTwoAccounts() throws Exception {
        SrmClients production = as(site.alice(), "alice-production",
                List.of("/testvo/Role=production/Capability=NULL", "/testvo/Role=NULL/Capability=NULL"));
        SrmClients analysis = as(site.alice(), "alice-analysis",
                List.of("/testvo/analysis/Role=NULL/Capability=NULL", "/testvo/Role=production/Capability=NULL"));
        assertEquals(E2eSite.BOB_ACCOUNT, mkdirOwner(production, "/shared/by-production"));
        assertEquals(E2eSite.MALLORY_ACCOUNT, mkdirOwner(analysis, "/shared/by-analysis"));
        ClientRun ls = production.gfal("gfal-ls", site.surl("/shared"));
        assertTrue(ls.ok(), ls.describe());
        assertEquals(List.of("by-analysis", "by-production"), GfalOutput.results(ls).stream().sorted().toList());
    }

    @Test
    void filesGfalCopyWritesBelongToTheAccountOfThePrimaryFqan() throws Exception {
        Path local = OnDisk.randomFile(site.scratch("voms").resolve("data.bin"), 5000, 31);
        SrmClients production = as(site.alice(), "alice-production-copy",
                List.of("/testvo/Role=production/Capability=NULL"));
        SrmClients analysis = as(site.alice(), "alice-analysis-copy", List.of("/testvo/analysis/Role=NULL/Capability=NULL"));
        ClientRun put = production.gfal("gfal-copy", "file://" + local, site.surl("/shared/production.bin"));
        assertTrue(put.ok(), put.describe() + "\n" + lcmapsLog());
        put = analysis.gfal("gfal-copy", "file://" + local, site.surl("/shared/analysis.bin"));
        assertTrue(put.ok(), put.describe() + "\n" + lcmapsLog());
        assertEquals(E2eSite.BOB_ACCOUNT, OnDisk.owner(site.onDisk("/shared/production.bin")), lcmapsLog());
        assertEquals(E2eSite.MALLORY_ACCOUNT, OnDisk.owner(site.onDisk("/shared/analysis.bin")), lcmapsLog());
        assertEquals(Files.size(local), Files.size(site.onDisk("/shared/analysis.bin")));
    }

    private static String lcmapsLog() throws java.io.IOException {
        Path log = vomsBase.resolve("lcmaps.log");
        return Files.exists(log) ? Files.readString(log) : "(no LCMAPS log)";
    }

    @Test
    void aPrimaryFqanThatMatchesNoLineFallsBackToTheGridMapfile() throws Exception {
        SrmClients plain = as(site.alice(), "alice-plain", List.of("/testvo/Role=NULL/Capability=NULL"));
        assertEquals(E2eSite.ALICE_ACCOUNT, mkdirOwner(plain, "/shared/by-plain"));
    }

    @Test
    void aDnMappedByNothingIsRefused() throws Exception {
        SrmClients carol = as(site.carol(), "carol-plain", List.of("/testvo/Role=NULL/Capability=NULL"));
        ClientRun mkdir = carol.gfal("gfal-mkdir", site.surl("/shared/by-carol"));
        assertEquals(13, mkdir.exitCode(), mkdir.describe());
        assertTrue(mkdir.stderr().contains("not mapped"), mkdir.describe());
        assertFalse(Files.exists(site.onDisk("/shared/by-carol")));
    }

    @Test
    void anExpiredAttributeCertificateIsRefusedNotIgnored() throws Exception {
        SrmClients expired = as(site.alice(), "alice-expired", List.of("/testvo/Role=production/Capability=NULL"),
                "-vomslife", "1", "-pastac", "2:00");
        ClientRun mkdir = expired.gfal("gfal-mkdir", site.surl("/shared/by-expired"));
        assertEquals(13, mkdir.exitCode(), mkdir.describe());
        assertTrue(mkdir.stderr().contains("VOMS"), mkdir.describe());
        assertFalse(Files.exists(site.onDisk("/shared/by-expired")));
    }
}
