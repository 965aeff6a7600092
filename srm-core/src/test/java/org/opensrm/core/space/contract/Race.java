package org.opensrm.core.space.contract;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;

/** Calls started at one instant on threads of their own, as puts racing for the last bytes of a space. */
public final class Race {
    private Race() {
    }

    /** A call numbered {@code index}. */
    @FunctionalInterface
    public interface IndexedCall<T> {
        T call(int index) throws Exception;
    }

    /**
     * Runs {@code work(i)} for i in [0, n) on n threads released together.
     *
     * @return the status each call ended with, in order: {@code SRM_SUCCESS} or what it threw
     */
    public static <T> List<SrmStatus> run(int n, IndexedCall<T> work) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(n);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<T>> done = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int index = i;
                done.add(pool.submit(() -> {
                    start.await();
                    return work.call(index);
                }));
            }
            start.countDown();
            List<SrmStatus> out = new ArrayList<>();
            for (Future<T> f : done) {
                try {
                    f.get();
                    out.add(SrmStatus.SRM_SUCCESS);
                } catch (ExecutionException e) {
                    if (!(e.getCause() instanceof SrmException se)) {
                        throw new AssertionError("unexpected failure", e.getCause());
                    }
                    out.add(se.status());
                }
            }
            return out;
        } finally {
            pool.shutdown();
        }
    }
}
