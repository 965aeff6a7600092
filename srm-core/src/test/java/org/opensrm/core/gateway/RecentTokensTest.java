package org.opensrm.core.gateway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class RecentTokensTest {
    @Test
    void keepsWhatWasPutUntilNewerOnesPushItOut() {
        RecentTokens<Integer> recent = new RecentTokens<>(3);
        recent.put("a", 1);
        recent.put("b", 2);
        recent.put("c", 3);
        assertEquals(1, recent.get("a"));
        recent.put("d", 4);
        assertNull(recent.get("a"), "the oldest goes at capacity");
        assertEquals(2, recent.get("b"));
        assertEquals(4, recent.get("d"));
        assertEquals(3, recent.size());
    }

    @Test
    void aTokenPutTwiceIsKeptOnceWithItsFirstValue() {
        RecentTokens<Integer> recent = new RecentTokens<>(2);
        recent.put("a", 1);
        recent.put("a", 9);
        recent.put("b", 2);
        assertEquals(1, recent.get("a"));
        assertEquals(2, recent.size());
    }

    @Test
    void noCapacityKeepsNothingAndNoTokenFindsNothing() {
        RecentTokens<Integer> none = new RecentTokens<>(0);
        none.put("a", 1);
        assertNull(none.get("a"));
        assertNull(new RecentTokens<Integer>(2).get(null));
    }
}
