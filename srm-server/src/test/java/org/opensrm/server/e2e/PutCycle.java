package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.opensrm.client.HttpgResponse;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.GridUser;
import org.opensrm.testkit.SrmClients;

/**
 * One user's puts over httpg as srmcp-style clients make them (desiredPinLifeTime, overwriteOption,
 * desiredTotalRequestTime where asked), the TURL polled for as a client polls, the data sent through the GridFTP
 * door with globus-url-copy, and srmPutDone.
 */
final class PutCycle {
    private final SrmSoap soap;
    private final SrmClients clients;

    PutCycle(E2eSite site, GridUser user) {
        this.soap = new SrmSoap(site, user);
        this.clients = site.clients(user);
    }

    SrmSoap soap() {
        return soap;
    }

    /** srmPrepareToPut of {@code surls}; {@code pinSeconds} and {@code totalSeconds} are left out when not positive. */
    HttpgResponse prepare(List<String> surls, boolean overwrite, int pinSeconds, int totalSeconds) throws IOException {
        return prepare(surls, overwrite, pinSeconds, totalSeconds, 0);
    }

    /** As above, each file declaring {@code expectedSize} bytes (left out when not positive). */
    HttpgResponse prepare(List<String> surls, boolean overwrite, int pinSeconds, int totalSeconds, long expectedSize)
            throws IOException {
        StringBuilder b = new StringBuilder("<srmPrepareToPutRequest><arrayOfFileRequests>");
        surls.forEach(s -> b.append("<requestArray><targetSURL>").append(SrmSoap.xml(s)).append("</targetSURL>")
                .append(expectedSize > 0 ? "<expectedFileSize>" + expectedSize + "</expectedFileSize>" : "")
                .append("</requestArray>"));
        b.append("</arrayOfFileRequests>");
        if (overwrite) {
            b.append("<overwriteOption>ALWAYS</overwriteOption>");
        }
        if (totalSeconds > 0) {
            b.append("<desiredTotalRequestTime>").append(totalSeconds).append("</desiredTotalRequestTime>");
        }
        if (pinSeconds > 0) {
            b.append("<desiredPinLifeTime>").append(pinSeconds).append("</desiredPinLifeTime>");
        }
        b.append("<desiredFileStorageType>PERMANENT</desiredFileStorageType><transferParameters>"
                + "<arrayOfTransferProtocols><stringArray>gsiftp</stringArray></arrayOfTransferProtocols>"
                + "</transferParameters></srmPrepareToPutRequest>");
        return soap.call("srmPrepareToPut", b.toString());
    }

    /** srmStatusOfPutRequest, polled until no file waits any more (full mode queues; gateway answers at once). */
    HttpgResponse awaitServed(String token) throws Exception {
        return FullModeSites.pollUntilSettled(() -> soap.statusOfPutRequest(token), "srmStatusOfPutRequest");
    }

    /** Prepares the put of one SURL and waits for its TURL; fails unless it has space. Returns the token. */
    String prepared(String surl, boolean overwrite, int pinSeconds, int totalSeconds) throws Exception {
        return prepared(surl, overwrite, pinSeconds, totalSeconds, 0);
    }

    /** As above, the file declaring {@code expectedSize} bytes (none when not positive). */
    String prepared(String surl, boolean overwrite, int pinSeconds, int totalSeconds, long expectedSize)
            throws Exception {
        HttpgResponse made = prepare(List.of(surl), overwrite, pinSeconds, totalSeconds, expectedSize);
        String token = SpecRequests.requestToken(made, "srmPrepareToPut");
        HttpgResponse served = awaitServed(token);
        assertEquals(List.of("SRM_SPACE_AVAILABLE"), SpecRequests.fileStatuses(served), served::toString);
        return token;
    }

    /** The TURL of the put's file, from a status call. */
    String turl(String token) throws IOException {
        HttpgResponse r = soap.statusOfPutRequest(token);
        String turl = r.text("statusArray/transferURL");
        assertTrue(turl != null && turl.startsWith("gsiftp://"), r::toString);
        return turl;
    }

    /** Sends {@code source} to the put's TURL through the GridFTP door. */
    void upload(String token, Path source) throws IOException {
        ClientRun copy = clients.globusUrlCopy("file://" + source, turl(token));
        assertTrue(copy.ok(), copy.describe());
    }

    /** srmPutDone of one SURL; returns the file's status code. */
    String putDone(String token, String surl) throws IOException {
        HttpgResponse done = soap.putDone(token, surl);
        return done.text("srmPutDoneResponse/arrayOfFileStatuses/statusArray/status/statusCode");
    }

    /** srmRm of one SURL; returns the file's status code. */
    String rm(String surl) throws IOException {
        HttpgResponse rm = soap.call("srmRm", "<srmRmRequest>" + SpecRequests.urls(List.of(surl)) + "</srmRmRequest>");
        return rm.text("srmRmResponse/arrayOfFileStatuses/statusArray/status/statusCode");
    }
}
