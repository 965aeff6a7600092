package org.opensrm.server.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class RequestCostTest {
    @Test
    void anSrmLsIsChargedItsSurlsAndOneListingPage() {
        RequestCost cost = new RequestCost(1000);
        assertEquals(RequestCost.ENTRY_BYTES * (1 + 1000L), cost.ofAnswer("srmLs", 1));
        assertEquals(RequestCost.ENTRY_BYTES * (10_000 + 1000L), cost.ofAnswer("srmLs", 10_000));
    }

    @Test
    void aSiteThatRaisesTheListingLimitDoesNotChargeEveryListingItsLongest() {
        // ls.max.entries=20000 (benchmarks/run-scalability sets it): charged 41 MB an srmLs, a 768 MB heap's
        // budget answered busy from the fifth concurrent listing of a 10-entry directory on.
        assertEquals(RequestCost.ENTRY_BYTES * (1 + 1000L), new RequestCost(20_000).ofAnswer("srmLs", 1));
    }

    @Test
    void otherCallsAreChargedTheirItemsAlone() {
        assertEquals(RequestCost.ENTRY_BYTES * 5L, new RequestCost(1000).ofAnswer("srmRm", 5));
    }

    @Test
    void theBodyIsChargedBeforeItIsRead() {
        assertEquals(3 * 700L, RequestCost.ofBody(700));
        assertEquals(5 * 700L, RequestCost.ofRewriting(700));
    }
}
