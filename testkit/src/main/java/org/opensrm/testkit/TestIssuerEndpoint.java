package org.opensrm.testkit;

import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.KeyStore;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.opensrm.devpki.Credential;

/**
 * A token issuer's HTTPS endpoint for tests, on a free loopback port: its OpenID discovery document at
 * {@code /.well-known/openid-configuration} under the issuer URL ({@code issuer}, {@code jwks_uri}) and the JWK set
 * that names, serving whatever public keys the test gives it now (to rotate keys mid-test), counting the requests.
 * Its certificate is the given one (issued by a test CA for {@code localhost}); {@link #close()} stops it, after
 * which connections are refused.
 */
public final class TestIssuerEndpoint implements AutoCloseable {
    private static final String BASE = "/issuer";

    private final HttpsServer server;
    private final ExecutorService threads = Executors.newFixedThreadPool(2);
    private final AtomicInteger discoveryRequests = new AtomicInteger();
    private final AtomicInteger jwksRequests = new AtomicInteger();
    private volatile JWKSet keys = new JWKSet();

    /** @param host a certificate for {@code localhost} (with its key) */
    public TestIssuerEndpoint(Credential host) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        ks.setKeyEntry("issuer", host.key(), new char[0], host.chainArray());
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, new char[0]);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(kmf.getKeyManagers(), null, null);
        server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        server.setHttpsConfigurator(new HttpsConfigurator(tls));
        server.createContext(BASE + "/.well-known/openid-configuration", this::discovery);
        server.createContext(BASE + "/jwks", this::jwks);
        server.setExecutor(threads);
        server.start();
    }

    /** The issuer URL, the {@code iss} of its tokens: {@code https://localhost:PORT/issuer}. */
    public String iss() {
        return "https://localhost:" + server.getAddress().getPort() + BASE;
    }

    /** Serves these public keys from now on. */
    public void serve(List<JWK> publicKeys) {
        this.keys = new JWKSet(publicKeys.stream().map(JWK::toPublicJWK).toList());
    }

    public int discoveryRequests() {
        return discoveryRequests.get();
    }

    public int jwksRequests() {
        return jwksRequests.get();
    }

    private void discovery(HttpExchange exchange) throws IOException {
        discoveryRequests.incrementAndGet();
        reply(exchange, "{\"issuer\":\"" + iss() + "\",\"jwks_uri\":\"" + iss() + "/jwks\","
                + "\"token_endpoint\":\"" + iss() + "/token\",\"scopes_supported\":[\"storage.read:/\"]}");
    }

    private void jwks(HttpExchange exchange) throws IOException {
        jwksRequests.incrementAndGet();
        reply(exchange, keys.toString());
    }

    private static void reply(HttpExchange exchange, String json) throws IOException {
        try (exchange) {
            byte[] body = json.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
