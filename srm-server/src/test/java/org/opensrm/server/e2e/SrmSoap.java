package org.opensrm.server.e2e;

import java.io.IOException;
import java.util.Map;
import org.opensrm.client.HttpgClient;
import org.opensrm.client.HttpgResponse;
import org.opensrm.testkit.GridUser;
import org.opensrm.testkit.GsoapEnvelope;

/**
 * SRM calls sent by the test itself over httpg, in the shape gfal2 sends them (rpc/encoded style: wrapper in the
 * SRM namespace, unqualified parts), for assertions on what the server answers where the real clients hide it.
 */
final class SrmSoap {
    private static final String PATH = "/srm/managerv2";

    private final HttpgClient client;
    private final int port;
    private final Map<String, String> headers;

    SrmSoap(E2eSite site, GridUser user) {
        this(site, user, site.port());
    }

    /** Calls by {@code user} to another server of the site (a second frontend, a server process) on {@code port}. */
    SrmSoap(E2eSite site, GridUser user, int port) {
        this(port, new HttpgClient(user.proxyFile(), site.grid().trustDir()).withTimeoutMillis(30_000), Map.of());
    }

    /** Calls made by {@code client} with {@code extraHeaders} (e.g. {@code Authorization}) on every request. */
    SrmSoap(E2eSite site, HttpgClient client, Map<String, String> extraHeaders) {
        this(site.port(), client, extraHeaders);
    }

    /** Calls made by {@code client} with {@code extraHeaders} to the server of the site on {@code port}. */
    SrmSoap(int port, HttpgClient client, Map<String, String> extraHeaders) {
        this.client = client;
        this.port = port;
        this.headers = new java.util.HashMap<>(Map.of("Content-Type", "text/xml; charset=utf-8",
                "SOAPAction", "\"\"", "Host", "localhost:" + port));
        this.headers.putAll(extraHeaders);
    }

    /** srmLs of one SURL; {@code offset}/{@code count} are left out when negative. */
    HttpgResponse ls(String surl, boolean fullDetail, int levels, int offset, int count)
            throws IOException {
        return call("srmLs", "<srmLsRequest><arrayOfSURLs><urlArray>" + xml(surl) + "</urlArray></arrayOfSURLs>"
                + "<fullDetailedList>" + fullDetail + "</fullDetailedList><numOfLevels>" + levels + "</numOfLevels>"
                + (offset >= 0 ? "<offset>" + offset + "</offset>" : "")
                + (count >= 0 ? "<count>" + count + "</count>" : "")
                + "</srmLsRequest>");
    }

    HttpgResponse abortRequest(String token) throws IOException {
        return call("srmAbortRequest", "<srmAbortRequestRequest><requestToken>" + xml(token)
                + "</requestToken></srmAbortRequestRequest>");
    }

    HttpgResponse rmdir(String surl) throws IOException {
        return call("srmRmdir", "<srmRmdirRequest><SURL>" + xml(surl) + "</SURL></srmRmdirRequest>");
    }

    HttpgResponse mkdir(String surl) throws IOException {
        return call("srmMkdir", "<srmMkdirRequest><SURL>" + xml(surl) + "</SURL></srmMkdirRequest>");
    }

    HttpgResponse mv(String from, String to) throws IOException {
        return call("srmMv", "<srmMvRequest><fromSURL>" + xml(from) + "</fromSURL><toSURL>" + xml(to)
                + "</toSURL></srmMvRequest>");
    }

    HttpgResponse putDone(String token, String surl) throws IOException {
        return call("srmPutDone", "<srmPutDoneRequest><requestToken>" + xml(token) + "</requestToken>"
                + "<arrayOfSURLs><urlArray>" + xml(surl) + "</urlArray></arrayOfSURLs></srmPutDoneRequest>");
    }

    HttpgResponse statusOfPutRequest(String token) throws IOException {
        return call("srmStatusOfPutRequest", "<srmStatusOfPutRequestRequest><requestToken>" + xml(token)
                + "</requestToken></srmStatusOfPutRequestRequest>");
    }

    /** srmGetRequestTokens, with a userRequestDescription when {@code description} is not null. */
    HttpgResponse requestTokens(String description) throws IOException {
        return call("srmGetRequestTokens", "<srmGetRequestTokensRequest>"
                + (description == null ? "" : "<userRequestDescription>" + xml(description) + "</userRequestDescription>")
                + "</srmGetRequestTokensRequest>");
    }

    /** Any SRM call: {@code request} is the part inside the operation's wrapper element. */
    HttpgResponse call(String operation, String request) throws IOException {
        HttpgResponse r = raw(operation, request);
        if (r.status() != 200) {
            throw new IOException(operation + " answered " + r);
        }
        return r;
    }

    /** Any SRM call, whatever the HTTP status of its answer. */
    HttpgResponse raw(String operation, String request) throws IOException {
        return client.post("localhost", port, PATH, headers, GsoapEnvelope.of(operation, request));
    }

    static String xml(String s) {
        return GsoapEnvelope.text(s);
    }
}
