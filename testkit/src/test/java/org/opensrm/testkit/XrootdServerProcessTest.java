package org.opensrm.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.testkit.internal.ProcessTree;

/** The fixture against the real door: up on its own port, both protocols, nothing without a macaroon, stopped. */
@Tag("integration")
class XrootdServerProcessTest {
    @TempDir
    static Path tmp;
    static TestGrid grid;
    static GridUser alice;
    static GridUser carol;
    static SharedDataDir data;
    static XrootdServerProcess door;

    @BeforeAll
    static void start() throws IOException {
        grid = TestGrid.create(tmp);
        alice = grid.user("Alice");
        carol = grid.user("Carol");
        data = new SharedDataDir();
        Files.writeString(data.path().resolve("f"), "hello");
        door = XrootdServerProcess.start(grid.xrootdServer("main", data.path()).map(alice.dn(), "srmuser1").build());
    }

    @AfterAll
    static void stop() throws IOException {
        if (door != null) {
            door.close();
        }
        if (data != null) {
            data.close();
        }
    }

    @Test
    void servesRootAndHttpsOnOnePortAndRefusesWithoutAMacaroon() throws IOException {
        assertTrue(door.port() > 0);
        assertEquals("root://localhost:" + door.port() + "//f", door.rootUrl("/f"));
        assertEquals("https://localhost:" + door.port() + "/f", door.httpsUrl("/f"));
        String f = data.path().resolve("f").toString();

        ClientRun https = grid.clients(alice).run(List.of("curl", "-sS", "-o", "/dev/null", "-w", "%{http_code}",
                "--capath", grid.trustDir().toString(), door.httpsUrl(f)));
        assertEquals("403", https.stdout().trim(), https.describe());

        ClientRun root = grid.clients(alice).run(List.of("xrdcp", "-f", door.rootUrl(f),
                tmp.resolve("copy").toString()));
        assertNotEquals(0, root.exitCode(), root.describe());
        assertTrue(root.stderr().contains("permission denied"), root.describe());
        assertTrue(door.log().contains("login as srmuser1"), "alice authenticated and mapped");
    }

    @Test
    void refusesAClientItsGridMapfileDoesNotMapBeforeAnyFileOperation() throws IOException {
        ClientRun root = grid.clients(carol).run(List.of("xrdcp", "-f",
                door.rootUrl(data.path().resolve("f").toString()),
                tmp.resolve("copy-carol").toString()));
        assertNotEquals(0, root.exitCode(), root.describe());
        assertFalse(root.stderr().contains("permission denied"), "refused at authentication: " + root.describe());
    }

    @Test
    void runsAsTheDoorAccountAndASecondInstanceGetsItsOwnPort() throws IOException {
        if ("root".equals(System.getProperty("user.name"))) {
            UserPrincipal owner = Files.getOwner(Path.of("/proc", Long.toString(door.pid())));
            assertEquals(XrootdServerConfig.DEFAULT_ACCOUNT, owner.getName());
        }
        XrootdServerProcess second = XrootdServerProcess.start(grid.xrootdServer("second", data.path()).build());
        List<ProcessHandle> processes;
        try {
            assertNotEquals(door.port(), second.port());
            processes = ProcessTree.snapshot(ProcessHandle.of(second.pid()).orElseThrow());
        } finally {
            second.close();
        }
        assertTrue(processes.stream().noneMatch(ProcessTree::isRunning), "every process of the door ended");
        assertTrue(Files.readString(grid.dir().resolve("xrootd-second/xrootd.log"))
                .contains("initialization completed"), "its log is kept in the work directory");
    }
}
