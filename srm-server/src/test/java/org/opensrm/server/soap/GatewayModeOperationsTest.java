package org.opensrm.server.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opensrm.client.HttpgResponse;
import org.opensrm.common.SrmStatus;
import org.opensrm.server.soap.gen.ISRM;

/**
 * The real server in gateway mode (the default), over httpg: every one of the 39 SRM v2.2 operations answers in its
 * own response type, and the calls that need request state answer {@code SRM_NOT_SUPPORTED} saying that full mode
 * offers them, while those no mode offers yet say they are not supported.
 */
@org.junit.jupiter.api.extension.ExtendWith(SharedSrmSite.class)
@Timeout(120)
class GatewayModeOperationsTest {
    private static RealSrmSite site;

    @BeforeAll
    static void start(RealSrmSite shared) {
        site = shared;
    }

    /** {@code operation} with its request part holding {@code fields}. */
    private static HttpgResponse call(String operation, String fields) throws Exception {
        HttpgResponse r = site.call("<srm2:" + operation + "><" + operation + "Request>" + fields + "</" + operation
                + "Request></srm2:" + operation + ">");
        assertEquals(200, r.status(), r::toString);
        SoapAnswers.assertNoJavaInternals(r);
        return r;
    }

    private static String status(HttpgResponse r, String operation) {
        String code = r.text("Body/" + operation + "Response/" + operation + "Response/returnStatus/statusCode");
        assertNotNull(code, () -> operation + " did not answer in " + operation + "Response: " + r);
        return code;
    }

    private static String explanation(HttpgResponse r, String operation) {
        return r.text("Body/" + operation + "Response/" + operation + "Response/returnStatus/explanation");
    }

    @Test
    void everyOperationAnswersInItsOwnResponseType() throws Exception {
        List<String> operations = Arrays.stream(ISRM.class.getMethods()).map(Method::getName).sorted().toList();
        assertEquals(39, operations.size());
        for (String operation : operations) {
            HttpgResponse r = call(operation, "");
            if (operation.equals("srmPing")) {
                assertEquals("v2.2", r.text("Body/srmPingResponse/srmPingResponse/versionInfo"), r::toString);
                continue;
            }
            // an empty request lacks what the WSDL requires (SRM_INVALID_REQUEST, checked first) or is answered
            SrmStatus code = SrmStatus.valueOf(status(r, operation));
            assertTrue(code != SrmStatus.SRM_INTERNAL_ERROR, () -> operation + ": " + r);
        }
    }

    @Test
    void theCallsThatNeedRequestStateAreNotSupportedAndSayFullModeOffersThem() throws Exception {
        String token = "<requestToken>any-token</requestToken>";
        List<List<String>> calls = List.of(
                List.of("srmSuspendRequest", token),
                List.of("srmResumeRequest", token),
                List.of("srmGetRequestSummary", "<arrayOfRequestTokens><stringArray>any-token</stringArray>"
                        + "</arrayOfRequestTokens>"),
                List.of("srmGetRequestTokens", "<userRequestDescription>nightly</userRequestDescription>"),
                List.of("srmGetRequestTokens", ""),
                List.of("srmStatusOfLsRequest", token),
                List.of("srmStatusOfCopyRequest", token),
                List.of("srmCopy", "<arrayOfFileRequests><requestArray><sourceSURL>srm://localhost/a</sourceSURL>"
                        + "<targetSURL>srm://localhost/b</targetSURL></requestArray></arrayOfFileRequests>"));
        for (List<String> c : calls) {
            String operation = c.get(0);
            HttpgResponse r = call(operation, c.get(1));
            assertEquals("SRM_NOT_SUPPORTED", status(r, operation), r::toString);
            String why = explanation(r, operation);
            assertNotNull(why, r::toString);
            assertTrue(why.startsWith(operation + " needs "), why);
            assertTrue(why.contains("full mode (srm.mode=full)"), why);
        }
    }

    @Test
    void operationsNoModeOffersYetAreNotSupported() throws Exception {
        for (List<String> c : List.of(
                List.of("srmStatusOfReserveSpaceRequest", "<requestToken>any-token</requestToken>"),
                List.of("srmReleaseSpace", "<spaceToken>any-space</spaceToken>"))) {
            String operation = c.get(0);
            HttpgResponse r = call(operation, c.get(1));
            assertEquals("SRM_NOT_SUPPORTED", status(r, operation), r::toString);
            assertEquals(operation + " is not supported by this storage element", explanation(r, operation));
        }
    }
}
