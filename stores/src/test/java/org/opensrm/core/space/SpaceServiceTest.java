package org.opensrm.core.space;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.opensrm.core.space.contract.SpaceStoreContract.assertStatus;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.Owner;
import org.opensrm.core.TokenGenerator;
import org.opensrm.core.contract.TestClock;
import org.opensrm.core.space.contract.Race;
import org.opensrm.stores.SpaceStores;

/** {@link SpaceService} over the embedded store: each operation's rules, asserted on the state it leaves. */
class SpaceServiceTest {
    private static final long GB = 1_000_000_000L;

    private final TestClock clock = new TestClock(java.time.Instant.parse("2030-01-01T00:00:00Z"));
    private final Owner alice = new Owner("/DC=org/CN=Alice", "atlas001", List.of("/atlas/Role=NULL/Capability=NULL"));
    private final Owner dave = new Owner("/DC=org/CN=Dave", "atlas002", List.of("/atlas/uk/Role=production"));
    private final Owner bob = new Owner("/DC=org/CN=Bob", "cms001", List.of("/cms/Role=NULL"));
    private final Owner admin = Owner.of("/DC=org/CN=Site Admin", "root");
    private final Map<SrmPath, Long> namespace = new HashMap<>();
    private final Set<SrmPath> pinned = new HashSet<>();
    private final SpaceLimits limits = SpaceLimits.builder().voLimits(Map.of("atlas", 10 * GB, "cms", 10 * GB))
            .siteLimit(15 * GB).admins(Set.of(admin.dn())).build();

    @TempDir
    Path stateDir;
    private SpaceStore store;
    private SpaceService space;

    @BeforeEach
    void open() throws SrmException {
        store = SpaceStores.embedded(stateDir, clock);
        space = service(limits);
    }

    @AfterEach
    void close() {
        store.close();
    }

    private SpaceService service(SpaceLimits l) {
        return new SpaceService(store, l, p -> namespace.containsKey(p) ? OptionalLong.of(namespace.get(p))
                : OptionalLong.empty(), pinned::contains, new TokenGenerator(), clock);
    }

    private SpaceReservation reserve(Owner who, long bytes) throws SrmException {
        SpaceResult r = space.reserve(who, ReserveRequest.of("DATA", bytes));
        assertEquals(SrmStatus.SRM_SUCCESS, r.status());
        return r.reservation();
    }

    private SpaceReservation stored(SpaceReservation r) throws SrmException {
        return store.load(r.token());
    }

    private static SrmPath path(String p) throws SrmException {
        return SrmPath.of(p);
    }

    // --- srmReserveSpace ---

    @Test
    void aReservationIsForTheCallersPrimaryGroupAndShowsInItsMetaData() throws Exception {
        SpaceReservation r = reserve(alice, GB);
        assertEquals(Optional.of("/atlas"), r.group());
        assertEquals(alice, r.owner());
        assertEquals(Optional.of(clock.instant().plus(SpaceLimits.DEFAULT_LIFETIME)), r.expiresAt());
        SpaceDetail d = space.metaData(dave, List.of(r.token().value())).get(0);
        assertEquals(SrmStatus.SRM_SUCCESS, d.status());
        assertEquals(GB, d.reservation().orElseThrow().totalBytes());
        assertEquals(Optional.of(SpaceLimits.DEFAULT_LIFETIME), d.lifetimeLeft());
        assertEquals(r, stored(r));
    }

    @Test
    void badReservationsAreRefusedPreciselyAndLeaveNothingBehind() throws Exception {
        Map<SrmStatus, List<ReserveRequest>> bad = Map.of(
                SrmStatus.SRM_NOT_SUPPORTED, List.of(
                        new ReserveRequest(Optional.empty(), RetentionPolicy.CUSTODIAL, Optional.empty(),
                                OptionalLong.empty(), GB, OptionalLong.empty()),
                        new ReserveRequest(Optional.empty(), RetentionPolicy.REPLICA,
                                Optional.of(AccessLatency.NEARLINE), OptionalLong.empty(), GB, OptionalLong.empty())),
                SrmStatus.SRM_INVALID_REQUEST, List.of(
                        ReserveRequest.of("zero", 0),
                        ReserveRequest.of("negative", -5),
                        ReserveRequest.of("absurd", Long.MAX_VALUE),
                        new ReserveRequest(Optional.empty(), RetentionPolicy.REPLICA, Optional.empty(),
                                OptionalLong.of(GB), 2 * GB, OptionalLong.empty()),
                        new ReserveRequest(Optional.empty(), RetentionPolicy.REPLICA, Optional.empty(),
                                OptionalLong.of(-1), GB, OptionalLong.empty()),
                        lifetime(0), lifetime(-7), lifetime(ReserveRequest.INFINITE),
                        lifetime(SpaceLimits.DEFAULT_MAX_LIFETIME.toSeconds() + 1),
                        ReserveRequest.of("x".repeat(SpaceService.MAX_DESCRIPTION + 1), GB),
                        ReserveRequest.of("two\nlines", GB)));
        for (Map.Entry<SrmStatus, List<ReserveRequest>> e : bad.entrySet()) {
            for (ReserveRequest request : e.getValue()) {
                SrmException x = assertThrows(SrmException.class, () -> space.reserve(alice, request),
                        request.toString());
                assertEquals(e.getKey(), x.status(), request + ": " + x.getMessage());
            }
        }
        assertEquals(List.of(), store.findByOwner(alice, Optional.empty()));
        assertEquals(0, store.reservedBytes(SpaceStore.SITE, clock.instant()));
    }

    private static ReserveRequest lifetime(long seconds) {
        return new ReserveRequest(Optional.empty(), RetentionPolicy.REPLICA, Optional.empty(), OptionalLong.empty(),
                GB, OptionalLong.of(seconds));
    }

    @Test
    void aVoMayNotReserveBeyondItsSiteLimitAndGetsLessTotalWhenOnlyThatFits() throws Exception {
        reserve(alice, 6 * GB);
        SpaceResult lower = space.reserve(dave, new ReserveRequest(Optional.of("more"), RetentionPolicy.REPLICA,
                Optional.empty(), OptionalLong.of(6 * GB), 3 * GB, OptionalLong.empty()));
        assertEquals(SrmStatus.SRM_LOWER_SPACE_GRANTED, lower.status());
        assertEquals(4 * GB, stored(lower.reservation()).totalBytes());
        assertEquals(3 * GB, stored(lower.reservation()).guaranteedBytes());
        assertStatus(SrmStatus.SRM_EXCEED_ALLOCATION, () -> space.reserve(alice, ReserveRequest.of("full", 1)));
        Owner eve = new Owner("/DC=org/CN=Eve", "dteam001", List.of("/dteam"));
        assertStatus(SrmStatus.SRM_EXCEED_ALLOCATION, () -> space.reserve(eve, ReserveRequest.of("unlisted", 1)));
        assertStatus(SrmStatus.SRM_EXCEED_ALLOCATION,
                () -> space.reserve(Owner.of("/DC=org/CN=NoVoms", "plain"), ReserveRequest.of("private", 1)));
        assertEquals(10 * GB, store.reservedBytes("vo:atlas", clock.instant()));
    }

    @Test
    void theSiteMayNotReserveBeyondItsLimit() throws Exception {
        reserve(alice, 10 * GB);
        reserve(bob, 5 * GB);
        assertStatus(SrmStatus.SRM_NO_FREE_SPACE, () -> space.reserve(bob, ReserveRequest.of("more", 1)));
    }

    @Test
    void statusCallsAnswerInvalidRequestBecauseEveryAnswerIsImmediate() {
        assertStatus(SrmStatus.SRM_INVALID_REQUEST, () -> space.statusOfReserve(alice, "anything"));
        assertStatus(SrmStatus.SRM_INVALID_REQUEST, () -> space.statusOfUpdate(alice, "anything"));
        assertStatus(SrmStatus.SRM_INVALID_REQUEST, () -> space.statusOfChangeSpaceForFiles(alice, "anything"));
    }

    // --- who writes, releases, updates ---

    @Test
    void membersOfTheGroupWriteAndOthersAreRefused() throws Exception {
        SpaceReservation r = reserve(alice, GB);
        SpaceClaim claim = space.admit(r.token(), dave, OptionalLong.of(1000));
        assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE, () -> space.admit(r.token(), bob, OptionalLong.of(1000)));
        assertEquals(1000, stored(r).usedBytes());
        space.commit(claim, path("/atlas/f"), 1000, Optional.empty());
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE,
                space.metaData(bob, List.of(r.token().value())).get(0).status());
    }

    @Test
    void onlyTheOwnerOrAnAdminReleasesAndAReleasedTokenTakesNothing() throws Exception {
        SpaceReservation r = reserve(alice, GB);
        SpaceReservation s = reserve(alice, GB);
        assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE, () -> space.release(dave, r.token(), true));
        assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE, () -> space.release(bob, r.token(), true));
        assertEquals(SpaceState.RESERVED, stored(r).state());
        space.release(alice, r.token(), false);
        space.release(admin, s.token(), false);
        assertEquals(SpaceState.RELEASED, stored(r).state());
        assertEquals(SpaceState.RELEASED, stored(s).state());
        assertStatus(SrmStatus.SRM_INVALID_REQUEST, () -> space.release(alice, r.token(), false));
        assertStatus(SrmStatus.SRM_INVALID_REQUEST, () -> space.admit(r.token(), alice, OptionalLong.of(1)));
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, space.metaData(alice, List.of(r.token().value())).get(0).status());
        assertEquals(0, store.reservedBytes("vo:atlas", clock.instant()));
    }

    @Test
    void aSpaceWithUploadsInProgressOrPinnedFilesIsKept() throws Exception {
        SpaceReservation r = reserve(alice, 1000);
        space.commit(space.admit(r.token(), alice, OptionalLong.of(100)), path("/atlas/pinned"), 100,
                Optional.empty());
        SpaceClaim open = space.admit(r.token(), alice, OptionalLong.of(200));
        assertStatus(SrmStatus.SRM_FAILURE, () -> space.release(alice, r.token(), true));
        space.abandon(open);
        pinned.add(path("/atlas/pinned"));
        assertStatus(SrmStatus.SRM_FAILURE, () -> space.release(alice, r.token(), false));
        assertEquals(SpaceState.RESERVED, stored(r).state());
        space.release(alice, r.token(), true);
        assertEquals(SpaceState.RELEASED, stored(r).state());
        assertEquals(List.of(), store.files(r.token()));
    }

    @Test
    void theOwnerUpdatesSizesAndLifetimeWithinTheRules() throws Exception {
        SpaceReservation r = reserve(alice, GB);
        space.commit(space.admit(r.token(), alice, OptionalLong.of(GB / 2)), path("/atlas/f"), GB / 2,
                Optional.empty());
        assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE,
                () -> space.update(dave, r.token(), new SpaceUpdate(OptionalLong.of(2 * GB), OptionalLong.empty(),
                        OptionalLong.empty())));
        assertStatus(SrmStatus.SRM_INVALID_REQUEST, () -> space.update(alice, r.token(),
                new SpaceUpdate(OptionalLong.of(GB / 4), OptionalLong.empty(), OptionalLong.empty())));
        assertStatus(SrmStatus.SRM_EXCEED_ALLOCATION, () -> space.update(alice, r.token(),
                new SpaceUpdate(OptionalLong.of(11 * GB), OptionalLong.empty(), OptionalLong.empty())));
        assertStatus(SrmStatus.SRM_INVALID_REQUEST, () -> space.update(alice, r.token(),
                new SpaceUpdate(OptionalLong.empty(), OptionalLong.empty(), OptionalLong.of(0))));
        assertEquals(GB, stored(r).totalBytes());
        clock.advance(Duration.ofHours(1));
        space.update(admin, r.token(), new SpaceUpdate(OptionalLong.of(3 * GB), OptionalLong.of(2 * GB),
                OptionalLong.of(7200)));
        SpaceReservation after = stored(r);
        assertEquals(3 * GB, after.totalBytes());
        assertEquals(2 * GB, after.guaranteedBytes());
        assertEquals(GB / 2, after.usedBytes());
        assertEquals(Optional.of(clock.instant().plusSeconds(7200)), after.expiresAt());
    }

    // --- srmGetSpaceTokens ---

    @Test
    void tokensAreFoundByDescriptionAmongThoseTheCallerMaySee() throws Exception {
        SpaceReservation a = space.reserve(alice, ReserveRequest.of("PROD", GB)).reservation();
        SpaceReservation c = space.reserve(bob, ReserveRequest.of("PROD", GB)).reservation();
        space.reserve(alice, ReserveRequest.of("USER", GB));
        space.declareStatic("DATADISK", Optional.empty(), 0, "PROD");
        assertEquals(Set.of(a.token(), new SpaceToken("DATADISK")),
                Set.copyOf(space.tokens(dave, Optional.of("PROD"))));
        assertEquals(Set.of(c.token(), new SpaceToken("DATADISK")),
                Set.copyOf(space.tokens(bob, Optional.of("PROD"))));
        assertEquals(3, space.tokens(alice, Optional.empty()).size());
        assertStatus(SrmStatus.SRM_INVALID_REQUEST, () -> space.tokens(alice, Optional.of("NOSUCH")));
    }

    // --- the put path ---

    @Test
    void aPutsClaimIsCommittedAtItsRealSizeOrGivenBack() throws Exception {
        SpaceReservation r = reserve(alice, 1000);
        SpaceClaim claim = space.admit(r.token(), alice, OptionalLong.of(400));
        assertEquals(400, stored(r).usedBytes());
        space.commit(claim, path("/atlas/a"), 300, Optional.of(Duration.ofHours(2)));
        assertEquals(300, stored(r).usedBytes());
        SpaceClaim unsized = space.admit(r.token(), dave, OptionalLong.empty());
        assertStatus(SrmStatus.SRM_EXCEED_ALLOCATION,
                () -> space.commit(unsized, path("/atlas/big"), 800, Optional.empty()));
        space.abandon(unsized);
        assertEquals(300, stored(r).usedBytes());
        SpaceClaim aborted = space.admit(r.token(), dave, OptionalLong.of(700));
        assertStatus(SrmStatus.SRM_EXCEED_ALLOCATION, () -> space.admit(r.token(), dave, OptionalLong.of(1)));
        space.abandon(aborted);
        assertEquals(300, stored(r).usedBytes());
        assertStatus(SrmStatus.SRM_INVALID_REQUEST, () -> space.admit(r.token(), alice, OptionalLong.of(-1)));
        assertEquals(List.of(new SpaceFile(r.token(), path("/atlas/a"), 300,
                Optional.of(clock.instant().plus(Duration.ofHours(2))))), store.files(r.token()));
        space.renamed(path("/atlas/a"), path("/atlas/b"));
        space.removed(path("/atlas/b"));
        assertEquals(0, stored(r).usedBytes());
    }

    @Test
    void concurrentPutsRacingForTheLastBytesAreAdmittedExactlyAsFarAsTheyFit() throws Exception {
        SpaceReservation r = reserve(alice, 10_000);
        space.commit(space.admit(r.token(), alice, OptionalLong.of(5_000)), path("/atlas/first"), 5_000,
                Optional.empty());
        List<SrmStatus> outcomes = Race.run(20, n -> space.commit(space.admit(r.token(), n % 2 == 0 ? alice : dave,
                OptionalLong.of(1_000)), path("/atlas/race" + n), 1_000, Optional.empty()));
        assertEquals(5, Collections.frequency(outcomes, SrmStatus.SRM_SUCCESS), outcomes.toString());
        assertEquals(15, Collections.frequency(outcomes, SrmStatus.SRM_EXCEED_ALLOCATION), outcomes.toString());
        assertEquals(10_000, stored(r).usedBytes());
        assertEquals(6, store.files(r.token()).size());
    }

    @Test
    void reservationsClaimsAndFilesSurviveARestart() throws Exception {
        SpaceReservation r = reserve(alice, 1000);
        space.commit(space.admit(r.token(), alice, OptionalLong.of(600)), path("/atlas/kept"), 600,
                Optional.empty());
        SpaceClaim open = space.admit(r.token(), dave, OptionalLong.of(300));
        store.close();
        store = SpaceStores.embedded(stateDir, clock);
        space = service(limits);
        assertEquals(900, stored(r).usedBytes());
        assertStatus(SrmStatus.SRM_EXCEED_ALLOCATION, () -> space.admit(r.token(), alice, OptionalLong.of(101)));
        space.abandon(open);
        space.admit(r.token(), alice, OptionalLong.of(400));
        assertEquals(1000, stored(r).usedBytes());
        assertEquals(1, store.files(r.token()).size());
        assertEquals(SrmStatus.SRM_SUCCESS, space.metaData(alice, List.of(r.token().value())).get(0).status());
    }

    // --- lifetimes ---

    @Test
    void anExpiredReservationTakesNoPutKeepsItsFilesOutOfItAndNoLongerCounts() throws Exception {
        SpaceReservation r = reserve(alice, 10 * GB);
        space.commit(space.admit(r.token(), alice, OptionalLong.of(GB)), path("/atlas/f"), GB, Optional.empty());
        clock.advance(SpaceLimits.DEFAULT_LIFETIME);
        assertStatus(SrmStatus.SRM_SPACE_LIFETIME_EXPIRED, () -> space.admit(r.token(), alice, OptionalLong.of(1)));
        assertEquals(SrmStatus.SRM_SPACE_LIFETIME_EXPIRED,
                space.metaData(alice, List.of(r.token().value())).get(0).status());
        assertEquals(1, space.expireDue(10));
        assertEquals(SpaceState.EXPIRED, stored(r).state());
        assertEquals(Optional.empty(), store.file(path("/atlas/f")));
        assertEquals(0, space.expireDue(10));
        assertEquals(List.of(), space.reservedNow());
        SpaceReservation next = reserve(alice, 10 * GB);
        space.admit(next.token(), dave, OptionalLong.of(GB));
        SpaceReservation shown = space.reservedNow().get(0);
        assertEquals(List.of(10 * GB, GB, 9 * GB), List.of(shown.totalBytes(), shown.usedBytes(), shown.freeBytes()));
    }

    @Test
    void filesMoveIntoASpaceOnlyAsFarAsTheyFit() throws Exception {
        SpaceReservation from = reserve(alice, 1000);
        SpaceReservation to = reserve(alice, 1000);
        space.commit(space.admit(from.token(), alice, OptionalLong.of(600)), path("/atlas/in"), 600,
                Optional.empty());
        namespace.put(path("/atlas/loose"), 300L);
        namespace.put(path("/atlas/huge"), 5000L);
        List<SpaceFileResult> results = space.changeSpaceForFiles(dave, to.token(),
                List.of(path("/atlas/in"), path("/atlas/loose"), path("/atlas/huge"), path("/atlas/none")));
        assertEquals(List.of(SrmStatus.SRM_SUCCESS, SrmStatus.SRM_SUCCESS, SrmStatus.SRM_EXCEED_ALLOCATION,
                SrmStatus.SRM_INVALID_PATH), results.stream().map(SpaceFileResult::status).toList());
        assertEquals(0, stored(from).usedBytes());
        assertEquals(900, stored(to).usedBytes());
        assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE,
                () -> space.changeSpaceForFiles(bob, to.token(), List.of(path("/atlas/in"))));
    }

    @Test
    void aFilesLifetimeInASpaceIsExtendedUpToTheSpacesOwn() throws Exception {
        SpaceReservation r = space.reserve(alice, new ReserveRequest(Optional.empty(), RetentionPolicy.REPLICA,
                Optional.empty(), OptionalLong.empty(), 1000, OptionalLong.of(3600))).reservation();
        space.commit(space.admit(r.token(), alice, OptionalLong.of(10)), path("/atlas/f"), 10,
                Optional.of(Duration.ofMinutes(1)));
        List<SpaceFileResult> short1 = space.extendFileLifeTimeInSpace(alice, r.token(), List.of(path("/atlas/f")),
                OptionalLong.of(600));
        assertEquals(Optional.of(Duration.ofSeconds(600)), short1.get(0).lifetime());
        List<SpaceFileResult> capped = space.extendFileLifeTimeInSpace(alice, r.token(), List.of(),
                OptionalLong.of(86_400));
        assertEquals(Optional.of(Duration.ofSeconds(3600)), capped.get(0).lifetime());
        assertEquals(r.expiresAt(), store.file(path("/atlas/f")).orElseThrow().expiresAt());
        assertEquals(SrmStatus.SRM_INVALID_PATH, space.extendFileLifeTimeInSpace(alice, r.token(),
                List.of(path("/atlas/other")), OptionalLong.of(60)).get(0).status());
        assertStatus(SrmStatus.SRM_INVALID_REQUEST, () -> space.extendFileLifeTimeInSpace(alice, r.token(),
                List.of(), OptionalLong.of(0)));
    }

    @Test
    void purgingKeepsTheOnlyCopyOfALiveFileAndFreesAnExpiredOne() throws Exception {
        SpaceReservation r = reserve(alice, 1000);
        space.commit(space.admit(r.token(), alice, OptionalLong.of(100)), path("/atlas/permanent"), 100,
                Optional.empty());
        space.commit(space.admit(r.token(), alice, OptionalLong.of(200)), path("/atlas/volatile"), 200,
                Optional.of(Duration.ofMinutes(5)));
        clock.advance(Duration.ofMinutes(5));
        List<SpaceFileResult> results = space.purgeFromSpace(dave, r.token(),
                List.of(path("/atlas/permanent"), path("/atlas/volatile"), path("/atlas/none")));
        assertEquals(List.of(SrmStatus.SRM_LAST_COPY, SrmStatus.SRM_SUCCESS, SrmStatus.SRM_INVALID_PATH),
                results.stream().map(SpaceFileResult::status).toList());
        assertEquals(100, stored(r).usedBytes());
        assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE,
                () -> space.purgeFromSpace(bob, r.token(), List.of(path("/atlas/permanent"))));
    }

    // --- static tokens ---

    @Test
    void staticTokensAreOpenToAnyoneAndCannotBeReleasedOrUpdated() throws Exception {
        space.declareStatic("DATADISK", Optional.empty(), 5000, "disk");
        SpaceToken t = new SpaceToken("DATADISK");
        space.commit(space.admit(t, bob, OptionalLong.of(1000)), path("/data/b"), 1000, Optional.empty());
        assertEquals(1000, store.load(t).usedBytes());
        assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE, () -> space.release(admin, t, true));
        assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE, () -> space.update(admin, t,
                new SpaceUpdate(OptionalLong.of(1), OptionalLong.empty(), OptionalLong.empty())));
        assertEquals(SrmStatus.SRM_SUCCESS, space.metaData(bob, List.of("DATADISK")).get(0).status());
        clock.advance(Duration.ofDays(10_000));
        assertEquals(0, space.expireDue(10));
        space.declareStatic("DATADISK", Optional.empty(), 5000, "disk");
        assertEquals(1000, store.load(t).usedBytes());
        assertTrue(store.load(t).isStatic());
    }

    @Test
    void malformedAndUnknownTokensFailAloneInMetaData() throws Exception {
        SpaceReservation r = reserve(alice, 1000);
        List<SpaceDetail> details = space.metaData(alice, java.util.Arrays.asList("bad token", null,
                "unknownToken", r.token().value()));
        assertEquals(List.of(SrmStatus.SRM_INVALID_REQUEST, SrmStatus.SRM_INVALID_REQUEST,
                SrmStatus.SRM_INVALID_REQUEST, SrmStatus.SRM_SUCCESS),
                details.stream().map(SpaceDetail::status).toList());
        assertStatus(SrmStatus.SRM_INVALID_REQUEST, () -> space.metaData(alice, List.of()));
        assertStatus(SrmStatus.SRM_INVALID_REQUEST,
                () -> space.admit(new SpaceToken("unknownToken"), alice, OptionalLong.of(1)));
    }
}
