package org.opensrm.core.full;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.copy.CopyPeers;
import org.opensrm.core.service.SurlParser;

/** Telling a copy's local end from its remote one, and what is refused before anything is queued. */
class CopyEndsTest {
    static final SurlParser SURLS = new SurlParser(List.of("se.example.org"));
    static final CopyPeers PEERS = CopyPeers.of(List.of("other.example.org", "door.example.org:2811"));

    static CopyEnds ends(String source, String target) throws SrmException {
        return CopyEnds.of(source, target, SURLS, () -> 8443, PEERS);
    }

    @Test
    void aRemoteSourceAndALocalTargetIsAPull() throws Exception {
        CopyEnds e = ends("srm://other.example.org:8446/srm/managerv2?SFN=/data/f", "srm://se.example.org:8443/a/f");
        assertTrue(e.pull());
        assertTrue(e.remoteIsSrm());
        assertEquals(SrmPath.of("/a/f"), e.local());
    }

    @Test
    void aLocalSourceAndAGsiftpTargetIsAPush() throws Exception {
        CopyEnds e = ends("srm://se.example.org/a/f", "gsiftp://door.example.org/data/f");
        assertFalse(e.pull());
        assertFalse(e.remoteIsSrm());
        assertEquals(URI.create("gsiftp://door.example.org/data/f"), e.remote());
    }

    @Test
    void thisServersHostOnAnotherPortIsAnotherStorageElement() throws Exception {
        CopyEnds e = CopyEnds.of("srm://se.example.org:9443/a/f", "srm://se.example.org:8443/a/g", SURLS,
                () -> 8443, CopyPeers.of(List.of("se.example.org:9443")));
        assertTrue(e.pull());
        assertEquals(SrmPath.of("/a/g"), e.local());
    }

    @Test
    void twoSurlsHereAreACopyWithinThisStorageElement() throws Exception {
        CopyEnds e = ends("srm://se.example.org/a/f", "srm://se.example.org:8443/srm/managerv2?SFN=/b/g");
        assertTrue(e.pull(), "the target is here: landed as a pull");
        assertFalse(e.remoteIsSrm(), "no other SRM is asked");
        assertEquals(SrmPath.of("/b/g"), e.local());
        assertEquals(java.util.Optional.of(SrmPath.of("/a/f")), e.localSource());
    }

    @Test
    void aPairNamingTheSameFileIsRefused() {
        SrmException e = assertThrows(SrmException.class,
                () -> ends("srm://se.example.org/a/f", "srm://se.example.org:8443/srm/managerv2?SFN=/a/f"));
        assertEquals(SrmStatus.SRM_INVALID_PATH, e.status());
        assertTrue(e.getMessage().contains("same file"), e.getMessage());
    }

    @Test
    void aHostOutsideTheCopyPeersIsRefused() {
        SrmException e = assertThrows(SrmException.class,
                () -> ends("gsiftp://elsewhere.example.org/etc/passwd", "srm://se.example.org/a/f"));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, e.status());
        SrmException port = assertThrows(SrmException.class,
                () -> ends("gsiftp://door.example.org:2812/x", "srm://se.example.org/a/f"));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, port.status());
    }

    @Test
    void neitherEndHereOrOtherSchemesAreInvalidPaths() {
        assertEquals(SrmStatus.SRM_INVALID_PATH, assertThrows(SrmException.class,
                () -> ends("srm://other.example.org/a", "gsiftp://door.example.org/b")).status());
        assertEquals(SrmStatus.SRM_INVALID_PATH, assertThrows(SrmException.class,
                () -> ends("http://other.example.org/a", "srm://se.example.org/b")).status());
        assertEquals(SrmStatus.SRM_INVALID_PATH, assertThrows(SrmException.class,
                () -> ends("", "srm://se.example.org/b")).status());
    }
}
