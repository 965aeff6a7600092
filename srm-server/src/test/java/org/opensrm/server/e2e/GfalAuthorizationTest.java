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
import org.opensrm.testkit.GridUser;
import org.opensrm.testkit.SrmClients;

/**
 * Who may do what, as gfal2 users see it: the server acts as the mapped account, so POSIX permissions decide
 * (Bob's 0700 directory is closed to Alice; Alice may not chmod Bob's file); a DN in no grid-mapfile and a banned
 * DN are refused outright. gfal2 reports all of these as EACCES (exit code 13, "Permission denied").
 */
@Timeout(300)
@Tag("integration")
class GfalAuthorizationTest {
    static E2eSite site;
    static SrmClients alice;
    static SrmClients bob;
    static Path local;

    @BeforeAll
    static void start() throws Exception {
        site = E2eSite.start(Map.of());
        alice = site.clients(site.alice());
        bob = site.clients(site.bob());
        local = site.scratch("authz");
        OnDisk.randomFile(local.resolve("small.bin"), 1000, 21);
        ClientRun put = bob.gfal("gfal-copy", "file://" + local.resolve("small.bin"), site.surl("/bob/private.bin"));
        assertTrue(put.ok(), put.describe());
    }

    @AfterAll
    static void stop() {
        if (site != null) {
            site.close();
        }
    }

    @Test
    void bobSeesHisOwnClosedDirectory() throws Exception {
        ClientRun ls = bob.gfal("gfal-ls", site.surl("/bob"));
        assertTrue(ls.ok(), ls.describe());
        assertEquals(List.of("private.bin"), GfalOutput.results(ls), ls.describe());
        assertEquals(E2eSite.BOB_ACCOUNT, OnDisk.owner(site.onDisk("/bob/private.bin")));
    }

    @Test
    void aliceCannotListReadOrWriteInBobsClosedDirectory() throws Exception {
        ClientRun ls = alice.gfal("gfal-ls", site.surl("/bob"));
        assertPermissionDenied(ls);
        ClientRun get = alice.gfal("gfal-copy", site.surl("/bob/private.bin"), "file://" + local.resolve("stolen.bin"));
        assertPermissionDenied(get);
        assertFalse(Files.exists(local.resolve("stolen.bin")));
        ClientRun put = alice.gfal("gfal-copy", "file://" + local.resolve("small.bin"), site.surl("/bob/planted.bin"));
        assertPermissionDenied(put);
        assertFalse(Files.exists(site.onDisk("/bob/planted.bin")));
        assertEquals(List.of(), OnDisk.uploadsIn(site.onDisk("/bob")));
        ClientRun mkdir = alice.gfal("gfal-mkdir", site.surl("/bob/intruder"));
        assertPermissionDenied(mkdir);
        ClientRun rm = alice.gfal("gfal-rm", site.surl("/bob/private.bin"));
        assertEquals(13, rm.exitCode(), rm.describe());
        assertTrue(Files.exists(site.onDisk("/bob/private.bin")));
    }

    @Test
    void aliceCannotChmodBobsFileInHerOwnDirectory() throws Exception {
        Path file = OnDisk.randomFile(site.onDisk("/alice/bobs.dat"), 10, 22);
        Files.setOwner(file, file.getFileSystem().getUserPrincipalLookupService()
                .lookupPrincipalByName(E2eSite.BOB_ACCOUNT));
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        ClientRun chmod = alice.gfal("gfal-chmod", "0666", site.surl("/alice/bobs.dat"));
        assertPermissionDenied(chmod);
        assertEquals("644", OnDisk.mode(file));
    }

    @Test
    void anUnmappedDnIsRefused() throws Exception {
        assertRefused(site.carol(), "not mapped");
    }

    @Test
    void aBannedDnIsRefusedThoughItIsMapped() throws Exception {
        assertRefused(site.mallory(), "banned");
    }

    private static void assertRefused(GridUser user, String reason) throws Exception {
        SrmClients clients = site.clients(user);
        ClientRun ls = clients.gfal("gfal-ls", site.surl("/alice"));
        assertPermissionDenied(ls);
        assertTrue(ls.stderr().contains(user.dn()) && ls.stderr().contains(reason), ls.describe());
        ClientRun put = clients.gfal("gfal-copy", "file://" + local.resolve("small.bin"),
                site.surl("/alice/from-" + user.commonName() + ".bin"));
        assertPermissionDenied(put);
        assertFalse(Files.exists(site.onDisk("/alice/from-" + user.commonName() + ".bin")));
        ClientRun mkdir = clients.gfal("gfal-mkdir", site.surl("/alice/by-" + user.commonName()));
        assertPermissionDenied(mkdir);
        assertFalse(Files.exists(site.onDisk("/alice/by-" + user.commonName())));
    }

    private static void assertPermissionDenied(ClientRun r) {
        assertEquals(13, r.exitCode(), "EACCES: " + r.describe());
        assertTrue(r.stderr().contains("Permission denied"), r.describe());
    }
}
