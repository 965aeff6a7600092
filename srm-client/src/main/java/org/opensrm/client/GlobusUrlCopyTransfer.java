package org.opensrm.client;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

import org.opensrm.authz.DelegatedCredential;
import org.opensrm.client.internal.Failures;
import org.opensrm.client.internal.ProxyFile;
import org.opensrm.client.internal.ToolRun;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.copy.Adler32s;
import org.opensrm.core.copy.CopyOutcome;
import org.opensrm.core.copy.CopyPeers;
import org.opensrm.core.copy.CopySpec;
import org.opensrm.core.copy.GridFtpCopyConfig;
import org.opensrm.core.copy.RunningTransfer;
import org.opensrm.core.copy.ThirdPartyTransfer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link ThirdPartyTransfer} between two GridFTP doors with {@code globus-url-copy} as a child process, acting
 * with the client's delegated proxy ({@code X509_USER_PROXY}, a 0600 file that exists only while the tool runs).
 * The doors move the data between themselves (third-party transfer); the tool then has both compute the file's
 * adler32 ({@code CKSM}) and fails the attempt when they differ ({@code -verify-checksum -checksum-alg ADLER32}).
 * The copy's adler32 is then read from the destination ({@code gfal-sum}), compared with the source's as its
 * storage element reported it ({@link CopySpec#expectedAdler32()}, a mismatch is final) and returned in the outcome.
 * Transient failures are retried with a doubling back-off ({@link GridFtpCopyConfig}); a copy that does not
 * succeed, or is aborted, has its destination removed with {@code gfal-rm} (the destination is always the copy's
 * own: a hidden upload name or the TURL of a put, never a file that existed before). Both doors must be allowed
 * copy peers ({@link CopyPeers}).
 *
 * <p>Each transfer runs on the given executor (one thread for its whole life, mostly waiting for the tool).
 */
public final class GlobusUrlCopyTransfer implements ThirdPartyTransfer {
    private static final Logger LOG = LoggerFactory.getLogger(GlobusUrlCopyTransfer.class);
    private static final String GSIFTP = "gsiftp";
    /** Bound on the short tool runs (checksum, removal); the copy itself is bounded by its stall timeout. */
    private static final Duration TOOL_TIMEOUT = Duration.ofMinutes(2);

    private final GridFtpCopyConfig config;
    private final Executor executor;

    public GlobusUrlCopyTransfer(GridFtpCopyConfig config, Executor executor) {
        this.config = config;
        this.executor = executor;
    }

    /**
     * Removes the delegated proxies a previous run of the server left in the work directory (killed during a copy,
     * it could not delete them): called at start, before any copy runs. Logs how many, never what.
     */
    public void removeLeftoverProxies() throws IOException {
        int removed = ProxyFile.removeLeftovers(config.workDir());
        if (removed > 0) {
            LOG.warn("removed {} delegated proxy file(s) left in {} by a server that stopped during copies",
                    removed, config.workDir());
        }
    }

    @Override
    public Capabilities capabilities() {
        return new Capabilities(Set.of(GSIFTP), Optional.of("adler32"));
    }

    @Override
    public RunningTransfer start(CopySpec spec, Supplier<Optional<DelegatedCredential>> credential)
            throws SrmException {
        try {
            check(spec, credential);
        } catch (SrmException e) {
            LOG.info("copy {} from {} to {} refused: {}", spec.label(), spec.source(), spec.destination(),
                    e.getMessage());
            throw e;
        }
        Job job = new Job(spec, credential);
        executor.execute(job::run);
        return job;
    }

    private void check(CopySpec spec, Supplier<Optional<DelegatedCredential>> credential) throws SrmException {
        for (URI url : List.of(spec.source(), spec.destination())) {
            if (!GSIFTP.equalsIgnoreCase(url.getScheme()) || url.getHost() == null || url.getPath() == null
                    || url.getPath().isEmpty()) {
                throw SrmException.invalidRequest("not a gsiftp:// URL with a host and a path: " + url);
            }
            if (!config.peers().allows(url)) {
                throw SrmException.denied("GridFTP door " + url.getHost() + (url.getPort() < 0 ? "" : ":"
                        + url.getPort()) + " is not an allowed copy peer");
            }
        }
        if (sameFile(spec.source(), spec.destination())) {
            throw SrmException.invalidRequest("the source and the destination are the same file");
        }
        if (credential.get().isEmpty()) {
            throw SrmException.denied("no delegated credential: a copy needs the client to delegate its proxy"
                    + " (GSI delegation) with the request");
        }
    }

    private static boolean sameFile(URI a, URI b) {
        int portA = a.getPort() < 0 ? CopyPeers.GRIDFTP_PORT : a.getPort();
        int portB = b.getPort() < 0 ? CopyPeers.GRIDFTP_PORT : b.getPort();
        return a.getHost().equalsIgnoreCase(b.getHost()) && portA == portB
                && a.normalize().getPath().equals(b.normalize().getPath());
    }

    List<String> copyCommand(CopySpec spec) {
        return List.of(config.globusUrlCopy().toString(),
                "-stall-timeout", Long.toString(config.stallTimeout().toSeconds()),
                "-verify-checksum", "-checksum-alg", "ADLER32",
                spec.source().toString(), spec.destination().toString());
    }

    List<String> checksumCommand(CopySpec spec) {
        return List.of(config.gfalSum().toString(), spec.destination().toString(), "ADLER32");
    }

    private Map<String, String> environment(ProxyFile proxy) {
        return Map.of("X509_USER_PROXY", proxy.path().toString(), "X509_CERT_DIR", config.caDir().toString(),
                // gfal2 with Globus threads can crash at exit (see testkit's SrmClients); harmless for the others
                "GLOBUS_THREAD_MODEL", "none", "GFAL_PYTHONBIN", "/usr/bin/python3");
    }

    /** The checksum in {@code gfal-sum}'s answer ({@code URL 877f8f70}), if it is one. */
    static Optional<String> checksumOf(String output) {
        String[] words = output.strip().split("\\s+");
        try {
            return Optional.of(Adler32s.format(Adler32s.parse(words[words.length - 1])));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** One copy: its attempts, its abort, its outcome. */
    private final class Job implements RunningTransfer {
        private final CopySpec spec;
        private final Supplier<Optional<DelegatedCredential>> credential;
        private final CompletableFuture<CopyOutcome> outcome = new CompletableFuture<>();
        private final Object lock = new Object();
        private boolean aborted;
        private ToolRun running;

        Job(CopySpec spec, Supplier<Optional<DelegatedCredential>> credential) {
            this.spec = spec;
            this.credential = credential;
        }

        @Override
        public CompletableFuture<CopyOutcome> outcome() {
            return outcome;
        }

        @Override
        public void abort() {
            ToolRun run;
            synchronized (lock) {
                if (aborted) {
                    return;
                }
                aborted = true;
                run = running;
                lock.notifyAll();
            }
            LOG.info("copy {} aborted", spec.label());
            if (run != null) {
                run.kill();
            }
        }

        void run() {
            CopyOutcome result;
            try {
                result = attempts();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                result = CopyOutcome.failed(SrmStatus.SRM_ABORTED, "the server is shutting down", 0);
            } catch (IOException | RuntimeException e) {
                LOG.warn("copy {} from {} to {} failed: {}", spec.label(), spec.source(), spec.destination(),
                        e.toString());
                result = CopyOutcome.failed(SrmStatus.SRM_INTERNAL_ERROR, "the copy could not be run", 0);
            }
            if (!result.succeeded()) {
                removeDestination();
            }
            LOG.info("copy {} from {} to {}: {} after {} attempt(s){}", spec.label(), spec.source(),
                    spec.destination(), result.status(), result.attempts(),
                    result.succeeded() ? "" : ": " + result.explanation());
            outcome.complete(result);
        }

        private CopyOutcome attempts() throws InterruptedException, IOException {
            Failures.Failure last = null;
            for (int attempt = 1; attempt <= config.attempts(); attempt++) {
                if (attempt > 1 && !pause(config.backoffAfter(attempt - 1))) {
                    return aborted(attempt - 1);
                }
                Optional<DelegatedCredential> c = credential.get();
                if (c.isEmpty()) {
                    return CopyOutcome.failed(SrmStatus.SRM_AUTHORIZATION_FAILURE,
                            "the delegated credential expired before the copy ended", attempt - 1);
                }
                Optional<String> adler32;
                try (ProxyFile proxy = ProxyFile.write(config.workDir(), c.get())) {
                    Optional<ToolRun.Result> copied = run(copyCommand(spec), proxy, null);
                    if (copied.isEmpty()) {
                        return aborted(attempt);
                    }
                    last = copied.get().ok() ? null : Failures.of(copied.get().output());
                    adler32 = Optional.empty();
                    if (last == null) {
                        Optional<ToolRun.Result> sum = run(checksumCommand(spec), proxy, TOOL_TIMEOUT);
                        if (sum.isEmpty()) {
                            return aborted(attempt);
                        }
                        adler32 = checksumOf(sum.get().output());
                        if (adler32.isEmpty()) {
                            last = new Failures.Failure(SrmStatus.SRM_FAILURE, "cannot read the adler32 of the copy: "
                                    + Failures.of(sum.get().output()).explanation(), true);
                        }
                    }
                }
                if (last == null) {
                    String actual = adler32.orElseThrow();
                    Optional<String> expected = spec.expectedAdler32();
                    if (expected.isPresent() && Adler32s.parse(expected.get()) != Adler32s.parse(actual)) {
                        return CopyOutcome.failed(SrmStatus.SRM_FAILURE, "adler32 of the copy " + actual
                                + " differs from the source's " + expected.get(), attempt);
                    }
                    return new CopyOutcome(SrmStatus.SRM_SUCCESS, "copied, adler32 " + actual + " at both ends",
                            attempt, adler32);
                }
                LOG.info("copy {} attempt {} of {} failed ({}): {}", spec.label(), attempt, config.attempts(),
                        last.transientError() ? "transient" : "permanent", last.explanation());
                if (!last.transientError()) {
                    return CopyOutcome.failed(last.status(), last.explanation(), attempt);
                }
            }
            return CopyOutcome.failed(last.status(), last.explanation() + " (" + config.attempts() + " attempts)",
                    config.attempts());
        }

        /**
         * Runs one tool with the proxy, as the copy's current run (an abort kills it); empty when the copy was
         * aborted before or while it ran.
         */
        private Optional<ToolRun.Result> run(List<String> command, ProxyFile proxy, Duration timeout)
                throws IOException, InterruptedException {
            ToolRun run = ToolRun.start(command, environment(proxy), config.workDir());
            if (!running(run)) {
                run.kill();
                return Optional.empty();
            }
            ToolRun.Result result = timeout == null ? run.await() : run.await(timeout);
            running(null);
            return isAborted() ? Optional.empty() : Optional.of(result);
        }

        /** Registers the tool run now in progress; false when the copy was aborted meanwhile. */
        private boolean running(ToolRun run) {
            synchronized (lock) {
                running = run;
                return !aborted;
            }
        }

        private boolean isAborted() {
            synchronized (lock) {
                return aborted;
            }
        }

        /** Waits out a back-off; false when aborted meanwhile. */
        private boolean pause(Duration backoff) throws InterruptedException {
            long deadline = System.nanoTime() + backoff.toNanos();
            synchronized (lock) {
                for (long left = backoff.toNanos(); !aborted && left > 0; left = deadline - System.nanoTime()) {
                    lock.wait(Math.max(1, left / 1_000_000));
                }
                return !aborted;
            }
        }

        private CopyOutcome aborted(int attempts) {
            return CopyOutcome.failed(SrmStatus.SRM_ABORTED, "aborted", attempts);
        }

        /** Removes what a failed or aborted copy may have left at the destination (nothing there is fine). */
        private void removeDestination() {
            Optional<DelegatedCredential> c = credential.get();
            if (c.isEmpty()) {
                LOG.warn("copy {}: cannot remove {} (no unexpired delegated credential left)", spec.label(),
                        spec.destination());
                return;
            }
            try (ProxyFile proxy = ProxyFile.write(config.workDir(), c.get())) {
                List<String> command = new ArrayList<>(List.of(config.gfalRm().toString(),
                        spec.destination().toString()));
                ToolRun.Result r = ToolRun.start(command, environment(proxy), config.workDir()).await(TOOL_TIMEOUT);
                if (!r.ok() && !r.output().contains("No such file")) {
                    LOG.warn("copy {}: could not remove the partial destination {}: {}", spec.label(),
                            spec.destination(), Failures.of(r.output()).explanation());
                }
            } catch (IOException e) {
                LOG.warn("copy {}: could not remove the partial destination {}: {}", spec.label(),
                        spec.destination(), e.toString());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
