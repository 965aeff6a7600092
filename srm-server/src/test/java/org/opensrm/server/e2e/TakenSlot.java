package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.opensrm.client.HttpgResponse;

/**
 * A server's processing slot, taken by an srmLs of {@code heldPath} that a {@link HoldingBackend} holds until
 * closed; closing checks that the held call then succeeded.
 */
final class TakenSlot implements AutoCloseable {
    private final HoldingBackend.Hold hold;
    private final CompletableFuture<HttpgResponse> call;

    private TakenSlot(HoldingBackend.Hold hold, CompletableFuture<HttpgResponse> call) {
        this.hold = hold;
        this.call = call;
    }

    static TakenSlot take(HoldingBackend backend, SrmSoap soap, E2eSite site, String heldPath)
            throws InterruptedException {
        HoldingBackend.Hold hold = backend.arm();
        CompletableFuture<HttpgResponse> call = CompletableFuture.supplyAsync(() -> {
            try {
                return soap.ls(site.surl(heldPath), true, 0, -1, -1);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        assertTrue(hold.awaitArrival(60), "the slot holder's srmLs never reached the backend");
        return new TakenSlot(hold, call);
    }

    boolean stillTaken() {
        return hold.isHolding();
    }

    @Override
    public void close() throws Exception {
        hold.release();
        HttpgResponse r = call.get(60, TimeUnit.SECONDS);
        assertEquals("SRM_SUCCESS", r.text("srmLsResponse/returnStatus/statusCode"), r.toString());
    }
}
