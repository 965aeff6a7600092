package org.opensrm.core.full;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.opensrm.core.full.FullModeFixture.ALICE;
import static org.opensrm.core.full.FullModeFixture.await;
import static org.opensrm.core.full.FullModeFixture.surl;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.authz.DelegatedCredential;
import org.opensrm.authz.DelegatedCredentials;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.copy.CopyPeers;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.CopyRequest;
import org.opensrm.core.service.CopyResult;
import org.opensrm.core.service.LocalAccounts;
import org.opensrm.core.service.RequestOptions;
import org.opensrm.devpki.Credential;
import org.opensrm.devpki.DevPki;
import org.opensrm.devpki.ProxyStyle;
import org.opensrm.stores.PostgresFixture;
import org.opensrm.stores.SharedPostgres;

/**
 * A copy on a frontend whose work another frontend took over, on one real PostgreSQL (issue 21, point 1: a frontend
 * that comes back late cannot finish work that another took). Frontend A copies a file within this storage element;
 * while its transfer runs, A falls silent (its lease is no longer renewed) and frontend B takes the copy over, ending
 * it (the delegated credential lives only in A). A looks, sees the copy is no longer its own and aborts the transfer,
 * but the transfer had moved every byte already and ends in success: A must still land nothing on the target.
 */
@Tag("integration")
class FencedCopyTest extends FullModeTestBase {
    @RegisterExtension
    static final SharedPostgres PG = new SharedPostgres();
    private static final byte[] DATA = "copied by a frontend that was taken over".getBytes(StandardCharsets.US_ASCII);
    private static final int SRM_PORT = 8443;

    @TempDir
    static Path pkiDir;
    private static DelegatedCredential delegated;

    @TempDir
    Path stateA;
    @TempDir
    Path stateB;
    private final HeldTransfers onA = new HeldTransfers();
    private final DelegatedCredentials credentials = new DelegatedCredentials();
    private Caller alice;
    private PostgresFixture db;
    private FullMode a;

    @BeforeAll
    static void delegation() throws Exception {
        DevPki pki = DevPki.openOrCreate(pkiDir.resolve("ca"), "CN=OpenSRM Dev CA,O=OpenSRM,DC=test");
        Credential proxy = pki.proxy(pki.issueUser("Alice", Duration.ofDays(1)), Duration.ofHours(1),
                ProxyStyle.RFC3820);
        delegated = new DelegatedCredential(ALICE.dn(), proxy.key(), proxy.chain());
    }

    @BeforeEach
    void setUp() throws Exception {
        credentials.delegated(new Object(), delegated); // as the transport records a delegation on a connection
        alice = ALICE.withDelegated(Optional.of(delegated));
        db = PG.newFixture();
        // A renews its lease once an hour from now on: it falls silent at once, but nobody takes its work until
        // the test starts frontend B
        a = fx.frontend(db.openAs("a", fx.clock), stateA,
                FullModeFixture.config().takeoverDelay(Duration.ofHours(1)).build(), copies(onA));
        LocalAccounts.file(root.resolve("data/a.root"), LocalAccounts.SRMUSER1, DATA);
    }

    private CopySetup copies(HeldTransfers transfers) {
        return CopySetup.of(transfers, HeldTransfers.NO_REMOTE_SRM, CopyPeers.NONE, credentials, () -> SRM_PORT);
    }

    @Test
    void aCopyTakenOverLandsNothingOnTheFrontendThatLostIt() throws Exception {
        CopyResult made = a.copies().copy(alice, new CopyRequest(List.of(new CopyRequest.CopyPair(
                surl("/data/a.root"), surl("/data/b.root"))), false, Optional.empty(), RequestOptions.NONE));
        assertEquals(SrmStatus.SRM_REQUEST_QUEUED, made.status());
        await(() -> onA.started().size(), n -> n == 1);
        HeldTransfers.Running transfer = onA.started().get(0);

        // B comes, finds A silent for longer than its delay (2 s), takes the copy over and ends it (the credential is
        // in A only); A sees that and aborts its transfer...
        FullMode b = fx.frontend(db.openAs("b", fx.clock), stateB,
                FullModeFixture.config().takeoverDelay(Duration.ofSeconds(2)).build(), copies(new HeldTransfers()));
        await(b::requestsTakenOver, n -> n == 1L);
        await(transfer::aborted, stopped -> stopped);
        // ...which had moved every byte already: it ends in success all the same
        Path upload = fx.local(transfer.spec().destination().toString());
        transfer.succeed(upload, DATA);

        await(a::filesFenced, n -> n == 1L);
        assertFalse(Files.exists(root.resolve("data/b.root")), "the frontend that lost the copy landed nothing");
        assertFalse(Files.exists(upload), "what its transfer wrote is removed");
        assertEquals(0L, a.filesWorked(), "A stored nothing");
        CopyResult seen = a.copies().status(alice, made.token(), List.of(), List.of());
        assertEquals(SrmStatus.SRM_FAILURE, seen.files().get(0).status(), "as B ended it");
        assertTrue(seen.files().get(0).explanation().contains(Takeover.COPY_CREDENTIAL_LOST),
                seen.files().get(0).explanation());
        assertEquals(1, onA.started().size(), "A made one transfer, B none");
    }
}
