package org.opensrm.core.gateway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
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
    void theGatewayServicesTokensAndTheStoresAreNeverTakenForEachOther() throws Exception {
        RequestToken service = new RequestToken(TokenKind.GET, TokenCodec.digestOf(JANE.dn()), START,
                START.plusSeconds(600), false, Optional.empty(),
                List.of(new TokenFile("srm://localhost/data/a", SrmPath.of("/data/a"), "", 0, "door:2811")));
        String serviceToken = codec.encode(service);
        assertEquals(SrmStatus.SRM_INVALID_REQUEST,
                statusOf(() -> store.load(new org.opensrm.core.RequestToken(serviceToken))));
        String storeToken = getOf(Duration.ZERO).token().value();
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, statusOf(() -> codec.verify(storeToken)));
    }

    @Test
    void updateOfAKnownTokenIsNotSupported() throws Exception {
        Request r = getOf(Duration.ZERO);
        assertEquals(SrmStatus.SRM_NOT_SUPPORTED, statusOf(() -> store.update(r.token(), cur -> cur)));
    }
}
