package org.opensrm.loadtest;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntPredicate;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

import org.opensrm.devpki.Credential;

/**
 * An httpg server for tests: JSSE on a loopback port 0 with a devpki host certificate, requiring a client
 * certificate chain that ends at the test CA, reading the GSI '0' byte, then answering HTTP/1.1 SOAP requests with
 * fixed SRM answers (thread per connection).
 */
final class TinySrmServer implements AutoCloseable {
    private static final String ENVELOPE = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<SOAP-ENV:Envelope"
            + " xmlns:SOAP-ENV=\"http://schemas.xmlsoap.org/soap/envelope/\""
            + " xmlns:srm2=\"http://srm.lbl.gov/StorageResourceManager\"><SOAP-ENV:Body>%s</SOAP-ENV:Body>"
            + "</SOAP-ENV:Envelope>";
    private final SSLServerSocket serverSocket;
    private final X509Certificate ca;
    private final int httpStatus;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    final AtomicInteger connections = new AtomicInteger();
    final AtomicInteger requests = new AtomicInteger();
    final AtomicInteger closeRequests = new AtomicInteger();
    final AtomicInteger badGsiBytes = new AtomicInteger();
    private final AtomicInteger getPolls = new AtomicInteger();
    final List<String> operations = new CopyOnWriteArrayList<>();
    final List<X509Certificate[]> clientChains = new CopyOnWriteArrayList<>();
    /** When each request arrived ({@link System#nanoTime()}), in order. */
    final List<Long> requestNanos = new CopyOnWriteArrayList<>();
    /**
     * Which srmPing calls (numbered from 1) get the server's busy answer (otherInfo {@code error}:
     * SRM_INTERNAL_ERROR); by default none.
     */
    volatile IntPredicate busy = n -> false;
    private final AtomicInteger pings = new AtomicInteger();

    /** @param httpStatus what every request gets (200 with the SRM answer, or e.g. 503 with an empty body) */
    TinySrmServer(Credential host, X509Certificate ca, int httpStatus) throws IOException, GeneralSecurityException {
        this.ca = ca;
        this.httpStatus = httpStatus;
        KeyStore keys = KeyStore.getInstance("PKCS12");
        keys.load(null, null);
        keys.setKeyEntry("host", host.key(), new char[0], host.chainArray());
        KeyManagerFactory kmf = KeyManagerFactory.getInstance("SunX509");
        kmf.init(keys, new char[0]);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(kmf.getKeyManagers(), new TrustManager[] {new ProxyChainTrust()}, null);
        serverSocket = (SSLServerSocket) context.getServerSocketFactory()
                .createServerSocket(0, 1000, InetAddress.getLoopbackAddress());
        serverSocket.setNeedClientAuth(true);
        Thread acceptor = new Thread(this::acceptLoop, "tiny-srm-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    int port() {
        return serverSocket.getLocalPort();
    }

    String endpoint() {
        return "httpg://localhost:" + port() + "/srm/managerv2";
    }

    private void acceptLoop() {
        while (!serverSocket.isClosed()) {
            try {
                Socket socket = serverSocket.accept();
                open.add(socket);
                Thread t = new Thread(() -> serve((SSLSocket) socket), "tiny-srm-conn");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(SSLSocket socket) {
        try (socket) {
            socket.setTcpNoDelay(true);
            socket.startHandshake();
            connections.incrementAndGet();
            InputStream in = new BufferedInputStream(socket.getInputStream());
            OutputStream out = new BufferedOutputStream(socket.getOutputStream());
            if (in.read() != '0') {
                badGsiBytes.incrementAndGet();
                return;
            }
            while (true) {
                String requestLine = line(in);
                if (requestLine == null) {
                    return;
                }
                int length = 0;
                boolean close = false;
                for (String h = line(in); h != null && !h.isEmpty(); h = line(in)) {
                    String lower = h.toLowerCase(Locale.ROOT);
                    if (lower.startsWith("content-length:")) {
                        length = Integer.parseInt(lower.substring(15).trim());
                    } else if (lower.startsWith("connection:") && lower.contains("close")) {
                        close = true;
                    }
                }
                String body = new String(in.readNBytes(length), StandardCharsets.UTF_8);
                requestNanos.add(System.nanoTime());
                requests.incrementAndGet();
                if (close) {
                    closeRequests.incrementAndGet();
                }
                answer(out, body);
                if (close) {
                    return;
                }
            }
        } catch (IOException e) {
            // client went away
        } finally {
            open.remove(socket);
        }
    }

    private void answer(OutputStream out, String request) throws IOException {
        if (httpStatus != 200) {
            out.write(("HTTP/1.1 " + httpStatus + " Busy\r\nContent-Length: 0\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            return;
        }
        String operation = request.replaceAll("(?s).*<srm2:(srm\\w+)>.*", "$1");
        operations.add(operation);
        byte[] body = String.format(ENVELOPE, soapAnswer(operation)).getBytes(StandardCharsets.UTF_8);
        if (operation.equals("srmLs")) {
            // chunked, in two chunks, as Jetty streams large answers
            int half = body.length / 2;
            out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/xml; charset=utf-8\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + Integer.toHexString(half) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.write(body, 0, half);
            out.write(("\r\n" + Integer.toHexString(body.length - half) + "\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.write(body, half, body.length - half);
            out.write("\r\n0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
        } else {
            out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/xml; charset=utf-8\r\nContent-Length: " + body.length
                    + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
        }
        out.flush();
    }

    private String soapAnswer(String operation) {
        return switch (operation) {
            case "srmLs" -> "<srm2:srmLsResponse><srmLsResponse><returnStatus><statusCode>SRM_SUCCESS</statusCode>"
                    + "</returnStatus><details><pathDetail><path>/data/d10</path><status><statusCode>SRM_SUCCESS"
                    + "</statusCode></status><type>DIRECTORY</type></pathDetail></details></srmLsResponse>"
                    + "</srm2:srmLsResponse>";
            case "srmPing" -> "<srm2:srmPingResponse><srmPingResponse><versionInfo>v2.2</versionInfo>"
                    + (busy.test(pings.incrementAndGet()) ? "<otherInfo><extraInfoArray><key>error</key><value>"
                    + "SRM_INTERNAL_ERROR: the server is busy: retry later</value></extraInfoArray></otherInfo>" : "")
                    + "</srmPingResponse></srm2:srmPingResponse>";
            case "srmPrepareToPut" -> "<srm2:srmPrepareToPutResponse><srmPrepareToPutResponse><returnStatus>"
                    + "<statusCode>SRM_REQUEST_QUEUED</statusCode></returnStatus><requestToken>tok-1</requestToken>"
                    + "</srmPrepareToPutResponse></srm2:srmPrepareToPutResponse>";
            case "srmStatusOfPutRequest" -> "<srm2:srmStatusOfPutRequestResponse><srmStatusOfPutRequestResponse>"
                    + "<returnStatus><statusCode>SRM_SUCCESS</statusCode></returnStatus><arrayOfFileStatuses>"
                    + "<statusArray><status><statusCode>SRM_SPACE_AVAILABLE</statusCode></status>"
                    + "<transferURL>gsiftp://localhost/x</transferURL></statusArray></arrayOfFileStatuses>"
                    + "</srmStatusOfPutRequestResponse></srm2:srmStatusOfPutRequestResponse>";
            case "srmPutDone" -> "<srm2:srmPutDoneResponse><srmPutDoneResponse><returnStatus><statusCode>SRM_FAILURE"
                    + "</statusCode></returnStatus><arrayOfFileStatuses><statusArray><status><statusCode>"
                    + "SRM_INVALID_PATH</statusCode></status></statusArray></arrayOfFileStatuses>"
                    + "</srmPutDoneResponse></srm2:srmPutDoneResponse>";
            case "srmPrepareToGet" -> "<srm2:srmPrepareToGetResponse><srmPrepareToGetResponse><returnStatus>"
                    + "<statusCode>SRM_REQUEST_QUEUED</statusCode></returnStatus><requestToken>tok-2</requestToken>"
                    + "</srmPrepareToGetResponse></srm2:srmPrepareToGetResponse>";
            case "srmStatusOfGetRequest" -> statusOfGet();
            case "srmReleaseFiles" -> "<srm2:srmReleaseFilesResponse><srmReleaseFilesResponse><returnStatus>"
                    + "<statusCode>SRM_SUCCESS</statusCode></returnStatus><arrayOfFileStatuses><statusArray><status>"
                    + "<statusCode>SRM_SUCCESS</statusCode></status></statusArray></arrayOfFileStatuses>"
                    + "</srmReleaseFilesResponse></srm2:srmReleaseFilesResponse>";
            default -> "<SOAP-ENV:Fault><faultcode>SOAP-ENV:Client</faultcode><faultstring>unknown</faultstring>"
                    + "</SOAP-ENV:Fault>";
        };
    }

    /** Every other status poll of a get is still in progress; the others have the file pinned. */
    private String statusOfGet() {
        boolean pinned = getPolls.incrementAndGet() % 2 == 0;
        return "<srm2:srmStatusOfGetRequestResponse><srmStatusOfGetRequestResponse><returnStatus><statusCode>"
                + (pinned ? "SRM_SUCCESS" : "SRM_REQUEST_INPROGRESS") + "</statusCode></returnStatus>"
                + "<arrayOfFileStatuses><statusArray><status><statusCode>"
                + (pinned ? "SRM_FILE_PINNED" : "SRM_REQUEST_QUEUED") + "</statusCode></status>"
                + "</statusArray></arrayOfFileStatuses></srmStatusOfGetRequestResponse>"
                + "</srm2:srmStatusOfGetRequestResponse>";
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                return null;
            }
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws IOException {
        serverSocket.close();
        for (Socket socket : open) {
            try {
                socket.close();
            } catch (SocketException e) {
                // already closing
            }
        }
    }

    /** Accepts a proxy chain (proxy, user) whose last certificate the test CA signed; records it. */
    private final class ProxyChainTrust implements X509TrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            try {
                for (int i = 0; i + 1 < chain.length; i++) {
                    chain[i].verify(chain[i + 1].getPublicKey());
                }
                chain[chain.length - 1].verify(ca.getPublicKey());
            } catch (GeneralSecurityException e) {
                throw new CertificateException("client chain not from the test CA", e);
            }
            clientChains.add(chain);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            throw new CertificateException("server side only");
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[] {ca};
        }
    }
}
