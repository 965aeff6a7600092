package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.opensrm.client.HttpgResponse;

/**
 * The bulk requests the specification conformance tests send, in gfal2's shape (see the captures), and what they
 * read back from the answers.
 */
final class SpecRequests {
    private final SrmSoap soap;

    SpecRequests(SrmSoap soap) {
        this.soap = soap;
    }

    static String urls(List<String> surls) {
        StringBuilder b = new StringBuilder("<arrayOfSURLs>");
        surls.forEach(s -> b.append("<urlArray>").append(SrmSoap.xml(s)).append("</urlArray>"));
        return b.append("</arrayOfSURLs>").toString();
    }

    private static String protocols(List<String> protocols) {
        StringBuilder b = new StringBuilder("<transferParameters><arrayOfTransferProtocols>");
        protocols.forEach(p -> b.append("<stringArray>").append(p).append("</stringArray>"));
        return b.append("</arrayOfTransferProtocols></transferParameters>").toString();
    }

    private static String fileRequests(List<String> surls, String element, String more) {
        StringBuilder b = new StringBuilder("<arrayOfFileRequests>");
        surls.forEach(s -> b.append("<requestArray><").append(element).append('>').append(SrmSoap.xml(s))
                .append("</").append(element).append('>').append(more).append("</requestArray>"));
        return b.append("</arrayOfFileRequests>").toString();
    }

    HttpgResponse rm(List<String> surls) throws IOException {
        return soap.call("srmRm", "<srmRmRequest>" + urls(surls) + "</srmRmRequest>");
    }

    HttpgResponse ls(List<String> surls) throws IOException {
        return soap.call("srmLs", "<srmLsRequest>" + urls(surls) + "<fullDetailedList>false</fullDetailedList>"
                + "<numOfLevels>0</numOfLevels></srmLsRequest>");
    }

    /** srmPrepareToPut of {@code surls}; {@code seconds} is left out when not positive. */
    HttpgResponse put(List<String> surls, List<String> protocols, int seconds) throws IOException {
        String files = fileRequests(surls, "targetSURL", "<expectedFileSize>0</expectedFileSize>");
        return soap.call("srmPrepareToPut", "<srmPrepareToPutRequest>" + files
                + (seconds > 0 ? "<desiredTotalRequestTime>" + seconds + "</desiredTotalRequestTime>" : "")
                + "<desiredFileStorageType>PERMANENT</desiredFileStorageType>" + protocols(protocols)
                + "</srmPrepareToPutRequest>");
    }

    /** srmPrepareToGet of {@code surls}; {@code pinSeconds} is left out when not positive. */
    HttpgResponse get(List<String> surls, List<String> protocols, int pinSeconds) throws IOException {
        String files = fileRequests(surls, "sourceSURL", "");
        return soap.call("srmPrepareToGet", "<srmPrepareToGetRequest>" + files
                + "<desiredFileStorageType>PERMANENT</desiredFileStorageType>"
                + (pinSeconds > 0 ? "<desiredPinLifeTime>" + pinSeconds + "</desiredPinLifeTime>" : "")
                + protocols(protocols) + "</srmPrepareToGetRequest>");
    }

    /** srmStatusOf{@code kind}Request about {@code subset} (all files when empty). */
    HttpgResponse status(String kind, String token, List<String> subset) throws IOException {
        String op = "srmStatusOf" + kind + "Request";
        String array = kind.equals("Put") ? "arrayOfTargetSURLs" : "arrayOfSourceSURLs";
        return soap.call(op, "<" + op + "Request><requestToken>" + SrmSoap.xml(token) + "</requestToken>"
                + (subset.isEmpty() ? "" : urls(subset).replace("arrayOfSURLs", array)) + "</" + op + "Request>");
    }

    HttpgResponse release(String token, List<String> surls) throws IOException {
        return soap.call("srmReleaseFiles", "<srmReleaseFilesRequest><requestToken>" + SrmSoap.xml(token)
                + "</requestToken>" + urls(surls) + "</srmReleaseFilesRequest>");
    }

    HttpgResponse extend(String token, List<String> surls, int pinSeconds) throws IOException {
        return soap.call("srmExtendFileLifeTime", "<srmExtendFileLifeTimeRequest><requestToken>"
                + SrmSoap.xml(token) + "</requestToken>" + urls(surls)
                + "<newPinLifeTime>" + pinSeconds + "</newPinLifeTime></srmExtendFileLifeTimeRequest>");
    }

    HttpgResponse suspend(String token) throws IOException {
        return tokenCall("srmSuspendRequest", token);
    }

    HttpgResponse resume(String token) throws IOException {
        return tokenCall("srmResumeRequest", token);
    }

    HttpgResponse abort(String token) throws IOException {
        return tokenCall("srmAbortRequest", token);
    }

    HttpgResponse putDone(String token, List<String> surls) throws IOException {
        return soap.call("srmPutDone", "<srmPutDoneRequest><requestToken>" + SrmSoap.xml(token) + "</requestToken>"
                + urls(surls) + "</srmPutDoneRequest>");
    }

    HttpgResponse summary(String token) throws IOException {
        return soap.call("srmGetRequestSummary", "<srmGetRequestSummaryRequest><arrayOfRequestTokens><stringArray>"
                + SrmSoap.xml(token) + "</stringArray></arrayOfRequestTokens></srmGetRequestSummaryRequest>");
    }

    /** An operation whose request is the request token alone. */
    private HttpgResponse tokenCall(String op, String token) throws IOException {
        return soap.call(op, "<" + op + "Request><requestToken>" + SrmSoap.xml(token) + "</requestToken></" + op
                + "Request>");
    }

    /** The request token of an answer to {@code op}; fails unless there is one. */
    static String requestToken(HttpgResponse r, String op) {
        String token = r.text(op + "Response/requestToken");
        assertTrue(token != null && !token.isEmpty(), r::toString);
        return token;
    }

    /** The request-level status code of an answer to {@code op}. */
    static String status(HttpgResponse r, String op) {
        return r.text(op + "Response/returnStatus/statusCode");
    }

    /** The per-file status codes, in answer order. */
    static List<String> fileStatuses(HttpgResponse r) {
        List<String> codes = r.texts("statusArray/status/statusCode");
        return codes.isEmpty() ? r.texts("pathDetailArray/status/statusCode") : codes;
    }

    static void assertStatus(String expected, HttpgResponse r, String op) {
        assertEquals(expected, status(r, op), r::toString);
    }
}
