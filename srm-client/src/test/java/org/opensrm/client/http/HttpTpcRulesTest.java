package org.opensrm.client.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.copy.CopyPeers;

/** The rules of an HTTP third-party copy that need no door: tokens out of URLs, failures, doors and peers. */
class HttpTpcRulesTest {
    @Test
    void theTokenIsTakenOutOfTheUrlAndTheRestOfTheQueryKept() {
        URI turl = URI.create("https://door:8443/data/f?authz=MDAx-abc_def&oss.asize=10");
        assertEquals(Optional.of("MDAx-abc_def"), HttpTpcTransfer.Urls.token(turl));
        assertEquals(URI.create("https://door:8443/data/f?oss.asize=10"), HttpTpcTransfer.Urls.withoutToken(turl));
        URI only = URI.create("https://door:8443/data/f?authz=Bearer%20tok");
        assertEquals(Optional.of("tok"), HttpTpcTransfer.Urls.token(only));
        assertEquals(URI.create("https://door:8443/data/f"), HttpTpcTransfer.Urls.withoutToken(only));
        URI none = URI.create("https://door:8443/data/f");
        assertEquals(Optional.empty(), HttpTpcTransfer.Urls.token(none));
        assertEquals(none, HttpTpcTransfer.Urls.withoutToken(none));
    }

    @Test
    void aMissingFileAndARefusedTokenAreFinalAndEverythingElseIsRetried() {
        HttpTpcTransfer.Failure missing = HttpTpcTransfer.Failure.of(
                "failure: Remote side failed with status code 404; error message: \"no such file\"");
        assertEquals(SrmStatus.SRM_INVALID_PATH, missing.status());
        assertFalse(missing.transientError());
        HttpTpcTransfer.Failure refused =
                HttpTpcTransfer.Failure.of("failure: Remote side failed with status code 403");
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, refused.status());
        assertFalse(refused.transientError());
        HttpTpcTransfer.Failure local = HttpTpcTransfer.Failure.of("HTTP 401 Unauthorized: Unable to open file");
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, local.status());
        HttpTpcTransfer.Failure reset = HttpTpcTransfer.Failure.of("failure: Couldn't connect to server");
        assertEquals(SrmStatus.SRM_FAILURE, reset.status());
        assertTrue(reset.transientError());
    }

    @Test
    void ownDoorsAndPeersCompareHostAndPortWithHttpsDefaultPort() {
        HttpTpcConfig c = HttpTpcConfig.builder(Path.of("/etc/grid-security/certificates"), List.of("XRD1:1094"))
                .peers(CopyPeers.of(List.of("peer.example.org:443"))).build();
        assertTrue(c.isOwnDoor(URI.create("https://xrd1:1094/data/f")));
        assertFalse(c.isOwnDoor(URI.create("https://xrd1:443/data/f")));
        assertTrue(c.allows(URI.create("https://xrd1:1094/data/f")), "own doors are always allowed");
        assertTrue(c.allows(URI.create("https://peer.example.org/data/f")), "no port: 443");
        assertFalse(c.allows(URI.create("https://peer.example.org:8443/data/f")));
        assertFalse(c.allows(URI.create("https://elsewhere.example.org/data/f")));
        assertThrows(IllegalArgumentException.class,
                () -> HttpTpcConfig.builder(Path.of("/tmp"), List.of()).build(), "no door of its own: no copy");
    }
}
