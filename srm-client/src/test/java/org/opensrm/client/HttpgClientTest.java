package org.opensrm.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.devpki.Credential;
import org.opensrm.devpki.DevPki;
import org.opensrm.devpki.ProxyStyle;

/**
 * Drives {@link HttpgClient} against a tiny JSSE server that records, per connection, the GSI byte, the client
 * chain and every request head and body, and answers alternately with Content-Length and chunked bodies.
 */
class HttpgClientTest {
    @TempDir
    static Path dir;

    static DevPki pki;
    static Path proxyFile;
    static Credential user;
    static RecordingServer server;

    @BeforeAll
    static void start() throws Exception {
        pki = DevPki.openOrCreate(dir.resolve("pki"), "CN=Client Test CA,O=OpenSRM,DC=test");
        user = pki.issueUser("Client Tester", Duration.ofDays(1));
        proxyFile = dir.resolve("x509up");
        pki.proxy(user, Duration.ofHours(1), ProxyStyle.RFC3820).writeProxyFile(proxyFile);
        server = new RecordingServer(pki.issueHost("localhost", List.of("127.0.0.1"), Duration.ofDays(1)),
                pki.caCertificate());
    }

    @AfterAll
    static void stop() throws IOException {
        server.close();
    }

    private static Map<String, String> soapHeaders(String action) {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Content-Type", "text/xml; charset=utf-8");
        h.put("SOAPAction", action);
        return h;
    }

    @Test
    void sendsZeroByteOnceThenSeveralRequestsOnOneConnection() throws Exception {
        HttpgClient client = new HttpgClient(proxyFile, pki.trustDir());
        int before = server.connections.size();
        try (HttpgConnection c = client.keepAlive("127.0.0.1", server.port())) {
            HttpgResponse first = c.post("/srm/managerv2", soapHeaders("\"Ls\""),
                    "<a>one</a>".getBytes(StandardCharsets.UTF_8));
            HttpgResponse second = c.post("/srm/managerv2", soapHeaders("\"Rm\""),
                    "<a>two</a>".getBytes(StandardCharsets.UTF_8));
            assertEquals(200, first.status());
            assertEquals("one", first.text("echo/body"));
            assertEquals("two", second.text("echo/body"));
            // the server alternates Content-Length and chunked (after a 100 Continue) answers
            assertEquals(List.of("chunked"), java.util.stream.Stream.of(first, second)
                    .map(r -> r.header("transfer-encoding")).filter(java.util.Objects::nonNull).toList());
        }
        assertEquals(before + 1, server.connections.size());
        Recorded rec = server.connections.get(before);
        assertEquals('0', rec.firstByte);
        assertEquals(2, rec.requestLines.size());
        assertEquals("POST /srm/managerv2 HTTP/1.1", rec.requestLines.get(0));
        assertTrue(rec.heads.get(0).contains("Content-Length: 10\r\n"), rec.heads.get(0));
        assertTrue(rec.heads.get(0).contains("SOAPAction: \"Ls\"\r\n"), rec.heads.get(0));
        assertTrue(rec.heads.get(1).contains("Connection: keep-alive\r\n"), rec.heads.get(1));
        assertEquals(user.certificate().getSubjectX500Principal(), rec.clientChain[1].getSubjectX500Principal());
        assertEquals(2, rec.clientChain.length);
    }

    @Test
    void aCredentialInMemoryOnConnectionsSharingOneTlsContext() throws Exception {
        HttpgClient client = HttpgClient.trusting(pki.trustDir()).verifyingHostName(true)
                .withCredential(user.key(), user.chain()).resumingSessions();
        int before = server.connections.size();
        for (String text : List.of("one", "two")) {
            HttpgResponse r = client.post("localhost", server.port(), "/srm/managerv2", soapHeaders("\"\""),
                    ("<a>" + text + "</a>").getBytes(StandardCharsets.UTF_8));
            assertEquals(text, r.text("echo/body"));
        }
        assertEquals(before + 2, server.connections.size());
        for (Recorded rec : server.connections.subList(before, before + 2)) {
            assertEquals('0', rec.firstByte);
            assertEquals(user.certificate(), rec.clientChain[0]);
        }
    }

    @Test
    void anAnswerBeyondTheBoundIsRefused() throws Exception {
        HttpgClient client = new HttpgClient(proxyFile, pki.trustDir()).withMaxAnswerBytes(20);
        IOException e = assertThrows(IOException.class, () -> client.post("127.0.0.1", server.port(), "/", Map.of(),
                "<a>a body longer than twenty bytes</a>".getBytes(StandardCharsets.UTF_8)));
        assertTrue(e.getMessage().contains("larger than 20 bytes"), e.getMessage());
    }

    @Test
    void absoluteFormRequestLineAsArcSendsIt() throws Exception {
        HttpgClient client = new HttpgClient(proxyFile, pki.trustDir()).absoluteForm(true);
        int before = server.connections.size();
        client.post("127.0.0.1", server.port(), "/srm/managerv2", soapHeaders("\"\""), new byte[] {'x'});
        assertEquals("POST httpg://127.0.0.1:" + server.port() + "/srm/managerv2 HTTP/1.1",
                server.connections.get(before).requestLines.get(0));
    }

    @Test
    void otherGsiByteOrNoneForPlainHttps() throws Exception {
        HttpgClient client = new HttpgClient(proxyFile, pki.trustDir());
        int before = server.connections.size();
        client.rawGsiByte((byte) 'D').post("127.0.0.1", server.port(), "/p", Map.of(), new byte[] {'x'});
        client.noGsiByte().get("127.0.0.1", server.port(), "/p?wsdl", Map.of());
        assertEquals('D', server.connections.get(before).firstByte);
        assertEquals('G', server.connections.get(before + 1).firstByte);
        assertEquals("GET /p?wsdl HTTP/1.1", server.connections.get(before + 1).requestLines.get(0));
    }

    @Test
    void bodyBytesArriveUnchanged() throws Exception {
        byte[] body = new byte[200_000];
        for (int i = 0; i < body.length; i++) {
            body[i] = (byte) ('a' + i % 26);
        }
        HttpgResponse r = new HttpgClient(proxyFile, pki.trustDir())
                .post("127.0.0.1", server.port(), "/big", Map.of(), body);
        Recorded rec = server.connections.get(server.connections.size() - 1);
        assertArrayEquals(body, rec.bodies.get(0));
        assertEquals(String.valueOf(body.length), r.text("echo/length"));
    }

    @Test
    void untrustedServerIsRefusedUnlessTrustAll(@TempDir Path other) throws Exception {
        DevPki stranger = DevPki.openOrCreate(other, "CN=Stranger CA,O=Elsewhere");
        HttpgClient client = new HttpgClient(proxyFile, stranger.trustDir());
        assertThrows(IOException.class, () -> client.post("127.0.0.1", server.port(), "/", Map.of(), new byte[0]));
        assertEquals(200, client.withTrustAll(true)
                .post("127.0.0.1", server.port(), "/", Map.of(), new byte[0]).status());
    }

    @Test
    void namespaceAgnosticPathsOverASoapAnswer() {
        String xml = "<e:Envelope xmlns:e='urn:env' xmlns:s='urn:srm'><e:Body><s:srmLsResponse><srmLsResponse>"
                + "<returnStatus><statusCode>SRM_SUCCESS</statusCode></returnStatus>"
                + "<details><pathDetailArray><path>/a</path></pathDetailArray>"
                + "<pathDetailArray><path>/b</path></pathDetailArray></details>"
                + "</srmLsResponse></s:srmLsResponse></e:Body></e:Envelope>";
        HttpgResponse r = new HttpgResponse(200, "OK", List.of(), xml.getBytes(StandardCharsets.UTF_8), false);
        assertEquals("SRM_SUCCESS", r.text("srmLsResponse/srmLsResponse/returnStatus/statusCode"));
        assertEquals(List.of("/a", "/b"), r.texts("pathDetailArray/path"));
        assertEquals(null, r.text("srmLsResponse/nothing"));
    }

    /** What the server saw on one connection. */
    static final class Recorded {
        volatile int firstByte = -1;
        volatile X509Certificate[] clientChain;
        final List<String> requestLines = new CopyOnWriteArrayList<>();
        final List<String> heads = new CopyOnWriteArrayList<>();
        final List<byte[]> bodies = new CopyOnWriteArrayList<>();
    }

    /** A minimal TLS server: reads the GSI byte (keeping it if it is the start of a plain request), then HTTP. */
    static final class RecordingServer implements AutoCloseable {
        final List<Recorded> connections = new CopyOnWriteArrayList<>();
        private final SSLServerSocket socket;
        private final AtomicInteger answers = new AtomicInteger();

        RecordingServer(Credential host, X509Certificate ca) throws Exception {
            KeyStore keys = KeyStore.getInstance("PKCS12");
            keys.load(null, null);
            keys.setKeyEntry("host", host.key(), new char[0], host.chainArray());
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(keys, new char[0]);
            KeyStore trust = KeyStore.getInstance("PKCS12");
            trust.load(null, null);
            trust.setCertificateEntry("ca", ca);
            TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
            tmf.init(trust);
            SSLContext ctx = SSLContext.getInstance("TLS");
            // The proxy is not a CA-issued leaf: accept any client chain, record it.
            ctx.init(kmf.getKeyManagers(), new javax.net.ssl.TrustManager[] {new javax.net.ssl.X509TrustManager() {
                public void checkClientTrusted(X509Certificate[] chain, String authType) {
                }

                public void checkServerTrusted(X509Certificate[] chain, String authType) {
                }

                public X509Certificate[] getAcceptedIssuers() {
                    return new X509Certificate[0];
                }
            }}, null);
            socket = (SSLServerSocket) ctx.getServerSocketFactory().createServerSocket(0, 50,
                    InetAddress.getLoopbackAddress());
            socket.setNeedClientAuth(false);
            socket.setWantClientAuth(true);
            Thread t = new Thread(this::acceptLoop, "recording-tls-server");
            t.setDaemon(true);
            t.start();
        }

        int port() {
            return socket.getLocalPort();
        }

        private void acceptLoop() {
            while (!socket.isClosed()) {
                try {
                    SSLSocket s = (SSLSocket) socket.accept();
                    Recorded rec = new Recorded();
                    connections.add(rec);
                    Thread t = new Thread(() -> serve(s, rec), "recording-conn");
                    t.setDaemon(true);
                    t.start();
                } catch (IOException e) {
                    return;
                }
            }
        }

        private void serve(SSLSocket s, Recorded rec) {
            try (s) {
                s.startHandshake();
                try {
                    rec.clientChain = (X509Certificate[]) s.getSession().getPeerCertificates();
                } catch (javax.net.ssl.SSLPeerUnverifiedException e) {
                    rec.clientChain = new X509Certificate[0];
                }
                InputStream in = new java.io.BufferedInputStream(s.getInputStream());
                OutputStream out = s.getOutputStream();
                in.mark(1);
                rec.firstByte = in.read();
                if (rec.firstByte != '0' && rec.firstByte != 'D') {
                    in.reset();
                }
                while (true) {
                    String head = readHead(in);
                    if (head == null) {
                        return;
                    }
                    rec.requestLines.add(head.substring(0, head.indexOf("\r\n")));
                    rec.heads.add(head);
                    int length = 0;
                    for (String line : head.split("\r\n")) {
                        if (line.toLowerCase().startsWith("content-length:")) {
                            length = Integer.parseInt(line.substring(15).trim());
                        }
                    }
                    byte[] body = in.readNBytes(length);
                    rec.bodies.add(body);
                    answer(out, body);
                }
            } catch (IOException e) {
                // connection ended
            }
        }

        private void answer(OutputStream out, byte[] body) throws IOException {
            String text = "<echo><body>" + new String(body, StandardCharsets.UTF_8).replaceAll("<[^>]*>", "")
                    .replace("&", "") + "</body><length>" + body.length + "</length></echo>";
            if (body.length > 1000) {
                text = "<echo><length>" + body.length + "</length></echo>";
            }
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            if (answers.incrementAndGet() % 2 == 1) {
                out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/xml\r\nContent-Length: " + bytes.length
                        + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
                out.write(bytes);
            } else {
                out.write("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Type: text/xml\r\nTransfer-Encoding: chunked\r\n\r\n"
                        .getBytes(StandardCharsets.ISO_8859_1));
                int half = bytes.length / 2;
                writeChunk(out, bytes, 0, half);
                writeChunk(out, bytes, half, bytes.length - half);
                out.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            }
            out.flush();
        }

        private static void writeChunk(OutputStream out, byte[] b, int off, int len) throws IOException {
            out.write((Integer.toHexString(len) + ";ext=1\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.write(b, off, len);
            out.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
        }

        private static String readHead(InputStream in) throws IOException {
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            int matched = 0;
            int b;
            while ((b = in.read()) != -1) {
                head.write(b);
                matched = (b == '\r' && (matched == 0 || matched == 2)) || (b == '\n' && (matched == 1 || matched == 3))
                        ? matched + 1 : 0;
                if (matched == 4) {
                    return head.toString(StandardCharsets.ISO_8859_1);
                }
            }
            return null;
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
