package org.opensrm.stores.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opensrm.core.NewFile;
import org.opensrm.core.NewRequest;
import org.opensrm.core.Owner;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.TokenGenerator;

/** What {@link RecentRequests} keeps as the writer reports writes and how their batches end. */
class RecentRequestsTest {
    private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");
    private final TokenGenerator tokens = new TokenGenerator();

    private Request request(int files) {
        List<NewFile> list = new ArrayList<>();
        for (int i = 0; i < files; i++) {
            list.add(NewFile.of("srm://localhost/data/f" + i));
        }
        return Request.create(tokens.next(), NewRequest.of(RequestKind.GET, Owner.of("/CN=Alice", "alice"),
                Duration.ofMinutes(5), list), NOW);
    }

    @Test
    void aWriteIsSeenByReadersOnlyOnceItsBatchCommitted() {
        RecentRequests recent = new RecentRequests(100);
        Request r = request(1);
        recent.written(r);
        assertNull(recent.lastCommitted(r.token()));
        assertSame(r, recent.inTransaction(r.token()), "the batch sees its own write");
        recent.committed();
        assertSame(r, recent.lastCommitted(r.token()));
    }

    @Test
    void aBatchRolledBackLeavesNothingKept() {
        RecentRequests recent = new RecentRequests(100);
        Request kept = committed(recent, request(1));
        Request lost = request(1);
        recent.written(lost);
        recent.rolledBack();
        assertNull(recent.lastCommitted(lost.token()));
        assertNull(recent.inTransaction(lost.token()));
        assertNull(recent.lastCommitted(kept.token()), "what the failed commit left is unknown: read again");
        assertEquals(0, recent.size());
    }

    @Test
    void aPurgeHidesWhatWasKeptBeforeItButNotWhatWasWrittenAfterIt() {
        RecentRequests recent = new RecentRequests(100);
        Request old = committed(recent, request(1));
        Request before = request(1);
        recent.written(before);
        recent.purged();
        assertNull(recent.inTransaction(old.token()));
        assertNull(recent.inTransaction(before.token()));
        Request after = request(1);
        recent.written(after);
        assertSame(after, recent.inTransaction(after.token()));
        assertSame(old, recent.lastCommitted(old.token()), "readers see the last commit until the purge commits");
        recent.committed();
        assertNull(recent.lastCommitted(old.token()));
        assertNull(recent.lastCommitted(before.token()));
        assertSame(after, recent.lastCommitted(after.token()));
        committed(recent, old);
        assertSame(old, recent.inTransaction(old.token()), "the next batch trusts what is kept again");
    }

    /** {@code r}, written by a batch that committed. */
    private static Request committed(RecentRequests recent, Request r) {
        recent.written(r);
        recent.committed();
        return r;
    }

    @Test
    void theBoundCountsFileRequestsAndDropsTheLeastRecentlyWritten() {
        RecentRequests recent = new RecentRequests(5);
        Request a = request(1);
        Request b = request(1);
        Request c = request(2);
        for (Request r : List.of(a, b, c)) {
            recent.written(r);
        }
        recent.committed(); // 2 + 2 + 3 file requests and requests: a goes
        assertNull(recent.lastCommitted(a.token()));
        assertSame(b, recent.lastCommitted(b.token()));
        assertSame(c, recent.lastCommitted(c.token()));
        recent.written(b);
        recent.written(a);
        recent.committed(); // b written again after c: c is the least recently written
        assertNull(recent.lastCommitted(c.token()));
        assertSame(a, recent.lastCommitted(a.token()));
        assertSame(b, recent.lastCommitted(b.token()));
        Request huge = request(5);
        recent.written(huge);
        recent.committed();
        assertNull(recent.lastCommitted(huge.token()), "larger than the whole bound");
        assertEquals(2, recent.size());
    }

    @Test
    void noneKeepsNothing() {
        RecentRequests none = RecentRequests.none();
        Request r = request(1);
        none.written(r);
        none.purged();
        none.committed();
        assertNull(none.lastCommitted(r.token()));
        assertNull(none.inTransaction(r.token()));
    }
}
