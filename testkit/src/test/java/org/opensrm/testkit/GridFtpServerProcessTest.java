package org.opensrm.testkit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.testkit.internal.ProcessTree;

@Tag("integration")
class GridFtpServerProcessTest {
    @TempDir
    static Path tmp;
    static TestGrid grid;
    static GridUser alice;
    static GridUser bob;
    static GridFtpServerProcess server;
    static SharedDataDir data;

    @BeforeAll
    static void startServer() throws IOException {
        grid = TestGrid.create(tmp);
        alice = grid.user("Alice");
        bob = grid.user("Bob");
        server = GridFtpServerProcess.start(grid.gridFtpServer("main").map(alice.dn(), "srmuser1").build());
        data = new SharedDataDir();
    }

    @AfterAll
    static void stopServer() throws IOException {
        if (server != null) {
            server.close();
        }
        if (data != null) {
            data.close();
        }
    }

    @Test
    void servesBannerOnItsOwnPortAndSecondInstanceGetsAnother() throws IOException {
        assertTrue(server.port() > 0);
        assertEquals("gsiftp://localhost:" + server.port(), server.node());
        assertEquals(server.node() + "/tmp/x", server.url("/tmp/x"));
        assertTrue(server.banner().startsWith("220 "), server.banner());
        assertTrue(readBanner(server.port()).startsWith("220"));
        try (GridFtpServerProcess second = GridFtpServerProcess.start(grid.gridFtpServer("second").build())) {
            assertNotEquals(server.port(), second.port());
            assertTrue(readBanner(second.port()).startsWith("220"));
        }
    }

    @Test
    void globusUrlCopyRoundTripWritesAsMappedAccount() throws IOException {
        byte[] content = new byte[300_000];
        new Random(42).nextBytes(content);
        Path source = Files.write(tmp.resolve("upload.bin"), content);
        Path remote = data.path().resolve("uploaded.bin");
        Path back = tmp.resolve("downloaded.bin");
        SrmClients clients = grid.clients(alice);

        ClientRun put = clients.globusUrlCopy("file://" + source, server.url(remote.toString()));
        assertTrue(put.ok(), put.describe());
        assertEquals("srmuser1", Files.getOwner(remote).getName());
        ClientRun get = clients.globusUrlCopy(server.url(remote.toString()), "file://" + back);
        assertTrue(get.ok(), get.describe());
        assertArrayEquals(content, Files.readAllBytes(back));
        assertTrue(server.log().contains("/DC=test/O=OpenSRM/CN=Alice"), "log names the DN");
    }

    @Test
    void unmappedUserIsRefusedWith530() throws IOException {
        Path source = Files.writeString(tmp.resolve("bob.txt"), "bob");
        ClientRun put = grid.clients(bob).globusUrlCopy("file://" + source,
                server.url(data.path().resolve("bob.txt").toString()));
        assertFalse(put.ok(), put.describe());
        assertTrue(put.output().contains("530"), put.describe());
        assertTrue(put.output().contains("Gridmap lookup failure"), put.describe());
        assertFalse(Files.exists(data.path().resolve("bob.txt")));
    }

    @Test
    void closeEndsDaemonAndSessionProcesses() throws Exception {
        GridFtpServerProcess doomed = GridFtpServerProcess.start(grid.gridFtpServer("doomed").build());
        List<ProcessHandle> tree;
        try (Socket session = new Socket()) {
            session.connect(new InetSocketAddress("127.0.0.1", doomed.port()), 2000);
            session.setSoTimeout(5000);
            assertTrue(firstLine(session.getInputStream()).startsWith("220"));
            tree = ProcessTree.snapshot(ProcessHandle.of(doomed.pid()).orElseThrow());
            assertTrue(tree.size() >= 2, "a session child is forked per connection: " + tree);
            doomed.close();
        }
        assertFalse(doomed.isAlive());
        tree.forEach(p -> assertFalse(ProcessTree.isRunning(p), "still running: " + p.pid()));
        assertThrows(ConnectException.class, () -> readBanner(doomed.port()));
    }

    @Test
    void startFailureCarriesDiagnostics() {
        IOException e = assertThrows(IOException.class, () -> GridFtpServerProcess.start(
                grid.gridFtpServer("broken").executable(Path.of("/bin/false")).build()));
        assertTrue(e.getMessage().contains("exited"), e.getMessage());
    }

    static String readBanner(int port) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 2000);
            s.setSoTimeout(5000);
            return firstLine(s.getInputStream());
        }
    }

    static String firstLine(InputStream in) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int c = in.read(); c >= 0 && c != '\n'; c = in.read()) {
            sb.append((char) c);
        }
        return sb.toString().trim();
    }
}
