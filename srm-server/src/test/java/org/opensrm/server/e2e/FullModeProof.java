package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.opensrm.client.HttpgResponse;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.GridUser;

/**
 * What shows that a client step ran against full mode and not gateway mode: srmPing says so, and the server
 * answers srmGetRequestTokens (gateway mode keeps no requests and answers SRM_NOT_SUPPORTED) and finds the user's
 * requests in its store.
 */
final class FullModeProof {
    private FullModeProof() {
    }

    /**
     * Uploads a small file with gfal-copy as {@code user} into {@code directory}, then asks the server for the
     * user's request tokens: the put must be among the requests it keeps, found by the description gfal2 gives
     * none of, so by owner alone.
     */
    static void assertTheUploadIsKept(E2eSite site, GridUser user, String directory) throws Exception {
        Path local = OnDisk.randomFile(site.scratch("full-mode-proof").resolve("proof.bin"), 1000, 99);
        ClientRun cp = site.clients(user).gfal("gfal-copy", "-f", "file://" + local,
                site.surl(directory + "/proof.bin"));
        assertTrue(cp.ok(), cp.describe());
        SrmSoap soap = new SrmSoap(site, user);
        HttpgResponse ping = soap.call("srmPing", "<srmPingRequest/>");
        List<String> keys = ping.texts("srmPingResponse/otherInfo/extraInfoArray/key");
        List<String> values = ping.texts("srmPingResponse/otherInfo/extraInfoArray/value");
        assertEquals("full", values.get(keys.indexOf("srm_mode")), "srmPing names the mode: " + ping);
        HttpgResponse r = soap.requestTokens(null);
        assertEquals("SRM_SUCCESS", r.text("srmGetRequestTokensResponse/returnStatus/statusCode"), r.toString());
        List<String> tokens = r.texts("srmGetRequestTokensResponse/arrayOfRequestTokens/tokenArray/requestToken");
        assertFalse(tokens.isEmpty(), "the store keeps the user's requests: " + r);
    }
}
