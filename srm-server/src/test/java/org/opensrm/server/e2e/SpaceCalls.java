package org.opensrm.server.e2e;

import java.io.IOException;
import java.util.List;
import org.opensrm.client.HttpgResponse;

/** The eleven space operations and a put into a space, sent as gfal2 shapes its calls, for the space tests. */
final class SpaceCalls {
    private final SrmSoap soap;

    SpaceCalls(SrmSoap soap) {
        this.soap = soap;
    }

    /** srmReserveSpace, REPLICA/{@code latency}; {@code lifetime} left out when null. */
    HttpgResponse reserve(String description, String retention, String latency, long total, long guaranteed,
                     Integer lifetime) throws IOException {
        return soap.call("srmReserveSpace", "<srmReserveSpaceRequest>"
                + (description == null ? "" : "<userSpaceTokenDescription>" + SrmSoap.xml(description)
                + "</userSpaceTokenDescription>")
                + "<retentionPolicyInfo><retentionPolicy>" + retention + "</retentionPolicy><accessLatency>" + latency
                + "</accessLatency></retentionPolicyInfo><desiredSizeOfTotalSpace>" + total
                + "</desiredSizeOfTotalSpace><desiredSizeOfGuaranteedSpace>" + guaranteed
                + "</desiredSizeOfGuaranteedSpace>"
                + (lifetime == null ? "" : "<desiredLifetimeOfReservedSpace>" + lifetime
                + "</desiredLifetimeOfReservedSpace>")
                + "</srmReserveSpaceRequest>");
    }

    HttpgResponse reserve(String description, long bytes) throws IOException {
        return reserve(description, "REPLICA", "ONLINE", bytes, bytes, null);
    }

    HttpgResponse statusOfReserve(String token) throws IOException {
        return tokenCall("srmStatusOfReserveSpaceRequest", token);
    }

    HttpgResponse release(String space) throws IOException {
        return soap.call("srmReleaseSpace", "<srmReleaseSpaceRequest><spaceToken>" + SrmSoap.xml(space)
                + "</spaceToken></srmReleaseSpaceRequest>");
    }

    HttpgResponse update(String space, long total, Integer lifetime) throws IOException {
        return soap.call("srmUpdateSpace", "<srmUpdateSpaceRequest><spaceToken>" + SrmSoap.xml(space)
                + "</spaceToken><newSizeOfTotalSpaceDesired>" + total + "</newSizeOfTotalSpaceDesired>"
                + (lifetime == null ? "" : "<newLifeTime>" + lifetime + "</newLifeTime>")
                + "</srmUpdateSpaceRequest>");
    }

    HttpgResponse statusOfUpdate(String token) throws IOException {
        return tokenCall("srmStatusOfUpdateSpaceRequest", token);
    }

    HttpgResponse metaData(String... spaces) throws IOException {
        StringBuilder b = new StringBuilder("<srmGetSpaceMetaDataRequest><arrayOfSpaceTokens>");
        for (String s : spaces) {
            b.append("<stringArray>").append(SrmSoap.xml(s)).append("</stringArray>");
        }
        return soap.call("srmGetSpaceMetaData", b.append("</arrayOfSpaceTokens></srmGetSpaceMetaDataRequest>")
                .toString());
    }

    HttpgResponse tokens(String description) throws IOException {
        return soap.call("srmGetSpaceTokens", "<srmGetSpaceTokensRequest>"
                + (description == null ? "" : "<userSpaceTokenDescription>" + SrmSoap.xml(description)
                + "</userSpaceTokenDescription>") + "</srmGetSpaceTokensRequest>");
    }

    HttpgResponse changeSpaceForFiles(String target, List<String> surls) throws IOException {
        return soap.call("srmChangeSpaceForFiles", "<srmChangeSpaceForFilesRequest>" + SpecRequests.urls(surls)
                + "<targetSpaceToken>" + SrmSoap.xml(target) + "</targetSpaceToken></srmChangeSpaceForFilesRequest>");
    }

    HttpgResponse statusOfChangeSpaceForFiles(String token) throws IOException {
        return tokenCall("srmStatusOfChangeSpaceForFilesRequest", token);
    }

    HttpgResponse extendFileLifeTimeInSpace(String space, List<String> surls, int lifetime) throws IOException {
        return soap.call("srmExtendFileLifeTimeInSpace", "<srmExtendFileLifeTimeInSpaceRequest><spaceToken>"
                + SrmSoap.xml(space) + "</spaceToken>" + SpecRequests.urls(surls) + "<newLifeTime>" + lifetime
                + "</newLifeTime></srmExtendFileLifeTimeInSpaceRequest>");
    }

    HttpgResponse purgeFromSpace(String space, List<String> surls) throws IOException {
        return soap.call("srmPurgeFromSpace", "<srmPurgeFromSpaceRequest>" + SpecRequests.urls(surls)
                + "<spaceToken>" + SrmSoap.xml(space) + "</spaceToken></srmPurgeFromSpaceRequest>");
    }

    /** srmPrepareToPut of one file into {@code space} with {@code expectedSize} (left out when negative). */
    HttpgResponse put(String surl, String space, long expectedSize) throws IOException {
        return soap.call("srmPrepareToPut", "<srmPrepareToPutRequest><arrayOfFileRequests><requestArray>"
                + "<targetSURL>" + SrmSoap.xml(surl) + "</targetSURL>"
                + (expectedSize >= 0 ? "<expectedFileSize>" + expectedSize + "</expectedFileSize>" : "")
                + "</requestArray></arrayOfFileRequests><desiredFileStorageType>PERMANENT</desiredFileStorageType>"
                + "<targetSpaceToken>" + SrmSoap.xml(space) + "</targetSpaceToken>"
                + "<transferParameters><arrayOfTransferProtocols><stringArray>gsiftp</stringArray>"
                + "</arrayOfTransferProtocols></transferParameters></srmPrepareToPutRequest>");
    }

    private HttpgResponse tokenCall(String op, String token) throws IOException {
        return soap.call(op, "<" + op + "Request><requestToken>" + SrmSoap.xml(token) + "</requestToken></" + op
                + "Request>");
    }

    // --- what the answers say ---

    static String status(HttpgResponse r, String op) {
        return SpecRequests.status(r, op);
    }

    static String space(HttpgResponse r) {
        return r.text("srmReserveSpaceResponse/spaceToken");
    }

    /** srmGetSpaceMetaData's figure {@code field} (totalSize, unusedSize, ...) of its first token. */
    static long figure(HttpgResponse r, String field) {
        return Long.parseLong(r.text("srmGetSpaceMetaDataResponse/arrayOfSpaceDetails/spaceDataArray/" + field));
    }

    static String detailStatus(HttpgResponse r) {
        return r.text("srmGetSpaceMetaDataResponse/arrayOfSpaceDetails/spaceDataArray/status/statusCode");
    }

    static List<String> tokenList(HttpgResponse r) {
        return r.texts("srmGetSpaceTokensResponse/arrayOfSpaceTokens/stringArray");
    }
}
