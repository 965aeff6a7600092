package org.opensrm.stores;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.FencedException;
import org.opensrm.core.FileState;
import org.opensrm.core.NewFile;
import org.opensrm.core.NewRequest;
import org.opensrm.core.Owner;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestStore;

/**
 * The PostgreSQL store's one-statement writes (a compare-and-set on the request row's version, computed from the
 * request as this frontend last read it) against a second frontend that changes the same request in between, on a
 * real PostgreSQL: no change is lost, a change that changes nothing answers what is stored, fencing holds, and
 * every value survives the arrays the files are written with.
 */
@Tag("integration")
class PostgresOneStatementWritesTest {
    @RegisterExtension
    static final SharedPostgres PG = new SharedPostgres();
    private static final Owner ALICE = Owner.of("/CN=Alice", "srmuser1");

    @RegisterExtension
    final OpenedFrontends frontends = new OpenedFrontends(PG, 2);

    private RequestStore frontend(String name) throws Exception {
        return frontends.frontend(name);
    }

    private static NewRequest get(int files) {
        List<NewFile> list = new ArrayList<>();
        for (int i = 0; i < files; i++) {
            list.add(new NewFile("srm://h/data/f" + i, Optional.empty(), OptionalLong.of(1000L + i),
                    Duration.ofMinutes(5), Duration.ZERO));
        }
        return new NewRequest(RequestKind.GET, ALICE, Optional.of("one statement"), Map.of("protocols", "gsiftp"),
                Duration.ofHours(1), list);
    }

    private static Request pin(Request r, int index) {
        Instant now = Instant.now();
        return r.withFile(index, f -> f.ready(r.kind(), Optional.of("gsiftp://door/data/f" + index), f.size(), now),
                now);
    }

    @Test
    void aChangeComputedFromAnOutdatedReadIsComputedAgainFromTheRequestAsStored() throws Exception {
        RequestStore a = frontend("a");
        RequestStore b = frontend("b");
        Request made = a.create(get(2));
        a.load(made.token()); // a keeps this version
        b.update(made.token(), r -> pin(r, 0));
        AtomicInteger runs = new AtomicInteger();
        Request after = a.update(made.token(), r -> {
            runs.incrementAndGet();
            return pin(r, 1);
        });
        assertEquals(FileState.FILE_PINNED, after.file(0).state(), "b's change is kept");
        assertEquals(FileState.FILE_PINNED, after.file(1).state());
        assertEquals(after, b.load(made.token()));
        assertEquals(2, runs.get(), "first from a's outdated read, then from the request as b left it");
    }

    @Test
    void aChangeThatChangesNothingAnswersTheRequestAsStoredNotAsLastRead() throws Exception {
        RequestStore a = frontend("a");
        RequestStore b = frontend("b");
        Request made = a.create(get(1));
        Request pinned = b.update(made.token(), r -> pin(r, 0));
        assertEquals(pinned, a.update(made.token(), r -> r));
        Request released = b.update(made.token(), r -> r.withFile(0, f -> f.moveTo(FileState.RELEASED),
                Instant.now()));
        assertEquals(released, a.updateHeld(made.token(), r -> r), "held by a: the change is a's to make");
    }

    @Test
    void aRequestResumedThroughAnotherFrontendFencesTheOneThatLastWroteIt() throws Exception {
        RequestStore a = frontend("a");
        RequestStore b = frontend("b");
        Request made = a.create(get(1));
        a.updateHeld(made.token(), r -> r.withFile(0, f -> f.moveTo(FileState.IN_PROGRESS), Instant.now()));
        b.hold(made.token());
        FencedException late = assertThrows(FencedException.class,
                () -> a.updateHeld(made.token(), r -> pin(r, 0)));
        assertTrue(late.getMessage().contains("held by b#"), late.getMessage());
        assertEquals(FileState.IN_PROGRESS, b.load(made.token()).file(0).state());
        assertEquals(FileState.FILE_PINNED, b.updateHeld(made.token(), r -> pin(r, 0)).file(0).state());
    }

    @Test
    void everyValueOfEveryFileSurvivesTheArraysItIsWrittenWith() throws Exception {
        RequestStore a = frontend("a");
        int files = 100; // more than the store keeps between calls: each change reads it again
        Request made = a.create(get(files));
        String odd = "a \"quoted\", {braced} \\ back\\slashed\nline, NULL, é ✓";
        Request changed = a.update(made.token(), r -> {
            Request out = r;
            for (int i = 0; i < files; i += 2) {
                out = i % 4 == 0 ? pin(out, i) : out.withFile(i, f -> f.fail(SrmStatus.SRM_FAILURE, odd),
                        Instant.now());
            }
            return out;
        });
        assertEquals(changed, a.load(made.token()));
        assertEquals(odd, a.load(made.token()).file(2).explanation());
        assertEquals(Optional.of("gsiftp://door/data/f4"), a.load(made.token()).file(4).turl());
        assertEquals(Optional.empty(), a.load(made.token()).file(1).turl());
        assertEquals(OptionalLong.of(1003L), a.load(made.token()).file(3).size());
        RequestStore b = frontend("b");
        assertEquals(changed, b.load(made.token()));
    }
}
