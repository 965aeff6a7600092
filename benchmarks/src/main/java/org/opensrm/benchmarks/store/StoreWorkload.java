package org.opensrm.benchmarks.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.FileState;
import org.opensrm.core.NewFile;
import org.opensrm.core.NewRequest;
import org.opensrm.core.Owner;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestState;
import org.opensrm.core.RequestStore;
import org.opensrm.core.RequestToken;

/** What the request-store benchmarks write into a store and read back, shared by all of them. */
final class StoreWorkload {
    static final Owner OWNER = new Owner("/DC=org/DC=example/CN=Benchmark User", "srmuser1",
            List.of("/dteam/Role=NULL/Capability=NULL"));

    /** The SURLs' host. */
    static final String HOST = "se.example.org";

    private StoreWorkload() {
    }

    static NewRequest oneFile(RequestKind kind, long i) {
        return NewRequest.of(kind, OWNER, Duration.ofHours(1),
                List.of(NewFile.of("srm://" + HOST + ":8443/srm/managerv2?SFN=/data/run7/file" + i + ".root")
                        .withPinLifetime(Duration.ofMinutes(30))));
    }

    /** Serves the request's one file as the scheduler does a get's: pinned, with a TURL. */
    static Request serve(RequestStore store, RequestToken token) throws SrmException {
        return store.update(token, cur -> cur.withFile(0, f -> f.ready(cur.kind(),
                Optional.of("gsiftp://door1.example.org:2811/data/run7/x"), f.size(), Instant.now()), Instant.now()));
    }

    /** Releases the request's one file (srmReleaseFiles). */
    static Request release(RequestStore store, RequestToken token) throws SrmException {
        return store.update(token, cur -> cur.withFile(0, f -> f.moveTo(FileState.RELEASED), Instant.now()));
    }

    static List<RequestToken> fillFinished(RequestStore store, int threads, int count) throws Exception {
        progress("filling %,d finished requests", count);
        AtomicLong next = new AtomicLong();
        List<RequestToken> sample = new ArrayList<>();
        long start = System.nanoTime();
        parallel(threads, () -> {
            List<RequestToken> mine = new ArrayList<>();
            for (long i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
                Request r = store.create(oneFile(RequestKind.GET, i));
                store.update(r.token(), cur -> cur.abort("benchmark", Instant.now()));
                if (i % 100 == 0) {
                    mine.add(r.token());
                }
                if (i % 100_000 == 0 && i > 0) {
                    progress("  %,d (%.0f/s)", i, i / ((System.nanoTime() - start) / 1e9));
                }
            }
            synchronized (sample) {
                sample.addAll(mine);
            }
            return null;
        });
        return sample;
    }

    /** Writes {@code queued} queued single-file requests of {@code kind} from 8 threads; returns a few tokens. */
    static List<RequestToken> writeQueued(RequestStore store, RequestKind kind, int queued) throws Exception {
        progress("writing %,d queued file requests", queued);
        AtomicLong next = new AtomicLong();
        List<RequestToken> sample = new ArrayList<>();
        parallel(8, () -> {
            for (long i = next.getAndIncrement(); i < queued; i = next.getAndIncrement()) {
                RequestToken t = store.create(oneFile(kind, i)).token();
                if (i % 1000 == 0) {
                    synchronized (sample) {
                        sample.add(t);
                    }
                }
            }
            return null;
        });
        return sample;
    }

    static void parallel(int threads, java.util.concurrent.Callable<Void> work) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Void>> all = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                all.add(pool.submit(work));
            }
            for (Future<Void> f : all) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
    }

    static void delete(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    static void progress(String format, Object... args) {
        System.err.printf(format + "%n", args);
    }

    /**
     * Milliseconds: p50 and p99 (nearest rank) of single status reads of random finished (aborted) requests from one
     * thread, each through {@code read}.
     */
    static double[] statusReads(List<RequestToken> sample, int reads, StatusRead read) throws Exception {
        progress("%,d status reads", reads);
        long[] ns = new long[reads];
        for (int i = 0; i < reads; i++) {
            RequestToken t = sample.get(ThreadLocalRandom.current().nextInt(sample.size()));
            long s = System.nanoTime();
            SrmStatus status = read.read(t);
            ns[i] = System.nanoTime() - s;
            if (status != SrmStatus.SRM_ABORTED) {
                throw new IllegalStateException("unexpected " + status);
            }
        }
        Arrays.sort(ns);
        return new double[] {ns[(int) Math.ceil(reads * 0.50) - 1] / 1e6, ns[(int) Math.ceil(reads * 0.99) - 1] / 1e6};
    }

    /**
     * Writes {@code queued} queued single-file requests into the store named "reopen", closes it, then times opening it
     * again (schema check included) and reading every active request with its files in one pass (forEach), what the
     * engine does on start.
     *
     * @return seconds
     */
    static double reopen(Opener open, int queued) throws Exception {
        try (RequestStore store = open.open("reopen")) {
            writeQueued(store, RequestKind.PUT, queued);
        }
        long s = System.nanoTime();
        AtomicLong files = new AtomicLong();
        try (RequestStore store = open.open("reopen")) {
            store.forEach(EnumSet.of(RequestState.QUEUED, RequestState.IN_PROGRESS, RequestState.SUSPENDED),
                    r -> files.addAndGet(r.files().size()));
        }
        double seconds = (System.nanoTime() - s) / 1e9;
        if (files.get() != queued) {
            throw new IllegalStateException("reopened " + files + " of " + queued);
        }
        return seconds;
    }

    @FunctionalInterface
    interface Opener {
        RequestStore open(String name) throws Exception;
    }

    /** One status read of a finished request; returns the request-level status it saw. */
    @FunctionalInterface
    interface StatusRead {
        SrmStatus read(RequestToken token) throws Exception;
    }
}
