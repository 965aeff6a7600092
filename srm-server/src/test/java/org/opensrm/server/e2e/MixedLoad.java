package org.opensrm.server.e2e;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.opensrm.testkit.ClientRun;
import org.opensrm.client.HttpgClient;
import org.opensrm.client.HttpgResponse;
import org.opensrm.testkit.SrmClients;

/**
 * Clients in the shape gfal2 gives its calls, each in a thread of its own, cycling through the balancer until told
 * to stop: a put (srmPrepareToPut of one new file, srmStatusOfPutRequest every 250 ms while queued, the upload to
 * every TURL it was given with {@code globus-url-copy}, srmPutDone), a get (srmPrepareToGet of two files written
 * for it, polled the same way, each TURL downloaded and compared, srmReleaseFiles) and an srmLs of the user's
 * directory; and, where asked, gfal2 itself ({@code gfal-copy} of a new file, then {@code gfal-ls -l} of it). Every
 * cycle is kept ({@link Cycle}): whether its request was accepted (a token), what every answer
 * said, the TURLs seen per file, and how it ended. {@link #verify} then asks every token once more and checks every
 * acknowledged upload on disk, which is how a request or a file is found {@linkplain Cycle#lost lost}.
 */
final class MixedLoad implements AutoCloseable {
    /** A cycle's kind; GFAL is gfal2 itself: {@code gfal-copy} of a new file to its SURL, then {@code gfal-ls}. */
    enum Kind { PUT, GET, LS, GFAL }

    static final String FINISHED = "finished";
    private static final List<String> GSIFTP = List.of("gsiftp");
    private static final Set<String> WAITING = Set.of("SRM_REQUEST_QUEUED", "SRM_REQUEST_INPROGRESS");
    private static final long POLL_MS = 250;
    private static final int PUT_BYTES = 40_000;
    private static final int GET_BYTES = 20_000;

    /** One client cycle as it happened. */
    static final class Cycle {
        final int id;
        final Kind kind;
        /** SURL paths of its files. */
        final List<String> paths = new ArrayList<>();
        /** For each file (by SURL path), every TURL an answer gave it, in order. */
        final Map<String, Set<String>> turls = new ConcurrentHashMap<>();
        /** TURLs the client moved data through: {@code STOR /path} or {@code RETR /path}, as a door logs them. */
        final List<String> transfers = new CopyOnWriteArrayList<>();
        final long startedAt = System.nanoTime();
        volatile String token;
        /** When an answer first showed the request no longer waiting (0: never). */
        volatile long settledAt;
        volatile long endedAt;
        /** {@link #FINISHED}, or what ended it otherwise ("srmPrepareToPut SRM_INTERNAL_ERROR", ...). */
        volatile String outcome;
        /** Polls not answered (connection refused, cut, timed out) or answered SRM_INTERNAL_ERROR: asked again. */
        final AtomicInteger unanswered = new AtomicInteger();
        /** Upload acknowledged by srmPutDone (SRM_SUCCESS): its local source must be what the SURL holds. */
        volatile Path acknowledged;
        /** Why this cycle's request or file is lost (null: it is not). */
        volatile String lost;

        Cycle(int id, Kind kind) {
            this.id = id;
            this.kind = kind;
        }

        boolean accepted() {
            return token != null;
        }

        boolean ended() {
            return outcome != null;
        }

        @Override
        public String toString() {
            return kind + " #" + id + " " + paths + " token " + token + ": " + outcome
                    + (lost != null ? " LOST " + lost : "") + ", TURLs " + turls + ", transfers " + transfers;
        }
    }

    private final E2eSite site;
    private final int port;
    private final SpecRequests soap;
    private final List<Kind> mix;
    private final Duration pollLimit;
    private final Path scratch;
    private final List<Cycle> cycles = new CopyOnWriteArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final SrmClients tools;
    private final AtomicInteger ids = new AtomicInteger();
    private volatile boolean submitting = true;

    private MixedLoad(E2eSite site, int port, List<Kind> mix, Duration pollLimit) throws IOException {
        this.site = site;
        this.port = port;
        this.soap = new SpecRequests(new SrmSoap(port, new HttpgClient(site.alice().proxyFile(),
                site.grid().trustDir()).withTimeoutMillis(30_000), Map.of()));
        this.mix = List.copyOf(mix);
        this.pollLimit = pollLimit;
        this.scratch = site.scratch("mixed-load");
        this.tools = site.clients(site.alice()); // one HOME for every client thread (each command its own files)
        Path dir = site.onDisk("/alice/load");
        if (!Files.isDirectory(dir)) {
            Files.createDirectory(dir);
            Files.setOwner(dir, dir.getFileSystem().getUserPrincipalLookupService()
                    .lookupPrincipalByName(E2eSite.ALICE_ACCOUNT));
        }
    }

    /**
     * Starts {@code clients} clients as Alice against the balancer on {@code port}; client i begins its cycles at
     * kind {@code mix[i % size]} and goes round the mix. A cycle polls for at most {@code pollLimit}.
     */
    static MixedLoad start(E2eSite site, int port, int clients, List<Kind> mix, Duration pollLimit)
            throws IOException {
        MixedLoad load = new MixedLoad(site, port, mix, pollLimit);
        for (int i = 0; i < clients; i++) {
            int first = i;
            Thread t = new Thread(() -> load.runClient(first), "mixed-load-" + i);
            t.setDaemon(true);
            load.threads.add(t);
            t.start();
        }
        return load;
    }

    private void runClient(int first) {
        for (int n = first; submitting; n++) {
            Cycle c = new Cycle(ids.incrementAndGet(), mix.get(n % mix.size()));
            cycles.add(c);
            try {
                switch (c.kind) {
                    case PUT -> put(c);
                    case GET -> get(c);
                    case LS -> ls(c);
                    case GFAL -> gfal(c);
                }
            } catch (InterruptedException e) {
                end(c, "stopped while waiting");
                return;
            } catch (Exception | Error e) {
                end(c, "client error " + e);
            }
            if (!FINISHED.equals(c.outcome) && submitting) {
                try {
                    TimeUnit.SECONDS.sleep(1); // a failed client tries again a moment later, not at once
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    private String surl(String path) {
        return E2eSite.surl(port, path);
    }

    private void ls(Cycle c) throws IOException {
        c.paths.add("/alice");
        HttpgResponse r;
        try {
            r = soap.ls(List.of(surl("/alice")));
        } catch (IOException e) {
            end(c, "srmLs unanswered");
            return;
        }
        String status = SpecRequests.status(r, "srmLs");
        end(c, "SRM_SUCCESS".equals(status) ? FINISHED : "srmLs " + status);
    }

    private void gfal(Cycle c) throws IOException {
        String path = "/alice/load/gfal-" + c.id + ".bin";
        c.paths.add(path);
        Path source = OnDisk.randomFile(scratch.resolve("gfal-" + c.id + ".bin"), PUT_BYTES, c.id);
        ClientRun copy = tools.gfal("gfal-copy", "file://" + source, surl(path));
        if (!copy.ok()) {
            end(c, "gfal-copy exit " + copy.exitCode() + srmStatusIn(copy.output()));
            return;
        }
        c.acknowledged = source; // gfal-copy ends with srmPutDone: success means the server acknowledged the file
        ClientRun ls = tools.gfal("gfal-ls", "-l", surl(path));
        end(c, ls.ok() && ls.output().contains(String.valueOf(PUT_BYTES)) ? FINISHED
                : "gfal-ls exit " + ls.exitCode() + srmStatusIn(ls.output()));
    }

    /** The first SRM status a client printed, if any (" SRM_INTERNAL_ERROR"). */
    private static String srmStatusIn(String output) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("SRM_[A-Z_]+").matcher(output);
        return m.find() ? " " + m.group() : "";
    }

    private void put(Cycle c) throws Exception {
        String path = "/alice/load/put-" + c.id + ".bin";
        c.paths.add(path);
        Path source = OnDisk.randomFile(scratch.resolve("put-" + c.id + ".bin"), PUT_BYTES, c.id);
        HttpgResponse settled = prepareAndPoll(c, "Put", () -> soap.put(List.of(surl(path)), GSIFTP, 600));
        if (settled == null) {
            return;
        }
        if (!List.of("SRM_SPACE_AVAILABLE").equals(SpecRequests.fileStatuses(settled))) {
            end(c, "file " + SpecRequests.fileStatuses(settled));
            return;
        }
        for (String turl : c.turls.getOrDefault(path, Set.of())) {
            ClientRun up = tools.globusUrlCopy("file://" + source, turl);
            if (!up.ok()) {
                abortQuietly(c);
                end(c, "upload failed (globus-url-copy exit " + up.exitCode() + ")");
                return;
            }
            c.transfers.add("STOR " + pathOf(turl));
        }
        HttpgResponse done;
        try {
            done = soap.putDone(c.token, List.of(surl(path)));
        } catch (IOException e) {
            end(c, "srmPutDone unanswered");
            return;
        }
        String status = SpecRequests.status(done, "srmPutDone");
        if ("SRM_SUCCESS".equals(status)) {
            c.acknowledged = source;
            end(c, FINISHED);
        } else {
            end(c, "srmPutDone " + status);
        }
    }

    private void get(Cycle c) throws Exception {
        List<String> surls = new ArrayList<>();
        List<Path> sources = new ArrayList<>();
        for (int j = 0; j < 2; j++) {
            String path = "/alice/load/get-" + c.id + "-" + j + ".bin";
            c.paths.add(path);
            surls.add(surl(path));
            sources.add(OnDisk.randomFile(site.onDisk(path), GET_BYTES, 1000L * c.id + j));
        }
        HttpgResponse settled = prepareAndPoll(c, "Get", () -> soap.get(surls, GSIFTP, 600));
        if (settled == null) {
            return;
        }
        if (!List.of("SRM_FILE_PINNED", "SRM_FILE_PINNED").equals(SpecRequests.fileStatuses(settled))) {
            end(c, "files " + SpecRequests.fileStatuses(settled));
            return;
        }
        for (int j = 0; j < 2; j++) {
            for (String turl : c.turls.getOrDefault(c.paths.get(j), Set.of())) {
                Path back = scratch.resolve("get-" + c.id + "-" + j + "-" + c.transfers.size() + ".back");
                ClientRun down = tools.globusUrlCopy(turl, "file://" + back);
                if (!down.ok()) {
                    abortQuietly(c);
                    end(c, "download failed (globus-url-copy exit " + down.exitCode() + ")");
                    return;
                }
                c.transfers.add("RETR " + pathOf(turl));
                if (Files.mismatch(sources.get(j), back) != -1L) {
                    end(c, "download differs from the file");
                    return;
                }
                Files.delete(back);
            }
        }
        HttpgResponse released;
        try {
            released = soap.release(c.token, surls);
        } catch (IOException e) {
            end(c, "srmReleaseFiles unanswered");
            return;
        }
        String status = SpecRequests.status(released, "srmReleaseFiles");
        end(c, "SRM_SUCCESS".equals(status) ? FINISHED : "srmReleaseFiles " + status);
    }

    private interface Call {
        HttpgResponse call() throws IOException;
    }

    /**
     * Makes the request and polls it until it no longer waits; returns that answer, or null when the cycle ended
     * (not accepted, the token unknown, polled past the limit).
     */
    private HttpgResponse prepareAndPoll(Cycle c, String kind, Call prepare) throws Exception {
        String op = "srmPrepareTo" + kind;
        HttpgResponse r;
        try {
            r = prepare.call();
        } catch (IOException e) {
            end(c, op + " unanswered"); // never retried: the request may exist without the client knowing it
            return null;
        }
        String token = r.text(op + "Response/requestToken");
        String status = SpecRequests.status(r, op);
        if (token == null || token.isEmpty()) {
            end(c, op + " " + status);
            return null;
        }
        c.token = token;
        String statusOp = "srmStatusOf" + kind + "Request";
        long deadline = System.nanoTime() + pollLimit.toNanos();
        while (true) {
            noteTurls(c, r);
            if (!WAITING.contains(status)) {
                c.settledAt = System.nanoTime();
                if ("SRM_INVALID_REQUEST".equals(status)) {
                    c.lost = "its token answered SRM_INVALID_REQUEST: " + r;
                }
                if (!"SRM_SUCCESS".equals(status) && !"SRM_PARTIAL_SUCCESS".equals(status)) {
                    end(c, statusOp + " " + status);
                    return null;
                }
                return r;
            }
            if (System.nanoTime() > deadline) {
                end(c, "still " + status + " after " + pollLimit.toSeconds() + " s");
                return null;
            }
            TimeUnit.MILLISECONDS.sleep(POLL_MS); // a client's poll interval, as gfal2 has one
            try {
                HttpgResponse next = soap.status(kind, token, List.of());
                String nextStatus = SpecRequests.status(next, statusOp);
                if ("SRM_INTERNAL_ERROR".equals(nextStatus)) { // retryable: the store unreachable for a moment
                    c.unanswered.incrementAndGet();
                } else {
                    r = next;
                    status = nextStatus;
                }
            } catch (IOException | RuntimeException e) { // no answer, or not an SRM one (a cut connection)
                c.unanswered.incrementAndGet();
            }
        }
    }

    /** Keeps the non-empty TURLs an answer gives, by SURL path (a queued file's transferURL is empty). */
    private static void noteTurls(Cycle c, HttpgResponse r) {
        List<String> given = r.texts("statusArray/transferURL");
        List<String> named = r.texts("statusArray/SURL");
        if (named.isEmpty()) {
            named = r.texts("statusArray/sourceSURL");
        }
        if (given.size() != named.size()) {
            return;
        }
        for (int i = 0; i < given.size(); i++) {
            if (!given.get(i).isEmpty()) {
                String surl = named.get(i);
                String path = surl.substring(surl.indexOf("/alice/"));
                c.turls.computeIfAbsent(path, k -> Collections.synchronizedSet(new LinkedHashSet<>()))
                        .add(given.get(i));
            }
        }
    }

    /** The path of a TURL as its door names the file: absolute and normalised. */
    static String pathOf(String turl) {
        return Path.of(URI.create(turl).getPath()).normalize().toString();
    }

    private void abortQuietly(Cycle c) {
        try {
            soap.abort(c.token); // what gfal2 does when a transfer fails
        } catch (IOException e) {
            // the cycle has failed already; the request times out
        }
    }

    private static void end(Cycle c, String outcome) {
        c.endedAt = System.nanoTime();
        c.outcome = outcome;
    }

    /** Every cycle so far. */
    List<Cycle> cycles() {
        return List.copyOf(cycles);
    }

    /** The cycle of request {@code token}, if a client holds it. */
    Cycle byToken(String token) {
        return cycles.stream().filter(c -> token.equals(c.token)).findFirst().orElse(null);
    }

    /**
     * Stops starting cycles and waits up to {@code within} for the clients to end theirs; a cycle still waiting
     * then is ended as stuck. Returns whether every client ended in time.
     */
    boolean drain(Duration within) throws InterruptedException {
        submitting = false;
        long deadline = System.nanoTime() + within.toNanos();
        boolean all = true;
        for (Thread t : threads) {
            t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            if (t.isAlive()) {
                all = false;
                t.interrupt();
                t.join(10_000);
            }
        }
        return all;
    }

    /**
     * After {@link #drain}: asks every accepted token once more through the balancer (a token that answers
     * SRM_INVALID_REQUEST, or whose request still waits, is lost) and reads every acknowledged upload from the disk
     * (missing or different: lost).
     */
    void verify() throws IOException {
        for (Cycle c : cycles) {
            if (c.accepted() && c.lost == null) {
                String kind = c.kind == Kind.PUT ? "Put" : "Get";
                String op = "srmStatusOf" + kind + "Request";
                String status = null;
                for (int i = 0; i < 3 && status == null; i++) {
                    try {
                        status = SpecRequests.status(soap.status(kind, c.token, List.of()), op);
                    } catch (IOException e) {
                        c.unanswered.incrementAndGet();
                    }
                }
                if (status == null || "SRM_INVALID_REQUEST".equals(status)) {
                    c.lost = "its token no longer answers (" + status + ")";
                } else if (WAITING.contains(status) && !FINISHED.equals(c.outcome)) {
                    c.lost = "its request still waits at the end (" + status + ")";
                }
            }
            if (c.acknowledged != null && c.lost == null) {
                Path stored = site.onDisk(c.paths.get(0));
                if (!Files.exists(stored)) {
                    c.lost = "acknowledged by srmPutDone, then missing";
                } else if (Files.mismatch(c.acknowledged, stored) != -1L) {
                    c.lost = "acknowledged by srmPutDone, then different";
                }
            }
        }
    }

    /** Cycles by how they ended ("finished", or the failing call and its status), sorted by name. */
    Map<String, Integer> outcomes() {
        Map<String, Integer> counts = new TreeMap<>();
        cycles.forEach(c -> counts.merge(c.ended() ? c.outcome : "not ended", 1, Integer::sum));
        return counts;
    }

    @Override
    public void close() throws InterruptedException {
        submitting = false;
        for (Thread t : threads) {
            t.interrupt();
            t.join(10_000);
        }
    }
}
