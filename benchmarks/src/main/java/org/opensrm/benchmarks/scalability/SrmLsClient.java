package org.opensrm.benchmarks.scalability;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.opensrm.client.HttpgClient;
import org.opensrm.client.HttpgConnection;
import org.opensrm.client.HttpgResponse;
import org.opensrm.testkit.GsoapEnvelope;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * srmLs over one kept-alive httpg (or https) connection, reopened after an error, for the scalability scripts'
 * helpers ({@link LsOnce}, {@link ListingFreshness}). The request is the one {@code bin/srm-loadtest} sends
 * (gfal2's rpc/encoded shape, {@code numOfLevels=1}, {@code fullDetailedList=true}, same headers), written with
 * its head in one piece so that Nagle's algorithm adds no delay. Not thread-safe.
 */
final class SrmLsClient implements AutoCloseable {
    private static final String ENTRIES = "srmLsResponse/details/pathDetailArray/arrayOfSubPaths/pathDetailArray";

    private final HttpgClient client;
    private final String host;
    private final int port;
    private final String path;
    private HttpgConnection connection;

    /** One listed entry: its SRM path, size in bytes (-1 when absent) and type (FILE, DIRECTORY, ...). */
    record Entry(String path, long size, String type) {
        String name() {
            int slash = path.lastIndexOf('/');
            return slash < 0 ? path : path.substring(slash + 1);
        }
    }

    /** One answer: HTTP status, SRM request status (null if none), the entries, the raw body, timing. */
    record Listing(int httpStatus, String status, String explanation, List<Entry> entries, byte[] body,
                   String contentType, double millis) {
        boolean success() {
            return httpStatus == 200 && "SRM_SUCCESS".equals(status);
        }
    }

    /**
     * @param endpoint {@code httpg://host:port/path} (GSI byte '0' after the handshake) or {@code https://...}
     * @param trustDir CA directory ({@code *.0}); null trusts any server certificate
     */
    SrmLsClient(String endpoint, Path proxy, Path trustDir, int timeoutMillis) {
        URI uri = URI.create(endpoint);
        boolean gsi = switch (uri.getScheme()) {
            case "httpg" -> true;
            case "https" -> false;
            default -> throw new IllegalArgumentException("endpoint must be httpg:// or https://: " + endpoint);
        };
        this.host = uri.getHost();
        this.port = uri.getPort() < 0 ? 8443 : uri.getPort();
        this.path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/srm/managerv2" : uri.getRawPath();
        HttpgClient c = trustDir == null ? HttpgClient.trustingAnyServer(proxy)
                : new HttpgClient(proxy, trustDir);
        c = c.withTimeoutMillis(timeoutMillis);
        this.client = gsi ? c : c.noGsiByte();
    }

    /** One srmLs of {@code surl}; an I/O error closes the connection (the next call opens a new one). */
    Listing ls(String surl) throws IOException {
        byte[] request = request(surl);
        if (connection == null || connection.isClosed()) {
            connection = client.keepAlive(host, port);
        }
        long t0 = System.nanoTime();
        HttpgResponse r;
        try {
            connection.sendRaw(request);
            r = connection.readResponse(false);
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
        double ms = (System.nanoTime() - t0) / 1e6;
        String closeHeader = r.header("Connection");
        if (closeHeader != null && closeHeader.equalsIgnoreCase("close")) {
            close();
        }
        byte[] body = r.body();
        if (r.status() != 200) {
            return new Listing(r.status(), null, r.reason(), List.of(), body, r.header("Content-Type"), ms);
        }
        Document doc = r.xml();
        String status = first(doc, "srmLsResponse/returnStatus/statusCode");
        String explanation = first(doc, "srmLsResponse/returnStatus/explanation");
        List<Entry> entries = new ArrayList<>();
        for (Element e : HttpgResponse.elements(doc, ENTRIES)) {
            String size = child(e, "size");
            entries.add(new Entry(child(e, "path"), size == null || size.isBlank() ? -1 : Long.parseLong(size.trim()),
                    child(e, "type")));
        }
        return new Listing(200, status, explanation, List.copyOf(entries), body, r.header("Content-Type"), ms);
    }

    private static String first(Document doc, String path) {
        List<Element> found = HttpgResponse.elements(doc, path);
        return found.isEmpty() ? null : found.get(0).getTextContent();
    }

    private static String child(Element parent, String name) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element el && name.equals(el.getLocalName() != null ? el.getLocalName() : el.getTagName())) {
                return el.getTextContent();
            }
        }
        return null;
    }

    /** The bytes {@code bin/srm-loadtest --op ls} sends (its SrmRequests.ls and HttpgConnection.post). */
    private byte[] request(String surl) {
        byte[] body = GsoapEnvelope.of("srmLs", "<srmLsRequest><arrayOfSURLs><urlArray>" + escape(surl)
                + "</urlArray></arrayOfSURLs><storageSystemInfo xsi:nil=\"true\"/><fullDetailedList>true"
                + "</fullDetailedList><numOfLevels>1</numOfLevels></srmLsRequest>");
        byte[] head = ("POST " + path + " HTTP/1.1\r\nHost: " + host + ":" + port + "\r\n"
                + "User-Agent: opensrm-benchmarks\r\nContent-Type: text/xml; charset=utf-8\r\n"
                + "Content-Length: " + body.length + "\r\nConnection: keep-alive\r\nSOAPAction: \"Ls\"\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1);
        byte[] all = Arrays.copyOf(head, head.length + body.length);
        System.arraycopy(body, 0, all, head.length, body.length);
        return all;
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    @Override
    public void close() {
        if (connection != null) {
            try {
                connection.close();
            } catch (IOException e) {
                // being thrown away
            }
            connection = null;
        }
    }
}
