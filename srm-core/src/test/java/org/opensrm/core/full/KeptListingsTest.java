package org.opensrm.core.full;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.RequestToken;
import org.opensrm.core.service.PathDetail;

class KeptListingsTest {
    private static PathDetail dir(String path, int children) {
        List<PathDetail> c = new ArrayList<>();
        for (int i = 0; i < children; i++) {
            c.add(new PathDetail(path + "/f" + i, SrmStatus.SRM_SUCCESS, null, null, null, List.of()));
        }
        return new PathDetail(path, SrmStatus.SRM_SUCCESS, null, null, null, c);
    }

    @Test
    void everyListedPathCountsAndTheLeastRecentlyAskedForGoFirst() {
        KeptListings kept = new KeptListings(25);
        RequestToken a = new RequestToken("a");
        RequestToken b = new RequestToken("b");
        RequestToken c = new RequestToken("c");
        kept.keep(a, 1, 0, dir("/a", 9));
        kept.keep(b, 2, 0, dir("/b", 4));
        kept.keep(b, 2, 1, dir("/b2", 4));
        assertEquals(20, kept.entries());
        assertNotNull(kept.get(a, 1)[0]); // a is now the most recently asked for
        kept.keep(c, 1, 0, dir("/c", 9));
        assertEquals(20, kept.entries());
        assertNull(kept.get(b, 2)[0], "b was dropped");
        assertNotNull(kept.get(a, 1)[0]);
        assertNotNull(kept.get(c, 1)[0]);
    }

    @Test
    void aListingLargerThanTheWholeBoundIsNotKept() {
        KeptListings kept = new KeptListings(5);
        kept.keep(new RequestToken("a"), 1, 0, dir("/a", 5));
        assertEquals(0, kept.entries());
        assertNull(kept.get(new RequestToken("a"), 1)[0]);
    }
}
