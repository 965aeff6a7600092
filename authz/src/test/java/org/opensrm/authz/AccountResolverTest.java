package org.opensrm.authz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.opensrm.authz.contract.IdCommand;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;

class AccountResolverTest {

    @Test
    void systemResolverAgreesWithIdForEveryTestAccount() throws SrmException {
        AccountResolver system = AccountResolver.system();
        for (String name : List.of("srmuser1", "srmuser2", "srmuser3")) {
            assertEquals(IdCommand.account(name), system.resolve(name), name);
        }
    }

    @Test
    void secondaryGroupsAreIncluded() throws SrmException {
        Account account = AccountResolver.system().resolve("srmuser1");
        Account expected = IdCommand.account("srmuser1");
        assertEquals(expected.groups(), account.groups());
        assertEquals(2, account.groups().size(), "srmuser1 is in its own group and srmtest");
    }

    @Test
    void missingAccountIsAnAuthorizationFailure() {
        SrmException e = assertThrows(SrmException.class,
                () -> AccountResolver.system().resolve("opensrm-no-such-account"));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, e.status());
        assertEquals("account opensrm-no-such-account does not exist on this host", e.getMessage());
    }

    @Test
    void namesThatAreNotAccountNamesAreRefused() {
        AccountResolver system = AccountResolver.system();
        for (String bad : List.of("1001", "-s", "", "a b", "x:y", "../etc", "root")) {
            SrmException e = assertThrows(SrmException.class, () -> system.resolve(bad), bad);
            assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, e.status(), bad);
        }
    }

    /** Counts lookups; answers srmuser1's real account, or fails as told. */
    private static final class CountingResolver extends CachingAccountResolver {
        final AtomicInteger lookups = new AtomicInteger();
        volatile boolean databaseDown;
        volatile long delayMillis;

        CountingResolver(Duration ttl) {
            super(ttl);
        }

        CountingResolver(Duration ttl, AtomicLong nanoClock) {
            super(ttl, nanoClock::get);
        }

        @Override
        protected Optional<Account> lookup(String name) throws SrmException {
            lookups.incrementAndGet();
            try {
                // A slow account database on purpose (the scenario, not a wait): concurrent first callers arrive
                // while the one lookup runs.
                Thread.sleep(delayMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (databaseDown) {
                throw SrmException.internal("account database down", null);
            }
            return name.equals("srmuser1") ? Optional.of(IdCommand.account(name)) : Optional.empty();
        }
    }

    @Test
    void answersAreCachedIncludingMisses() throws SrmException {
        CountingResolver resolver = new CountingResolver(Duration.ofHours(1));
        Account first = resolver.resolve("srmuser1");
        for (int i = 0; i < 50; i++) {
            assertSame(first, resolver.resolve("srmuser1"));
            assertThrows(SrmException.class, () -> resolver.resolve("ghost"));
        }
        assertEquals(2, resolver.lookups.get());
    }

    @Test
    void expiredAnswersAreLookedUpAgainAndKeptWhenTheDatabaseIsDown() throws Exception {
        AtomicLong clock = new AtomicLong();
        CountingResolver resolver = new CountingResolver(Duration.ofMillis(300), clock);
        Account first = resolver.resolve("srmuser1");
        clock.addAndGet(Duration.ofMillis(400).toNanos());
        resolver.resolve("srmuser1");
        assertEquals(2, resolver.lookups.get());

        resolver.databaseDown = true;
        clock.addAndGet(Duration.ofMillis(400).toNanos());
        assertEquals(first, resolver.resolve("srmuser1"), "the old answer is kept while the database is down");
        int lookupsWhileDown = resolver.lookups.get();
        assertEquals(first, resolver.resolve("srmuser1"));
        assertEquals(lookupsWhileDown, resolver.lookups.get(), "the kept answer is trusted for another ttl");
        SrmException e = assertThrows(SrmException.class, () -> resolver.resolve("never-seen"));
        assertEquals(SrmStatus.SRM_INTERNAL_ERROR, e.status());
    }

    @Test
    void concurrentFirstCallsLookUpOnce() throws Exception {
        CountingResolver resolver = new CountingResolver(Duration.ofHours(1));
        resolver.delayMillis = 100;
        ExecutorService pool = Executors.newFixedThreadPool(16);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Account>> answers = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                answers.add(pool.submit(() -> {
                    start.await();
                    return resolver.resolve("srmuser1");
                }));
            }
            start.countDown();
            Set<Account> distinct = new java.util.HashSet<>();
            for (Future<Account> a : answers) {
                distinct.add(a.get(30, TimeUnit.SECONDS));
            }
            assertEquals(1, distinct.size());
            assertEquals(1, resolver.lookups.get());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void negativeTtlIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> AccountResolver.system(Duration.ofSeconds(-1)));
    }
}
