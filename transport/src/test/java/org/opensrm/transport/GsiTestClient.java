package org.opensrm.transport;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import javax.net.ssl.SSLSocket;

import org.opensrm.client.HttpgClient;
import org.opensrm.client.HttpgConnection;
import org.opensrm.client.HttpgResponse;
import org.opensrm.devpki.Credential;

/**
 * The client module's httpg connection driven step by step for the transport's tests: connected, not yet
 * handshaken, nothing sent; the test decides when the handshake happens and what each byte is.
 */
final class GsiTestClient implements AutoCloseable {
    /** @param headers the first value of each header, by lower-case name */
    record Response(int status, Map<String, String> headers, String body) {
    }

    private static final Map<String, String> SOAP = Map.of("Host", "127.0.0.1", "Content-Type", "text/xml",
            "SOAPAction", "\"\"");

    private final HttpgConnection connection;

    GsiTestClient(int port, Credential credential, X509Certificate trustedCa, String protocol) throws Exception {
        this(port, credential, trustedCa, protocol, null);
    }

    /** @param source local address to connect from (e.g. 127.0.0.2); {@code null}: the system's choice */
    GsiTestClient(int port, Credential credential, X509Certificate trustedCa, String protocol, InetAddress source)
            throws Exception {
        HttpgClient client = HttpgClient.trusting(trustedCa).withCredential(credential.key(), credential.chain())
                .withTimeoutMillis(10_000).from(source);
        connection = (protocol == null ? client : client.withProtocols(protocol)).open("127.0.0.1", port);
    }

    SSLSocket socket() {
        return connection.socket();
    }

    void handshake() throws IOException {
        connection.handshake();
    }

    void write(String s) throws IOException {
        connection.sendRaw(s);
    }

    void write(byte[] bytes) throws IOException {
        connection.sendRaw(bytes);
    }

    /** GSI delegation, the client's first half: sends {@code 'D'}, returns the server's certificate request. */
    org.bouncycastle.pkcs.PKCS10CertificationRequest requestDelegation() throws IOException {
        return connection.requestDelegation();
    }

    int read() throws IOException {
        return connection.read();
    }

    /** Writes a POST with the given request target and body, returns the parsed answer. */
    Response post(String target, String body) throws IOException {
        return of(connection.post(target, SOAP, body.getBytes(StandardCharsets.UTF_8)));
    }

    Response readResponse() throws IOException {
        return of(connection.readResponse(false));
    }

    private static Response of(HttpgResponse r) {
        Map<String, String> headers = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> h : r.headers().entrySet()) {
            headers.put(h.getKey().toLowerCase(Locale.ROOT), h.getValue().get(0));
        }
        return new Response(r.status(), headers, r.bodyText());
    }

    @Override
    public void close() throws IOException {
        connection.close();
    }
}
