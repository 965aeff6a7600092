package org.opensrm.authz.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.authz.Authorizer;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;

/**
 * What every {@link Authorizer} must do. Bind it by extending this class and implementing
 * {@link #authorizer(Path)}; an authorizer that maps no one (such as {@link Authorizer#DENY_ALL}) says so by
 * overriding {@link #mapsKnownIdentity()}, and the tests then assert that it refuses.
 * The expected account is what the {@code id} command reports for {@link #KNOWN_ACCOUNT}.
 */
public abstract class AuthorizerContract {
    /** The local account the known identity must be mapped to. */
    public static final String KNOWN_ACCOUNT = "srmuser1";
    public static final ClientIdentity KNOWN =
            ClientIdentity.of("/DC=org/DC=opensrm/OU=Contract/CN=Known User");
    public static final ClientIdentity UNKNOWN =
            ClientIdentity.of("/DC=org/DC=opensrm/OU=Contract/CN=Unknown User");

    private static final int THREADS = 16;
    private static final int CALLS_PER_THREAD = 200;

    @TempDir
    protected Path workDir;
    protected Authorizer authorizer;

    /**
     * @param workDir an empty directory for the fixture's files, deleted afterwards
     * @return an authorizer that maps {@link #known()} to {@link #KNOWN_ACCOUNT} and knows nothing of
     *         {@link #UNKNOWN}
     */
    protected abstract Authorizer authorizer(Path workDir) throws Exception;

    /** The identity {@link #authorizer(Path)} maps; {@link #KNOWN} unless a mapper needs, say, an FQAN. */
    protected ClientIdentity known() {
        return KNOWN;
    }

    /** False for an authorizer that refuses everyone; the known identity is then expected to be refused. */
    protected boolean mapsKnownIdentity() {
        return true;
    }

    /** Releases what {@link #authorizer(Path)} made; nothing by default. */
    protected void close(Authorizer authorizer) throws Exception {
    }

    @BeforeEach
    void makeAuthorizer() throws Exception {
        authorizer = authorizer(workDir);
        assertNotNull(authorizer, "fixture returned no authorizer");
    }

    @AfterEach
    void closeAuthorizer() throws Exception {
        close(authorizer);
    }

    @Test
    void knownIdentityActsAsTheAccountIdReports() throws SrmException {
        if (!mapsKnownIdentity()) {
            assertRefused(known());
            return;
        }
        Account expected = IdCommand.account(KNOWN_ACCOUNT);
        Account actual = authorizer.authorize(known());
        assertEquals(expected.name(), actual.name());
        assertEquals(expected.uid(), actual.uid());
        assertEquals(expected.gid(), actual.gid());
        assertEquals(expected.groups(), actual.groups());
    }

    @Test
    void knownIdentityGetsTheSameAnswerTwice() throws SrmException {
        if (!mapsKnownIdentity()) {
            assertRefused(known());
            assertRefused(known());
            return;
        }
        assertEquals(authorizer.authorize(known()), authorizer.authorize(known()));
    }

    @Test
    void unknownIdentityIsRefusedWithAnExplanation() {
        SrmException e = assertRefused(UNKNOWN);
        assertNotNull(e.getMessage());
        assertFalse(e.getMessage().isBlank(), "a refusal explains itself");
    }

    @Test
    void unknownIdentityWithFqansIsRefused() {
        assertRefused(new ClientIdentity(UNKNOWN.dn(), "/DC=org/DC=opensrm/CN=Contract CA",
                List.of("/opensrm-contract-vo/Role=NULL/Capability=NULL", "/opensrm-contract-vo/group")));
    }

    @Test
    void concurrentCallersGetConsistentAnswers() throws Exception {
        Account expected = mapsKnownIdentity() ? IdCommand.account(KNOWN_ACCOUNT) : null;
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int offset = t;
                Callable<Integer> calls = () -> {
                    start.await();
                    for (int i = 0; i < CALLS_PER_THREAD; i++) {
                        boolean known = (i + offset) % 2 == 0;
                        checkOneCall(known ? known() : UNKNOWN, known ? expected : null);
                    }
                    return CALLS_PER_THREAD;
                };
                results.add(pool.submit(calls));
            }
            start.countDown();
            int total = 0;
            for (Future<Integer> r : results) {
                total += r.get(60, TimeUnit.SECONDS);
            }
            assertEquals(THREADS * CALLS_PER_THREAD, total);
        } finally {
            pool.shutdownNow();
        }
    }

    private void checkOneCall(ClientIdentity client, Account expected) {
        try {
            Account actual = authorizer.authorize(client);
            if (expected == null) {
                throw new AssertionError(client.dn() + " was mapped to " + actual + " instead of refused");
            }
            assertEquals(expected.name(), actual.name());
            assertEquals(expected.uid(), actual.uid());
            assertEquals(expected.groups(), actual.groups());
        } catch (SrmException e) {
            if (expected != null) {
                throw new AssertionError(client.dn() + " was refused: " + e.getMessage(), e);
            }
            assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, e.status());
        }
    }

    protected final SrmException assertRefused(ClientIdentity client) {
        SrmException e = assertThrows(SrmException.class, () -> authorizer.authorize(client), client.dn());
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, e.status(), e.getMessage());
        return e;
    }
}
