package org.opensrm.backend.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;

/** Rename under concurrency: no clobbering without replace, no missing target with replace. */
class PosixRenameTest extends PosixTestBase {

    @Test
    void renameWithoutReplaceKeepsTheInode() throws Exception {
        write(ALICE, "/a", "content");
        Object inode = Files.getAttribute(disk("/a"), "unix:ino");
        backend.rename(ALICE, p("/a"), p("/b"), false);
        assertEquals(inode, Files.getAttribute(disk("/b"), "unix:ino"));
        assertEquals(1, (Integer) Files.getAttribute(disk("/b"), "unix:nlink"));
    }

    @Test
    void concurrentRenamesOntoOneNameNeverClobber() throws Exception {
        int n = 8;
        for (int i = 0; i < n; i++) {
            write(ALICE, "/src" + i, "source " + i);
        }
        ExecutorService pool = Executors.newFixedThreadPool(n);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<SrmStatus>> results = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int k = i;
            Callable<SrmStatus> task = () -> {
                go.await();
                try {
                    backend.rename(ALICE, p("/src" + k), p("/target"), false);
                    return SrmStatus.SRM_SUCCESS;
                } catch (SrmException e) {
                    return e.status();
                }
            };
            results.add(pool.submit(task));
        }
        go.countDown();
        int won = 0;
        for (Future<SrmStatus> r : results) {
            SrmStatus s = r.get(10, TimeUnit.SECONDS);
            if (s == SrmStatus.SRM_SUCCESS) {
                won++;
            } else {
                assertEquals(SrmStatus.SRM_DUPLICATION_ERROR, s);
            }
        }
        pool.shutdown();
        assertEquals(1, won, "exactly one rename wins");
        assertEquals(n, backend.list(ALICE, p("/")).size(), "n-1 sources left plus the target: nothing lost");
    }

    @Test
    void replaceNeverLeavesTheTargetMissing() throws Exception {
        write(ALICE, "/target", "v0");
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger missing = new AtomicInteger();
        Thread reader = new Thread(() -> {
            while (!stop.get()) {
                try {
                    backend.stat(BOB, p("/target"));
                } catch (SrmException e) {
                    missing.incrementAndGet();
                }
            }
        });
        reader.start();
        try {
            for (int i = 1; i <= 200; i++) {
                write(ALICE, "/next", "v" + i);
                backend.rename(ALICE, p("/next"), p("/target"), true);
            }
        } finally {
            stop.set(true);
            reader.join();
        }
        assertEquals(0, missing.get(), "a reader saw the target missing");
        assertEquals(4, backend.stat(ALICE, p("/target")).size());
        assertFalse(Files.exists(disk("/next")));
    }

    @Test
    void replaceRefusesToReplaceADirectory() throws Exception {
        write(ALICE, "/f", "x");
        backend.mkdir(ALICE, p("/d"));
        assertStatus(SrmStatus.SRM_DUPLICATION_ERROR, () -> backend.rename(ALICE, p("/f"), p("/d"), true));
        assertStatus(SrmStatus.SRM_DUPLICATION_ERROR, () -> backend.rename(ALICE, p("/d"), p("/f"), true));
    }
}
