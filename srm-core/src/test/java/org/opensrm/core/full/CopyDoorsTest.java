package org.opensrm.core.full;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.service.Transfers;
import org.opensrm.core.service.TurlGrant;

/** {@link CopyDoors}: a door per protocol both sides can copy with, https first; which remote TURLs are usable. */
class CopyDoorsTest {
    /** Doors of the given kinds, those in {@code down} offered but not up. */
    private static Doors doors(List<String> offered, Set<String> down) {
        return new Doors(new Transfers() {
            @Override
            public List<String> offered() {
                return offered;
            }

            @Override
            public String choose(List<String> preference) throws SrmException {
                String kind = preference.get(0);
                if (!offered.contains(kind)) {
                    throw new SrmException(SrmStatus.SRM_NOT_SUPPORTED, kind + " is not offered");
                }
                if (down.contains(kind)) {
                    throw new SrmException(SrmStatus.SRM_FAILURE, "no " + kind + " node is reachable");
                }
                return kind + "://door-" + kind + ":1";
            }

            @Override
            public String turl(String door, SrmPath path, TurlGrant grant) {
                return door + path;
            }
        });
    }

    @Test
    void httpsComesFirstWhenBothSidesHaveItAndGridFtpOtherwise() throws Exception {
        CopyDoors both = CopyDoors.choose(doors(List.of("gsiftp", "root", "https"), Set.of()),
                Set.of("gsiftp", "https"));
        assertEquals(List.of("https", "gsiftp"), both.protocols());
        assertEquals("https://door-https:1", both.doorFor(URI.create("davs://remote:443/f?authz=x")));
        assertEquals("gsiftp://door-gsiftp:1", both.doorFor(URI.create("gsiftp://remote/f")));
        assertEquals(List.of("gsiftp"), both.after("https"));

        CopyDoors noHttpTransfer = CopyDoors.choose(doors(List.of("gsiftp", "https"), Set.of()), Set.of("gsiftp"));
        assertEquals(List.of("gsiftp"), noHttpTransfer.protocols());
        CopyDoors noHttpsDoor = CopyDoors.choose(doors(List.of("gsiftp"), Set.of()), Set.of("gsiftp", "https"));
        assertEquals(List.of("gsiftp"), noHttpsDoor.protocols());
        CopyDoors gridFtpDown = CopyDoors.choose(doors(List.of("gsiftp", "https"), Set.of("gsiftp")),
                Set.of("gsiftp", "https"));
        assertEquals(List.of("https"), gridFtpDown.protocols());
    }

    @Test
    void anHttpsTurlWithoutATokenOrAProtocolNotAskedForIsNotUsable() throws Exception {
        CopyDoors both = CopyDoors.choose(doors(List.of("gsiftp", "https"), Set.of()), Set.of("gsiftp", "https"));
        assertTrue(both.usable(URI.create("https://remote:443/f?authz=MDAx")));
        assertTrue(both.usable(URI.create("https://remote:443/f?x=1&authz=MDAx")));
        assertFalse(both.usable(URI.create("https://remote:443/f")), "no token to give the remote door");
        assertFalse(both.usable(URI.create("root://remote:1094//f?authz=MDAx")));
        assertThrows(SrmException.class, () -> both.doorFor(URI.create("root://remote:1094//f")));
    }

    @Test
    void everyDoorDownWaitsAndNoDoorAtAllIsNotSupported() {
        assertThrows(NoDoorException.class, () -> CopyDoors.choose(doors(List.of("gsiftp", "https"),
                Set.of("gsiftp", "https")), Set.of("gsiftp", "https")));
        SrmException none = assertThrows(SrmException.class, () -> CopyDoors.choose(doors(List.of("root"),
                Set.of()), Set.of("gsiftp", "https")));
        assertEquals(SrmStatus.SRM_NOT_SUPPORTED, none.status());
    }
}
