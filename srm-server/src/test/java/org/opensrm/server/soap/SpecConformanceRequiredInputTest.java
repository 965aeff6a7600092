package org.opensrm.server.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.opensrm.client.HttpgResponse;

/**
 * SRM v2.2 (OGF GFD.129 §1.13, status codes, and each function's "input parameters"; the WSDL's required,
 * non-nillable elements): a request missing a required input is SRM_INVALID_REQUEST, and that check comes first,
 * before any other answer &mdash; SRM_NOT_SUPPORTED of the operations gateway mode does not offer included. Each
 * row sends the operation with its required input left out, then (where given) complete, to the real server.
 */
@org.junit.jupiter.api.extension.ExtendWith(SharedSrmSite.class)
class SpecConformanceRequiredInputTest {
    private static RealSrmSite site;

    @BeforeAll
    static void start(RealSrmSite shared) {
        site = shared;
    }

    private static HttpgResponse call(String operation, String inner) throws Exception {
        return site.call("<srm2:" + operation + "><" + operation + "Request>" + inner + "</" + operation
                + "Request></srm2:" + operation + ">");
    }

    private static String status(HttpgResponse r, String operation) {
        assertEquals(200, r.status(), r::toString);
        return r.text(operation + "Response/returnStatus/statusCode");
    }

    @ParameterizedTest(name = "{0} without {1}")
    @DisplayName("GFD.129: operations gateway mode does not offer check their required input before answering"
            + " SRM_NOT_SUPPORTED")
    @CsvSource(delimiter = '|', value = {
        "srmReserveSpace|retentionPolicyInfo|<retentionPolicyInfo><retentionPolicy>REPLICA</retentionPolicy></retentionPolicyInfo><desiredSizeOfGuaranteedSpace>1</desiredSizeOfGuaranteedSpace>",
        "srmStatusOfReserveSpaceRequest|requestToken|<requestToken>r1</requestToken>",
        "srmReleaseSpace|spaceToken|<spaceToken>s1</spaceToken>",
        "srmUpdateSpace|spaceToken|<spaceToken>s1</spaceToken>",
        "srmStatusOfUpdateSpaceRequest|requestToken|<requestToken>r1</requestToken>",
        "srmChangeSpaceForFiles|arrayOfSURLs|<arrayOfSURLs><urlArray>srm://127.0.0.1/x</urlArray></arrayOfSURLs><targetSpaceToken>s1</targetSpaceToken>",
        "srmStatusOfChangeSpaceForFilesRequest|requestToken|<requestToken>r1</requestToken>",
        "srmExtendFileLifeTimeInSpace|spaceToken|<spaceToken>s1</spaceToken>",
        "srmPurgeFromSpace|arrayOfSURLs|<arrayOfSURLs><urlArray>srm://127.0.0.1/x</urlArray></arrayOfSURLs><spaceToken>s1</spaceToken>",
        "srmStatusOfLsRequest|requestToken|<requestToken>r1</requestToken>",
        "srmCopy|arrayOfFileRequests|<arrayOfFileRequests><requestArray><sourceSURL>srm://127.0.0.1/a</sourceSURL><targetSURL>srm://127.0.0.1/b</targetSURL></requestArray></arrayOfFileRequests>",
        "srmStatusOfCopyRequest|requestToken|<requestToken>r1</requestToken>",
        "srmSuspendRequest|requestToken|<requestToken>r1</requestToken>",
        "srmResumeRequest|requestToken|<requestToken>r1</requestToken>",
        "srmGetRequestSummary|arrayOfRequestTokens|<arrayOfRequestTokens><stringArray>r1</stringArray></arrayOfRequestTokens>",
    })
    void unsupportedOperationsCheckTheirInputFirst(String operation, String field, String complete)
            throws Exception {
        HttpgResponse missing = call(operation, "");
        assertEquals("SRM_INVALID_REQUEST", status(missing, operation), missing::toString);
        assertTrue(missing.text(operation + "Response/returnStatus/explanation").contains(field), missing::toString);
        HttpgResponse whole = call(operation, complete);
        assertEquals("SRM_NOT_SUPPORTED", status(whole, operation), whole::toString);
    }

    @ParameterizedTest(name = "{0} without {1}")
    @DisplayName("GFD.129: the operations gateway mode offers refuse a missing required input with"
            + " SRM_INVALID_REQUEST")
    @CsvSource(delimiter = '|', value = {
        "srmMkdir|SURL",
        "srmRmdir|SURL",
        "srmRm|arrayOfSURLs",
        "srmLs|arrayOfSURLs",
        "srmMv|fromSURL",
        "srmSetPermission|SURL",
        "srmCheckPermission|arrayOfSURLs",
        "srmGetPermission|arrayOfSURLs",
        "srmPrepareToGet|arrayOfFileRequests",
        "srmBringOnline|arrayOfFileRequests",
        "srmStatusOfGetRequest|requestToken",
        "srmStatusOfBringOnlineRequest|requestToken",
        "srmStatusOfPutRequest|requestToken",
        "srmPutDone|requestToken",
        "srmAbortRequest|requestToken",
        "srmAbortFiles|requestToken",
        "srmExtendFileLifeTime|arrayOfSURLs",
        "srmGetSpaceMetaData|arrayOfSpaceTokens",
    })
    void supportedOperationsRefuseAMissingRequiredInput(String operation, String field) throws Exception {
        HttpgResponse missing = call(operation, "");
        assertEquals("SRM_INVALID_REQUEST", status(missing, operation), missing::toString);
        String explanation = missing.text(operation + "Response/returnStatus/explanation");
        assertTrue(explanation != null && explanation.toLowerCase().contains(field.toLowerCase()),
                () -> "names " + field + ": " + missing);
    }
}
