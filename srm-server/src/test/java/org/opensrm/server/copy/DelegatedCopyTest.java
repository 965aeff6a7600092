package org.opensrm.server.copy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opensrm.authz.DelegatedCredential;
import org.opensrm.authz.DelegatedCredentials;
import org.opensrm.client.GlobusUrlCopyTransfer;
import org.opensrm.client.HttpgClient;
import org.opensrm.client.HttpgConnection;
import org.opensrm.client.HttpgResponse;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.copy.CopyOutcome;
import org.opensrm.core.copy.CopyPeers;
import org.opensrm.core.copy.CopySpec;
import org.opensrm.core.copy.GridFtpCopyConfig;
import org.opensrm.core.copy.ThirdPartyTransfer;
import org.opensrm.testkit.TwoGridFtpDoors;
import org.opensrm.transport.HttpgServer;
import org.opensrm.transport.Peers;
import org.opensrm.transport.TransportConfig;

/**
 * Issue 12's two halves joined, before srmCopy is wired: a client delegates its proxy on httpg (the 'D' byte,
 * {@code HttpgClient.delegating}), asks on the same connection for a copy and leaves; the server copies a
 * 20 MB file between two real GridFTP doors with the credential it received (a lease on the client's DN keeps it
 * after the connection closed), and forgets the credential once the copy is over. A client that sent '0' on the
 * same port is told that delegation is needed. The servlet stands in for the srmCopy engine.
 */
@Timeout(300)
@Tag("integration")
class DelegatedCopyTest {
    static final String ACCOUNT = "srmuser1";
    static final int TWENTY_MB = 20 * 1024 * 1024;

    static TwoGridFtpDoors doors;
    static ExecutorService executor;
    static DelegatedCredentials credentials;
    static CopyServlet servlet;
    static HttpgServer server;

    @BeforeAll
    static void start() throws Exception {
        doors = TwoGridFtpDoors.start("delegated-copy", "Alice", ACCOUNT);
        executor = Executors.newCachedThreadPool();
        GridFtpCopyConfig config = GridFtpCopyConfig.builder(doors.grid().trustDir(), doors.base().resolve("work"))
                .peers(CopyPeers.of(List.of("localhost:" + doors.a().port(), "localhost:" + doors.b().port())))
                .build();
        credentials = new DelegatedCredentials();
        servlet = new CopyServlet(new GlobusUrlCopyTransfer(config, executor), credentials);
        Path hostCert = doors.base().resolve("hostcert.pem");
        Path hostKey = doors.base().resolve("hostkey.pem");
        doors.grid().hostCredential().writeCertAndKey(hostCert, hostKey);
        server = new HttpgServer(TransportConfig.builder().host("127.0.0.1").port(0).hostCert(hostCert)
                .hostKey(hostKey).caDir(doors.grid().trustDir()).build(), servlet, List.of("/srm/managerv2"),
                credentials);
        server.start();
    }

    @AfterAll
    static void stop() throws IOException {
        if (server != null) {
            server.close();
        }
        if (executor != null) {
            executor.shutdownNow();
        }
        if (doors != null) {
            doors.close();
        }
    }

    @Test
    void aDelegatingClientsCopyRunsWithItsCredentialAfterItLeft() throws Exception {
        byte[] data = new byte[TWENTY_MB];
        new SecureRandom().nextBytes(data);
        Path source = doors.storageA().resolve("twenty");
        Files.write(source, data);
        Files.setPosixFilePermissions(source, PosixFilePermissions.fromString("rw-r--r--"));
        Path destination = doors.storageB().resolve("twenty");

        HttpgClient delegating = new HttpgClient(doors.user().proxyFile(), doors.grid().trustDir())
                .delegating(Duration.ofHours(1));
        try (HttpgConnection c = delegating.keepAlive("127.0.0.1", server.port())) {
            HttpgResponse r = c.post("/srm/managerv2", Map.of(), body(source, destination));
            assertEquals(202, r.status(), r.bodyText());
        } // the client is gone before the copy is over: the lease keeps its credential
        CopyOutcome outcome = servlet.last.get(3, TimeUnit.MINUTES);
        assertEquals(SrmStatus.SRM_SUCCESS, outcome.status(), outcome.explanation());
        java.util.zip.Adler32 adler32 = new java.util.zip.Adler32();
        adler32.update(data);
        assertEquals(java.util.Optional.of(String.format("%08x", adler32.getValue())), outcome.adler32());
        assertArrayEquals(data, Files.readAllBytes(destination));
        assertEquals(ACCOUNT, Files.getOwner(destination).getName());
        while (credentials.size() != 0) { // connection closed and lease released: forgotten (the timeout bounds it)
            Thread.sleep(20);
        }
    }

    @Test
    void aClientThatDidNotDelegateIsToldDelegationIsNeeded() throws Exception {
        HttpgClient plain = new HttpgClient(doors.user().proxyFile(), doors.grid().trustDir());
        HttpgResponse r = plain.post("127.0.0.1", server.port(), "/srm/managerv2", Map.of(),
                body(doors.storageA().resolve("x"), doors.storageB().resolve("x")));
        assertEquals(403, r.status(), r.bodyText());
        assertTrue(r.bodyText().startsWith("SRM_AUTHORIZATION_FAILURE") && r.bodyText().contains("delegat"),
                r.bodyText());
    }

    private static byte[] body(Path source, Path destination) {
        return (doors.a().url(source.toString()) + "\n" + doors.b().url(destination.toString()))
                .getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Body: source and destination URL, one a line. Takes a lease on the caller's DN for the copy (released when it
     * ends) and answers 202 at once; refusals as 403 with the status and explanation.
     */
    static final class CopyServlet extends HttpServlet {
        private static final long serialVersionUID = 1L;
        private final transient ThirdPartyTransfer transfer;
        private final transient DelegatedCredentials credentials;
        transient volatile CompletableFuture<CopyOutcome> last;

        CopyServlet(ThirdPartyTransfer transfer, DelegatedCredentials credentials) {
            this.transfer = transfer;
            this.credentials = credentials;
        }

        @Override
        protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
            String[] urls = new String(request.getInputStream().readAllBytes(), StandardCharsets.UTF_8).split("\n");
            CopySpec spec = new CopySpec(URI.create(urls[0]), URI.create(urls[1]), "test-copy");
            var lease = Peers.delegatedCredential(request).map(DelegatedCredential::dn)
                    .flatMap(credentials::lease);
            try {
                var running = transfer.start(spec, () -> lease.flatMap(l -> l.credential()));
                last = running.outcome().whenComplete((o, e) -> lease.ifPresent(l -> l.close()));
                response.setStatus(202);
            } catch (SrmException e) {
                lease.ifPresent(l -> l.close());
                response.setStatus(403);
                response.getOutputStream().write((e.status() + " " + e.getMessage()).getBytes(StandardCharsets.UTF_8));
            }
        }
    }
}
