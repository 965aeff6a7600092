package org.opensrm.core.gateway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.FileState;
import org.opensrm.core.NewFile;
import org.opensrm.core.NewRequest;
import org.opensrm.core.Owner;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestState;
import org.opensrm.core.contract.TestClock;

/** What gateway mode's token store does beyond the contract suite: lifetimes, forgery, the other tokens. */
class TokenRequestStoreTest {
    private static final byte[] KEY = "first-shared-secret-key".getBytes(StandardCharsets.UTF_8);
    private static final Instant START = Instant.parse("2030-01-01T00:00:00Z");
    private static final Owner JANE = Owner.of("/DC=org/DC=example/CN=Jane Doe", "srmuser1");

    private final TestClock clock = new TestClock(START);
    private final TokenCodec codec = new TokenCodec(KEY);
    private final TokenRequestStore store = new TokenRequestStore(codec, clock);

    private Request getOf(Duration... pins) throws SrmException {
        List<NewFile> files = java.util.Arrays.stream(pins)
                .map(pin -> NewFile.of("srm://localhost/data/f" + pin.toMinutes()).withPinLifetime(pin)).toList();
        return store.create(NewRequest.of(RequestKind.GET, JANE, Duration.ofMinutes(10), files));
    }

    private static SrmStatus statusOf(org.junit.jupiter.api.function.Executable call) {
        return assertThrows(SrmException.class, call).status();
    }

    @Test
    void filesArePinnedUntilTheirPinOrTheRequestRunsOutThenExpired() throws Exception {
        Request r = getOf(Duration.ofMinutes(3), Duration.ZERO, Duration.ofMinutes(30));
        assertEquals(List.of(FileState.FILE_PINNED, FileState.FILE_PINNED, FileState.FILE_PINNED),
                r.files().stream().map(f -> f.state()).toList());
        assertEquals(Optional.of(START.plus(Duration.ofMinutes(3))), r.file(0).pinExpiresAt());

        clock.advance(Duration.ofMinutes(3));
        Request partly = store.loadOwned(r.token(), JANE);
        assertEquals(FileState.FILE_LIFETIME_EXPIRED, partly.file(0).state());
        assertEquals(SrmStatus.SRM_FILE_LIFETIME_EXPIRED, partly.file(0).status());
        assertEquals(FileState.FILE_PINNED, partly.file(1).state());
        assertEquals(Optional.empty(), partly.finishedAt());

        clock.advance(Duration.ofMinutes(7));
        Request ended = store.load(r.token());
        for (int i = 0; i < 3; i++) {
            assertEquals(FileState.FILE_LIFETIME_EXPIRED, ended.file(i).state(), "file " + i);
        }
        assertEquals(RequestState.SUCCESS, ended.state());
        assertEquals(Optional.of(START.plus(Duration.ofMinutes(10))), ended.finishedAt());
    }

    @Test
    void aTokenOfAnotherKeyOrAlteredIsUnknown() throws Exception {
        Request r = getOf(Duration.ZERO);
        TokenRequestStore other = new TokenRequestStore(
                new TokenCodec("second-shared-secret-key".getBytes(StandardCharsets.UTF_8)), clock);
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, statusOf(() -> other.load(r.token())));
        String t = r.token().value();
        int at = t.indexOf('.') + 30;
        String altered = t.substring(0, at) + (t.charAt(at) == 'A' ? 'B' : 'A') + t.substring(at + 1);
        assertEquals(SrmStatus.SRM_INVALID_REQUEST,
                statusOf(() -> store.load(new org.opensrm.core.RequestToken(altered))));
    }

    @Test
    void garbageTruncatedOrOversizedTokensAreUnknown() throws Exception {
        String good = getOf(Duration.ZERO).token().value();
        for (String bad : List.of("x", "R.abc.def", "R..", good.substring(0, good.length() - 3),
                good.substring(0, good.indexOf('.') + 5) + good.substring(good.lastIndexOf('.')),
                "R." + "A".repeat((1 << 20) - 10) + ".AAAA")) {
            assertEquals(SrmStatus.SRM_INVALID_REQUEST,
                    statusOf(() -> store.load(new org.opensrm.core.RequestToken(bad))), bad.length() + " chars");
        }
    }

    @Test
    void aChangeNothingOutsideCanKeepIsNotSupported() throws Exception {
        Request r = getOf(Duration.ZERO);
        assertEquals(SrmStatus.SRM_NOT_SUPPORTED, statusOf(() -> store.update(r.token(), cur -> cur)));
        assertEquals(SrmStatus.SRM_NOT_SUPPORTED, statusOf(() -> store.update(r.token(),
                cur -> cur.moveTo(RequestState.SUSPENDED, "", clock.instant()))));
    }

    @Test
    void aRequestServedAtOnceIsSignedAsServed() throws Exception {
        NewRequest asked = NewRequest.of(RequestKind.GET, JANE, Duration.ofMinutes(10), List.of(
                NewFile.of("srm://localhost/data/a").withPinLifetime(Duration.ofMinutes(5)),
                NewFile.of("srm://localhost/data/b").withPinLifetime(Duration.ofMinutes(5))));
        Request r = store.create(asked, cur -> cur.withEachFile(f -> f.index() == 0
                ? f.ready(RequestKind.GET, Optional.of("gsiftp://door:2811/data/a"), OptionalLong.of(7), clock.instant())
                : f.fail(SrmStatus.SRM_INVALID_PATH, "no such file"), clock.instant()));
        Request back = store.loadOwned(r.token(), JANE);
        assertEquals(r, back);
        assertEquals(Optional.of("gsiftp://door:2811/data/a"), back.file(0).turl());
        assertEquals(OptionalLong.of(7), back.file(0).size());
        assertEquals(SrmStatus.SRM_INVALID_PATH, back.file(1).status());
        assertEquals("no such file", back.file(1).explanation());
        assertEquals(RequestState.PARTIAL_SUCCESS, back.state());
    }

    // ---- bring-online tokens short enough for gfal2 (127 characters) ----

    private Request bringOnline(String... surls) throws SrmException {
        List<NewFile> files = java.util.Arrays.stream(surls)
                .map(u -> NewFile.of(u).withPinLifetime(Duration.ofMinutes(5))).toList();
        return store.create(NewRequest.of(RequestKind.BRING_ONLINE, JANE, Duration.ofMinutes(10), files),
                cur -> cur.withEachFile(f -> f.index() == 0
                        ? f.ready(RequestKind.BRING_ONLINE, Optional.empty(), OptionalLong.of(3), clock.instant())
                        : f.fail(SrmStatus.SRM_INVALID_PATH, "no such file"), clock.instant()));
    }

    @Test
    void aBringOnlineTokenFitsInWhatGfal2KeepsAndIsReadWithTheSurlsNamed() throws Exception {
        String a = surl("/data/run2026/online-file-with-a-long-name.root");
        String b = surl("/data/run2026/missing.root");
        Request r = bringOnline(a, b);
        assertTrue(r.token().value().length() <= 127, r.token().value());
        Request back = store.loadOwned(r.token(), JANE, List.of(b, a));
        assertEquals(a, back.file(0).surl().text());
        assertEquals(FileState.SUCCESS, back.file(0).state());
        assertEquals(Optional.of(START.plus(Duration.ofMinutes(5))), back.file(0).pinExpiresAt());
        assertEquals(SrmStatus.SRM_INVALID_PATH, back.file(1).status());
        assertEquals(r.files(), back.files());
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, statusOf(() -> store.loadOwned(r.token(), JANE)));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, statusOf(() -> store.loadOwned(r.token(),
                Owner.of(JANE.dn(), "srmuser2"), List.of(a))));
        Request one = store.loadOwned(r.token(), JANE, List.of(a));
        assertEquals("", one.file(1).surl().text(), "a file the call does not name");
        clock.advance(Duration.ofMinutes(5));
        assertEquals(FileState.FILE_LIFETIME_EXPIRED, store.loadOwned(r.token(), JANE, List.of(a)).file(0).state());
    }

    @Test
    void aBringOnlineTooLargeForAShortTokenGetsTheFullOne() throws Exception {
        String[] many = new String[9];
        for (int i = 0; i < many.length; i++) {
            many[i] = surl("/data/f" + i);
        }
        Request r = bringOnline(many);
        assertTrue(r.token().value().startsWith("R."), r.token().value());
        assertEquals(many[8], store.loadOwned(r.token(), JANE).file(8).surl().text());
    }

    // ---- tokens gateway mode issued before it ran the request engine ----

    private final OldGatewayTokens old = new OldGatewayTokens(KEY);
    private final TokenRequestStore withDoors = new TokenRequestStore(codec, TokenRequestStore.Outside.NOTHING,
            (door, path) -> "gsiftp://" + door + "/prefix" + path, clock);

    private static String surl(String path) {
        return "srm://srm.example.org:8443/srm/managerv2?SFN=" + path;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void anOldPutTokenIsReadAsThePutTheEngineWouldHaveMade(int version) throws Exception {
        String token = old.encode(version, RequestKind.PUT, JANE.dn(), START, START.plusSeconds(3600), true, List.of(
                OldGatewayTokens.OldFile.accepted(surl("/data/a"), "/data/a", "/.srm-staging/srmuser1/.srmput-0a",
                        42, "door1:2811"),
                OldGatewayTokens.OldFile.accepted(surl("/data/b"), "/data/b", ".srmput-0b", 0, "door2:2811")));
        clock.advance(Duration.ofMinutes(1));
        Request r = withDoors.loadOwned(new org.opensrm.core.RequestToken(token), JANE);
        assertEquals(RequestKind.PUT, r.kind());
        assertEquals(START, r.createdAt());
        assertEquals(START.plusSeconds(3600), r.expiresAt());
        assertEquals("true", r.parameters().get("overwrite"));
        assertEquals("/.srm-staging/srmuser1/.srmput-0a", r.parameters().get("upload.0"));
        assertEquals("/data/.srmput-0b", r.parameters().get("upload.1"), "format 1 wrote beside the target");
        assertEquals(FileState.SPACE_AVAILABLE, r.file(0).state());
        assertEquals(Optional.of("gsiftp://door1:2811/prefix/.srm-staging/srmuser1/.srmput-0a"), r.file(0).turl());
        assertEquals(OptionalLong.of(42), r.file(0).size());
        assertEquals(Optional.of(START.plusSeconds(3600)), r.file(0).pinExpiresAt());
        assertEquals(Optional.of("gsiftp://door2:2811/prefix/data/.srmput-0b"), r.file(1).turl());
        assertEquals(surl("/data/a"), r.file(0).surl().text());
    }

    @Test
    void anOldGetTokensRefusalsAreKeptAndItsOwnerIsTheDn() throws Exception {
        String token = old.encode(2, RequestKind.GET, JANE.dn(), START, START.plusSeconds(600), false, List.of(
                OldGatewayTokens.OldFile.accepted(surl("/data/a"), "/data/a", "", 0, "door1:2811"),
                OldGatewayTokens.OldFile.refused(surl("/data/b"), "/data/b", SrmStatus.SRM_AUTHORIZATION_FAILURE)));
        org.opensrm.core.RequestToken t = new org.opensrm.core.RequestToken(token);
        Request r = withDoors.loadOwned(t, Owner.of(JANE.dn(), "another-account"));
        assertEquals(FileState.FILE_PINNED, r.file(0).state());
        assertEquals(Optional.of("gsiftp://door1:2811/prefix/data/a"), r.file(0).turl());
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, r.file(1).status());
        assertEquals(RequestState.PARTIAL_SUCCESS, r.state());
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, statusOf(() -> withDoors.loadOwned(t,
                Owner.of("/DC=org/DC=example/CN=John Roe", "srmuser1"))));
        clock.advance(Duration.ofSeconds(600));
        assertEquals(FileState.FILE_LIFETIME_EXPIRED, withDoors.loadOwned(t, JANE).file(0).state());
    }

    @Test
    void anOldBringOnlineTokenIsServedWithoutATurl() throws Exception {
        String token = old.encode(3, RequestKind.BRING_ONLINE, JANE.dn(), START, START.plusSeconds(600), false,
                List.of(OldGatewayTokens.OldFile.accepted(surl("/data/a"), "/data/a", "", 0, "")));
        Request r = withDoors.loadOwned(new org.opensrm.core.RequestToken(token), JANE);
        assertEquals(FileState.SUCCESS, r.file(0).state());
        assertEquals(Optional.empty(), r.file(0).turl());
    }

    @Test
    void anOldTokenOfAnotherKeyOrRelabelledIsUnknown() throws Exception {
        String token = new OldGatewayTokens("another-key".getBytes(StandardCharsets.UTF_8)).encode(3,
                RequestKind.GET, JANE.dn(), START, START.plusSeconds(600), false,
                List.of(OldGatewayTokens.OldFile.accepted(surl("/data/a"), "/data/a", "", 0, "door1:2811")));
        assertEquals(SrmStatus.SRM_INVALID_REQUEST,
                statusOf(() -> withDoors.load(new org.opensrm.core.RequestToken(token))));
        String mine = old.encode(3, RequestKind.GET, JANE.dn(), START, START.plusSeconds(600), false,
                List.of(OldGatewayTokens.OldFile.accepted(surl("/data/a"), "/data/a", "", 0, "door1:2811")));
        assertEquals(SrmStatus.SRM_INVALID_REQUEST,
                statusOf(() -> withDoors.load(new org.opensrm.core.RequestToken("P" + mine.substring(1)))));
    }

    @Test
    void anOldTokenCannotChange() throws Exception {
        String token = old.encode(3, RequestKind.GET, JANE.dn(), START, START.plusSeconds(600), false,
                List.of(OldGatewayTokens.OldFile.accepted(surl("/data/a"), "/data/a", "", 0, "door1:2811")));
        org.opensrm.core.RequestToken t = new org.opensrm.core.RequestToken(token);
        assertEquals(SrmStatus.SRM_NOT_SUPPORTED, statusOf(() -> withDoors.update(t,
                cur -> cur.withFile(0, f -> f.moveTo(FileState.RELEASED), clock.instant()))));
    }
}
