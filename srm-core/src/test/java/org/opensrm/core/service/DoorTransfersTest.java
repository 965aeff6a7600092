package org.opensrm.core.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.authz.PathPolicy.Access;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.gridftp.GridFtpSelector;
import org.opensrm.gridftp.GridFtpSelectors;
import org.opensrm.gridftp.SelectionPolicy;

/** Protocol negotiation and TURL forms over a real round-robin selector whose doors go up and down. */
class DoorTransfersTest {
    private static final GridFtpNode GRIDFTP = GridFtpNode.parse("gsiftp://gf1.example.org:2811");
    private static final GridFtpNode XROOTD = GridFtpNode.parse("root://xrd1.example.org:1094|https://xrd1.example.org:8443");
    private static final GridFtpNode DAV = GridFtpNode.parse("https://dav1.example.org");
    private static final TurlGrant GRANT = new TurlGrant(new Caller(ClientIdentity.of("/CN=Alice"), null), Access.READ,
            Instant.parse("2026-01-01T00:00:00Z"));

    private final Set<GridFtpNode> down = new HashSet<>();
    private final GridFtpSelector selector = GridFtpSelectors.create(SelectionPolicy.ROUND_ROBIN,
            List.of(GRIDFTP, XROOTD, DAV), door -> !down.contains(door));
    private final DoorTransfers transfers = new DoorTransfers(selector, List.of(GRIDFTP, XROOTD, DAV), "/data/",
            Optional.of("/mnt/se"), Map.of());

    @Test
    void theDoorsProtocolsAreOfferedInTheOrderTheyAreListedThenFile() {
        assertEquals(List.of("gsiftp", "root", "https", "file"), transfers.offered());
        assertEquals(List.of("gsiftp", "root", "https"),
                DoorTransfers.of(selector, List.of(GRIDFTP, XROOTD, DAV), "/").offered());
    }

    @Test
    void theFirstRequestedProtocolALiveDoorOffersIsChosen() throws Exception {
        assertEquals("root://xrd1.example.org:1094", transfers.choose(List.of("root", "https")));
        assertEquals("gf1.example.org:2811", transfers.choose(List.of("ftp", "GSIFTP", "root")));
        assertEquals("gf1.example.org:2811", transfers.choose(List.of()), "the site's order");
        down.add(XROOTD);
        assertEquals("https://dav1.example.org:443", transfers.choose(List.of("root", "https")));
        down.add(DAV);
        assertEquals("gf1.example.org:2811", transfers.choose(List.of("root", "https", "gsiftp")));
        SrmException none = assertThrows(SrmException.class, () -> transfers.choose(List.of("root", "https")));
        assertEquals(SrmStatus.SRM_FAILURE, none.status(), none.getMessage());
    }

    @Test
    void davsIsServedByAnHttpsDoorUnderItsOwnName() throws Exception {
        String door = transfers.choose(List.of("davs"));
        assertTrue(door.startsWith("davs://"), door);
        assertTrue(transfers.turl(door, SrmPath.of("/a/f"), GRANT).matches("davs://(xrd1|dav1)\\.example\\.org:(8443|443)/data/a/f"),
                transfers.turl(door, SrmPath.of("/a/f"), GRANT));
    }

    @Test
    void protocolsNotOfferedAreRefusedNamingWhatIs() {
        SrmException e = assertThrows(SrmException.class, () -> transfers.choose(List.of("ftp", "http")));
        assertEquals(SrmStatus.SRM_NOT_SUPPORTED, e.status());
        assertTrue(e.getMessage().contains("[gsiftp, root, https, file]"), e.getMessage());
        SrmException early = assertThrows(SrmException.class, () -> transfers.requireOffered(List.of("ftp")));
        assertEquals(SrmStatus.SRM_NOT_SUPPORTED, early.status());
    }

    @Test
    void turlsOfEachKind() throws Exception {
        SrmPath p = SrmPath.of("/alice/f.bin");
        assertEquals("gsiftp://gf1.example.org:2811/data/alice/f.bin", transfers.turl("gf1.example.org:2811", p, GRANT));
        assertEquals("root://xrd1.example.org:1094//data/alice/f.bin",
                transfers.turl("root://xrd1.example.org:1094", p, GRANT));
        assertEquals("https://xrd1.example.org:8443/data/alice/f.bin",
                transfers.turl("https://xrd1.example.org:8443", p, GRANT));
        assertEquals("file:///mnt/se/alice/f.bin", transfers.turl(transfers.choose(List.of("file")), p, GRANT));
        SrmException empty = assertThrows(SrmException.class, () -> transfers.turl("", p, GRANT));
        assertEquals(SrmStatus.SRM_FAILURE, empty.status());
    }

    @Test
    void aKindsAuthorizationIsAskedForItsTurlsOnly() throws Exception {
        TurlAuthorization signed = (protocol, turl, doorPath, grant) ->
                turl + "?for=" + grant.caller().dn() + "&path=" + doorPath + "&write=" + grant.writes();
        DoorTransfers withAuth = new DoorTransfers(selector, List.of(GRIDFTP, XROOTD), "/data",
                Optional.empty(), Map.of("root", signed));
        SrmPath p = SrmPath.of("/f");
        assertEquals("root://xrd1.example.org:1094//data/f?for=/CN=Alice&path=/data/f&write=false",
                withAuth.turl("root://xrd1.example.org:1094", p, GRANT));
        assertEquals("https://xrd1.example.org:8443/data/f", withAuth.turl("https://xrd1.example.org:8443", p, GRANT));
    }

    @Test
    void recheckProbesTheConfiguredDoorATurlNamesAndNoOther() {
        List<GridFtpNode> rechecked = new java.util.ArrayList<>();
        GridFtpSelector recording = new GridFtpSelector() {
            @Override
            public GridFtpNode select() {
                return GRIDFTP;
            }

            @Override
            public void recheck(GridFtpNode door) {
                rechecked.add(door);
            }
        };
        DoorTransfers t = new DoorTransfers(recording, List.of(GRIDFTP, XROOTD, DAV), "/data/", Optional.empty(),
                Map.of());
        t.recheck("gsiftp://gf1.example.org:2811/data/.srm-uploads/u/.srmput-1");
        t.recheck("davs://xrd1.example.org:8443/data/f?authz=x");
        t.recheck("root://xrd1.example.org:1094//data/f");
        t.recheck("https://dav1.example.org/data/f");
        t.recheck("gsiftp://gf1.example.org:2812/data/f"); // no door there
        t.recheck("gsiftp://elsewhere.example.org:2811/data/f");
        t.recheck("file:///mnt/se/data/f");
        t.recheck("not a url");
        assertEquals(List.of(GRIDFTP, XROOTD, XROOTD, DAV), rechecked);
    }
}
