package org.opensrm.transport;

import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.UnaryOperator;

import jakarta.servlet.http.HttpServlet;

import org.opensrm.authz.DelegatedCredentials;
import org.opensrm.devpki.Credential;
import org.opensrm.devpki.DevPki;
import org.opensrm.devpki.ProxyStyle;

/**
 * A test CA with a host credential for 127.0.0.1, Alice's RFC 3820 proxy, and an {@link HttpgServer} on a free
 * loopback port serving an {@link EchoServlet} at {@code /srm/managerv2} with the test's own settings.
 */
final class EchoSite implements AutoCloseable {
    final DevPki pki;
    final Credential proxy;
    final HttpgServer server;

    private EchoSite(DevPki pki, Credential proxy, HttpgServer server) {
        this.pki = pki;
        this.proxy = proxy;
        this.server = server;
    }

    /** @param settings applied to a builder that already has the address, credentials and a small pool */
    static EchoSite start(Path dir, UnaryOperator<TransportConfig.Builder> settings) throws Exception {
        return start(dir, "localhost", settings);
    }

    /** @param hostName the host certificate's subject CN (also a DNS name beside localhost and 127.0.0.1) */
    static EchoSite start(Path dir, String hostName, UnaryOperator<TransportConfig.Builder> settings)
            throws Exception {
        return start(dir, hostName, new EchoServlet(), settings);
    }

    /** @param servlet what the server serves at {@code /srm/managerv2} instead of an {@link EchoServlet} */
    static EchoSite start(Path dir, String hostName, HttpServlet servlet,
            UnaryOperator<TransportConfig.Builder> settings) throws Exception {
        return start(dir, hostName, servlet, new DelegatedCredentials(), settings);
    }

    /** @param delegated where the server keeps delegated credentials (e.g. on a clock the test moves) */
    static EchoSite start(Path dir, DelegatedCredentials delegated, UnaryOperator<TransportConfig.Builder> settings)
            throws Exception {
        return start(dir, "localhost", new EchoServlet(), delegated, settings);
    }

    private static EchoSite start(Path dir, String hostName, HttpServlet servlet, DelegatedCredentials delegated,
            UnaryOperator<TransportConfig.Builder> settings) throws Exception {
        DevPki pki = DevPki.openOrCreate(dir.resolve("ca"), "CN=OpenSRM Dev CA,O=OpenSRM,DC=test");
        pki.issueHost(hostName, List.of("localhost", "127.0.0.1"), Duration.ofDays(1))
                .writeCertAndKey(dir.resolve("hostcert.pem"), dir.resolve("hostkey.pem"));
        Credential proxy = pki.proxy(pki.issueUser("Alice", Duration.ofDays(1)), Duration.ofHours(1),
                ProxyStyle.RFC3820);
        HttpgServer server = new HttpgServer(settings.apply(TransportConfig.builder().host("127.0.0.1").port(0)
                .hostCert(dir.resolve("hostcert.pem")).hostKey(dir.resolve("hostkey.pem")).caDir(pki.trustDir())
                .threadsMin(2).threadsMax(16)).build(), servlet, List.of("/srm/managerv2"), delegated);
        server.start();
        return new EchoSite(pki, proxy, server);
    }

    /** A client with Alice's proxy, connecting from {@code source} ({@code null}: the system's choice). */
    GsiTestClient client(InetAddress source) throws Exception {
        return new GsiTestClient(server.port(), proxy, pki.caCertificate(), null, source);
    }

    GsiTestClient client() throws Exception {
        return client(null);
    }

    /** Waits until {@code count} connections are open: the server notices closes asynchronously (the test's timeout bounds the wait). */
    void awaitOpenConnections(int count) throws InterruptedException {
        while (server.stats().openConnections() != count) {
            Thread.sleep(20);
        }
    }

    @Override
    public void close() {
        server.close();
    }
}
