package org.opensrm.loadtest.internal;

/**
 * Builds SRM v2.2 requests in the shape gfal2 (srm-ifce / gSOAP) sends them: rpc/encoded, wrapper element in the
 * SRM namespace with prefix {@code srm2}, parts and fields unqualified, {@code encodingStyle} on the Body, and
 * gfal2's SOAPAction values.
 */
public final class SrmRequests {
    private static final String ENVELOPE_START = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<SOAP-ENV:Envelope xmlns:SOAP-ENV=\"http://schemas.xmlsoap.org/soap/envelope/\""
            + " xmlns:SOAP-ENC=\"http://schemas.xmlsoap.org/soap/encoding/\""
            + " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
            + " xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\""
            + " xmlns:srm2=\"http://srm.lbl.gov/StorageResourceManager\">"
            + "<SOAP-ENV:Body SOAP-ENV:encodingStyle=\"http://schemas.xmlsoap.org/soap/encoding/\">";
    /** The transfer protocols gfal2 offers, in its order. */
    private static final String TRANSFER_PARAMETERS = "<transferParameters><arrayOfTransferProtocols>"
            + "<stringArray>gsiftp</stringArray><stringArray>https</stringArray><stringArray>root</stringArray>"
            + "</arrayOfTransferProtocols></transferParameters>";
    private static final String ENVELOPE_END = "</SOAP-ENV:Body></SOAP-ENV:Envelope>";

    private SrmRequests() {
    }

    public static SoapCall ls(String surl, boolean fullDetailedList, int numOfLevels) {
        return call("srmLs", "Ls", "<srmLsRequest><arrayOfSURLs><urlArray>" + escape(surl)
                + "</urlArray></arrayOfSURLs><storageSystemInfo xsi:nil=\"true\"/><fullDetailedList>"
                + fullDetailedList + "</fullDetailedList><numOfLevels>" + numOfLevels
                + "</numOfLevels></srmLsRequest>");
    }

    public static SoapCall ping() {
        return call("srmPing", "XPing", "<srmPingRequest></srmPingRequest>");
    }

    public static SoapCall prepareToPut(String targetSurl, long expectedFileSize) {
        return call("srmPrepareToPut", "PrepareToPut", "<srmPrepareToPutRequest><arrayOfFileRequests><requestArray>"
                + "<targetSURL>" + escape(targetSurl) + "</targetSURL><expectedFileSize>" + expectedFileSize
                + "</expectedFileSize></requestArray></arrayOfFileRequests>"
                + "<desiredTotalRequestTime>3600</desiredTotalRequestTime>"
                + "<desiredFileStorageType>PERMANENT</desiredFileStorageType>"
                + TRANSFER_PARAMETERS + "</srmPrepareToPutRequest>");
    }

    public static SoapCall statusOfPutRequest(String requestToken) {
        return call("srmStatusOfPutRequest", "StatusOfPutRequest", "<srmStatusOfPutRequestRequest><requestToken>"
                + escape(requestToken) + "</requestToken></srmStatusOfPutRequestRequest>");
    }

    public static SoapCall putDone(String requestToken, String surl) {
        return call("srmPutDone", "PutDone", "<srmPutDoneRequest><requestToken>" + escape(requestToken)
                + "</requestToken><arrayOfSURLs><urlArray>" + escape(surl)
                + "</urlArray></arrayOfSURLs></srmPutDoneRequest>");
    }

    public static SoapCall prepareToGet(String sourceSurl) {
        return call("srmPrepareToGet", "PrepareToGet", "<srmPrepareToGetRequest><arrayOfFileRequests><requestArray>"
                + "<sourceSURL>" + escape(sourceSurl) + "</sourceSURL></requestArray></arrayOfFileRequests>"
                + "<desiredFileStorageType>PERMANENT</desiredFileStorageType>"
                + "<desiredTotalRequestTime>3600</desiredTotalRequestTime>"
                + TRANSFER_PARAMETERS + "</srmPrepareToGetRequest>");
    }

    public static SoapCall statusOfGetRequest(String requestToken) {
        return call("srmStatusOfGetRequest", "StatusOfGetRequest", "<srmStatusOfGetRequestRequest><requestToken>"
                + escape(requestToken) + "</requestToken></srmStatusOfGetRequestRequest>");
    }

    public static SoapCall releaseFiles(String requestToken, String surl) {
        return call("srmReleaseFiles", "ReleaseFiles", "<srmReleaseFilesRequest><requestToken>"
                + escape(requestToken) + "</requestToken><arrayOfSURLs><urlArray>" + escape(surl)
                + "</urlArray></arrayOfSURLs></srmReleaseFilesRequest>");
    }

    private static SoapCall call(String operation, String soapAction, String part) {
        return new SoapCall(operation, soapAction,
                ENVELOPE_START + "<srm2:" + operation + ">" + part + "</srm2:" + operation + ">" + ENVELOPE_END);
    }

    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
