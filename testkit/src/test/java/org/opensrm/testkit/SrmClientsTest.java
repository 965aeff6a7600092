package org.opensrm.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.testkit.internal.ProcessTree;

@Tag("integration")
class SrmClientsTest {
    @TempDir
    static Path tmp;
    static TestGrid grid;
    static GridUser alice;
    static GridFtpServerProcess server;
    static SharedDataDir data;
    static SrmClients clients;

    @BeforeAll
    static void start() throws IOException {
        grid = TestGrid.create(tmp);
        alice = grid.user("Alice");
        server = GridFtpServerProcess.start(grid.gridFtpServer("clients").map(alice.dn(), "srmuser2").build());
        data = new SharedDataDir();
        Files.writeString(data.path().resolve("hello.txt"), "hello, grid\n");
        clients = grid.clients(alice);
    }

    @AfterAll
    static void stop() throws IOException {
        if (server != null) {
            server.close();
        }
        if (data != null) {
            data.close();
        }
    }

    @Test
    void gfal2ClientsRunGlobusWithoutThreadsAndOtherClientsAsTheyAre() throws IOException {
        ClientRun py = clients.gfalPython("import os\nprint(os.environ.get('GLOBUS_THREAD_MODEL'))");
        assertTrue(py.ok(), py.describe());
        assertEquals("none", py.stdout().trim());
        assertEquals("none", clients.variables(List.of("gfal-copy", "a", "b")).get("GLOBUS_THREAD_MODEL"));
        assertEquals("none", clients.variables(List.of("/usr/bin/gfal-ls")).get("GLOBUS_THREAD_MODEL"));
        assertFalse(clients.variables(List.of("globus-url-copy")).containsKey("GLOBUS_THREAD_MODEL"));
        assertFalse(clients.variables(List.of("arccp")).containsKey("GLOBUS_THREAD_MODEL"));
    }

    @Test
    void gfalLsListsGsiftpDirectory() throws IOException {
        ClientRun ls = clients.gfal("gfal-ls", "-l", server.url(data.path() + "/"));
        assertTrue(ls.ok(), ls.describe());
        assertTrue(ls.stdout().contains("hello.txt"), ls.describe());
    }

    @Test
    void gfalCopyUploadsAsMappedAccount() throws IOException {
        Path source = Files.writeString(tmp.resolve("gfal-up.txt"), "via gfal-copy\n");
        Path target = data.path().resolve("gfal-up.txt");
        ClientRun cp = clients.gfal("copy", "file://" + source, server.url(target.toString()));
        assertTrue(cp.ok(), cp.describe());
        assertEquals("srmuser2", Files.getOwner(target).getName());
        assertEquals("via gfal-copy\n", Files.readString(target));
    }

    @Test
    void pythonGfal2StatsGsiftpFile() throws IOException {
        ClientRun py = clients.gfalPython("import sys, gfal2\n"
                + "ctx = gfal2.creat_context()\n"
                + "print(ctx.stat(sys.argv[1]).st_size)\n", server.url(data.path() + "/hello.txt"));
        assertTrue(py.ok(), py.describe());
        assertEquals("12", py.stdout().trim(), py.describe());
    }

    @Test
    void arclsListsGsiftpFile() throws IOException {
        ClientRun ls = clients.arc("arcls", "-l", server.url(data.path() + "/hello.txt"));
        assertTrue(ls.ok(), ls.describe());
        assertTrue(ls.stdout().contains("hello.txt"), ls.describe());
        assertFalse(ls.stderr().contains("vomses"), "no vomses warning: " + ls.describe());
    }

    @Test
    void arccpDownloadsGsiftpFile() throws IOException {
        Path target = tmp.resolve("arc-down.txt");
        ClientRun cp = clients.arc("arccp", server.url(data.path() + "/hello.txt"), target.toString());
        assertTrue(cp.ok(), cp.describe());
        assertEquals("hello, grid\n", Files.readString(target));
    }

    @Test
    void environmentIsExplicit() throws IOException {
        ClientRun env = clients.run(List.of("/usr/bin/env"));
        assertTrue(env.ok(), env.describe());
        assertTrue(env.stdout().contains("X509_USER_PROXY=" + alice.proxyFile()), env.stdout());
        assertTrue(env.stdout().contains("X509_CERT_DIR=" + grid.trustDir()), env.stdout());
        assertTrue(env.stdout().contains("GFAL_PYTHONBIN=/usr/bin/python3"), env.stdout());
        assertTrue(env.stdout().contains("HOME=" + clients.environment().home()), env.stdout());
        assertFalse(env.stdout().contains("X509_USER_CERT"), env.stdout());
        assertFalse(env.stdout().contains("X509_USER_KEY"), env.stdout());
    }

    @Test
    void timeoutKillsTheWholeProcessTree() throws Exception {
        Path pidFile = tmp.resolve("bg.pid");
        ClientRun run = clients.withTimeout(Duration.ofMillis(800))
                .run(List.of("/bin/sh", "-c", "sleep 60 & echo $! > " + pidFile + "; sleep 60"));
        assertTrue(run.timedOut(), run.describe());
        assertEquals(-1, run.exitCode());
        assertTrue(run.elapsed().compareTo(Duration.ofSeconds(10)) < 0, run.describe());
        long bg = Long.parseLong(Files.readString(pidFile).trim());
        ProcessHandle.of(bg).ifPresent(p -> assertFalse(ProcessTree.isRunning(p), "background sleep survived"));
    }

    @Test
    void gfal2ReadsThePrivateConfigurationWithTheBdiiOff() throws IOException {
        ClientRun py = clients.gfalPython("import gfal2\n"
                + "ctx = gfal2.creat_context()\n"
                + "print(ctx.get_opt_boolean('BDII', 'ENABLED'))\n");
        assertTrue(py.ok(), py.describe());
        assertEquals("False", py.stdout().trim(), py.describe());
        assertTrue(Files.isRegularFile(clients.environment().gfalConfigDir().resolve("srm_plugin.conf")),
                "the system's plugin settings are kept");
    }

    @Test
    void startedClientIsKilledWithItsChildren() throws Exception {
        Path pidFile = tmp.resolve("started-bg.pid");
        try (RunningClient run = clients.start(List.of("/bin/sh", "-c",
                "sleep 60 & echo $! > " + pidFile + "; echo started; sleep 60"))) {
            assertTrue(run.isRunning());
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (!Files.exists(pidFile) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            run.kill();
            ClientRun result = run.await();
            assertEquals(-1, result.exitCode(), result.describe());
            assertFalse(result.timedOut(), result.describe());
            assertTrue(result.stdout().contains("started"), result.describe());
            long bg = Long.parseLong(Files.readString(pidFile).trim());
            ProcessHandle.of(bg).ifPresent(p -> assertFalse(ProcessTree.isRunning(p), "background sleep survived"));
        }
    }

    @Test
    void rejectsCertAndKeyVariables() {
        assertThrows(IllegalArgumentException.class, () -> clients.environment().toBuilder()
                .env("X509_USER_CERT", "/x").build());
    }
}
