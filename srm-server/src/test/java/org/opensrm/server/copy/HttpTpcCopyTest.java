package org.opensrm.server.copy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Tag;
import org.opensrm.testkit.XrootdServerProcess;

/**
 * srmCopy between two storage elements that both offer {@code https} ({@link CopySites#startWithXrootd}: two
 * full-mode servers, each with a real GridFTP door and a real XRootD door): the copy is an HTTP third-party copy run
 * by this server's XRootD door — a pull ({@code COPY} with {@code Source:}) or a push ({@code Destination:}) — with
 * the macaroons of the two servers' TURLs, the remote's passed as {@code TransferHeaderAuthorization}. The client
 * sees the copy succeed; the bytes, their adler32 and their owner (the mapped account) are checked where they
 * landed, and the door's own log shows it moved them.
 */
@Timeout(600)
@Tag("integration")
class HttpTpcCopyTest {
    static final int TWENTY_MB = 20 * 1024 * 1024;
    static CopySites sites;

    @BeforeAll
    static void start() throws Exception {
        sites = CopySites.startWithXrootd("httptpc");
    }

    @AfterAll
    static void stop() throws IOException {
        if (sites != null) {
            sites.close();
        }
    }

    /** The third-party-copy events a door logged ({@code tpc.trace info}). */
    private static List<String> tpcEvents(XrootdServerProcess door) throws IOException {
        return door.log().lines().filter(l -> l.contains("event=")).toList();
    }

    @Test
    void aPullFromAnotherSrmIsAnHttpThirdPartyCopyByThisServersDoorAndLandsOwnedByTheMappedAccount()
            throws Exception {
        byte[] data = CopySites.sourceFile(sites.b, "/alice/http-pull-source", TWENTY_MB);
        CopySites.Answer done = sites.copyAndWait(sites.a,
                sites.b.surl("/alice/http-pull-source"), sites.a.surl("/alice/http-pulled"));
        assertEquals("SRM_SUCCESS", done.status(), done.text());
        assertEquals("SRM_SUCCESS", done.fileStatus(), done.text());
        SrmCopyTest.assertSameFile(data, sites.a.file("/alice/http-pulled")); // bytes, adler32, owner
        assertEquals(List.of(), sites.a.uploads(), "no hidden upload is left behind");
        List<String> events = tpcEvents(sites.a.xrootd());
        assertTrue(events.stream().anyMatch(l -> l.contains("PullRequest") && l.contains("event=TRANSFER_SUCCESS")
                && l.contains("/.srm-uploads/" + CopySites.ACCOUNT + "/")
                && l.contains(sites.b.file("/alice/http-pull-source").toString())),
                "this server's door pulled into the hidden upload: " + events);
        assertTrue(events.stream().noneMatch(l -> l.contains("authz=")), "no token in a URL the door logs");
    }

    @Test
    void aPushToAnotherSrmIsAnHttpThirdPartyCopyByThisServersDoorAndLandsThere() throws Exception {
        byte[] data = CopySites.sourceFile(sites.a, "/alice/http-push-source", TWENTY_MB);
        CopySites.Answer done = sites.copyAndWait(sites.a,
                sites.a.surl("/alice/http-push-source"), sites.b.surl("/alice/http-pushed"));
        assertEquals("SRM_SUCCESS", done.status(), done.text());
        assertEquals("SRM_SUCCESS", done.fileStatus(), done.text());
        SrmCopyTest.assertSameFile(data, sites.b.file("/alice/http-pushed"));
        assertEquals(List.of(), sites.b.uploads(), "the remote put was done (srmPutDone): no upload left there");
        List<String> events = tpcEvents(sites.a.xrootd());
        assertTrue(events.stream().anyMatch(l -> l.contains("PushRequest") && l.contains("event=TRANSFER_SUCCESS")
                && l.contains(sites.a.file("/alice/http-push-source").toString())),
                "this server's door pushed the file: " + events);
    }

    @Test
    void aPullWhoseSourceIsGoneFailsWithInvalidPathAndLeavesNoFile() throws Exception {
        CopySites.Answer done = sites.copyAndWait(sites.a,
                sites.b.surl("/alice/http-never-there"), sites.a.surl("/alice/http-from-nothing"));
        assertEquals("SRM_FAILURE", done.status(), done.text());
        assertEquals("SRM_INVALID_PATH", done.fileStatus(), done.text());
        assertFalse(Files.exists(sites.a.file("/alice/http-from-nothing")));
        assertEquals(List.of(), sites.a.uploads());
    }
}
