package org.opensrm.core.full;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.opensrm.core.full.FullModeFixture.ALICE;
import static org.opensrm.core.full.FullModeFixture.BOB;

import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.TokenGenerator;
import org.opensrm.core.service.LocalAccounts;
import org.opensrm.core.service.PutFile;
import org.opensrm.core.service.PutRequest;
import org.opensrm.core.service.RequestOptions;
import org.opensrm.core.service.TransferFile;
import org.opensrm.core.service.TransferResult;
import org.opensrm.core.space.PinnedFiles;
import org.opensrm.core.space.ReserveRequest;
import org.opensrm.core.space.SpaceLimits;
import org.opensrm.core.space.SpaceService;
import org.opensrm.core.space.SpaceStore;
import org.opensrm.stores.SpaceStores;
import org.opensrm.core.space.SpaceToken;

/**
 * The put path of full mode with space reservation, over the engine as the server wires it: claims taken at
 * srmPrepareToPut, counted at srmPutDone with the real size, given back when the put's TURL expires (the reaper),
 * and a reservation's own lifetime enforced by the reaper.
 */
class SpacePutPathTest extends FullModeTestBase {
    private static final Duration TURL = Duration.ofMinutes(5);
    private SpaceStore spaceStore;
    private SpaceService spaces;
    private FullMode full;

    @BeforeEach
    void start() throws Exception {
        spaceStore = SpaceStores.embedded(fx.state, fx.clock);
        spaces = new SpaceService(spaceStore, SpaceLimits.builder().userLimit(1_000_000).build(),
                path -> java.util.OptionalLong.empty(), PinnedFiles.NONE, new TokenGenerator(), fx.clock);
        full = fx.startWithSpace(spaces, FullModeFixture.config().turlLifetime(TURL).build());
    }

    @AfterEach
    void stop() {
        fx.stop();
        spaceStore.close();
    }

    private SpaceToken reserve(long bytes, long lifetimeSeconds) throws SrmException {
        ReserveRequest r = ReserveRequest.of("run", bytes);
        return spaces.reserve(ALICE.owner(), new ReserveRequest(r.description(), r.retention(), r.latency(),
                r.desiredTotalBytes(), bytes, java.util.OptionalLong.of(lifetimeSeconds))).reservation().token();
    }

    private long used(SpaceToken token) throws SrmException {
        return spaces.metaData(ALICE.owner(), List.of(token.value())).get(0).reservation().orElseThrow().usedBytes();
    }

    private TransferResult put(String path, SpaceToken token, long expected) throws SrmException {
        return full.puts().prepare(ALICE, new PutRequest(List.of(new PutFile(FullModeFixture.surl(path), expected)),
                List.of("gsiftp"), false, Optional.of(token.value()), Optional.empty(), RequestOptions.NONE));
    }

    @Test
    void aPutWhoseTurlExpiresGivesItsClaimBackThroughTheReaper() throws Exception {
        SpaceToken token = reserve(5000, 3600);
        TransferResult made = put("/data/expiring.root", token, 2000);
        assertEquals(2000, used(token));
        fx.awaitServed(() -> full.puts().status(ALICE, made.token(), List.of()));
        fx.clock.advance(TURL.plusSeconds(1));
        full.reaper().runOnce();
        assertEquals(0, used(token));
    }

    @Test
    void putDoneCountsTheRealSizeAndSrmRmGivesItBack() throws Exception {
        SpaceToken token = reserve(5000, 3600);
        TransferResult made = put("/data/landed.root", token, 0);
        TransferFile f = fx.awaitServed(() -> full.puts().status(ALICE, made.token(), List.of())).files().get(0);
        LocalAccounts.file(fx.local(f.turl()), LocalAccounts.SRMUSER1, new byte[1234]);
        assertEquals(SrmStatus.SRM_SUCCESS, full.puts().putDone(ALICE, made.token(), List.of()).get(0).status());
        assertEquals(1234, used(token));
        assertEquals(1234, spaceStore.file(SrmPath.of("/data/landed.root")).orElseThrow().sizeBytes());
        spaces.removed(SrmPath.of("/data/landed.root"));
        assertEquals(0, used(token));
    }

    @Test
    void anExpiredReservationIsExpiredByTheReaperAndRefusesPuts() throws Exception {
        SpaceToken token = reserve(5000, 60);
        fx.clock.advance(Duration.ofSeconds(61));
        full.reaper().runOnce();
        assertTrue(spaceStore.expired(fx.clock.instant(), 10).isEmpty(), "the reaper expired it");
        SrmException refused = assertThrows(SrmException.class, () -> put("/data/late.root", token, 10));
        assertEquals(SrmStatus.SRM_SPACE_LIFETIME_EXPIRED, refused.status());
        assertFalse(Files.exists(fx.root.resolve("data/late.root")));
    }

    @Test
    void anotherUsersPutIsRefusedAsAWholeAndTakesNothing() throws Exception {
        SpaceToken token = reserve(5000, 3600);
        SrmException refused = assertThrows(SrmException.class, () -> full.puts().prepare(BOB,
                new PutRequest(List.of(new PutFile(FullModeFixture.surl("/bobs/x.root"), 10)), List.of("gsiftp"), false,
                        Optional.of(token.value()), Optional.empty(), RequestOptions.NONE)));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, refused.status());
        assertEquals(0, used(token));
    }
}
