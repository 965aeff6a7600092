package org.opensrm.client.http;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

import org.opensrm.authz.DelegatedCredential;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.copy.Adler32s;
import org.opensrm.core.copy.CopyOutcome;
import org.opensrm.core.copy.CopySpec;
import org.opensrm.core.copy.RunningTransfer;
import org.opensrm.core.copy.ThirdPartyTransfer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link ThirdPartyTransfer} between two {@code https} doors, as a WLCG HTTP third-party copy: this server sends
 * {@code COPY} to its own door (XRootD's XrdHttpTPC), which moves the data itself — a pull (the destination is this
 * server's door: {@code Source:} the remote) or a push (the source is: {@code Destination:} the remote). Each end is
 * authorised by a bearer token, not by the client's certificate: this server's door by the macaroon its TURL carries
 * (the engine minted it for the copy's path, activity and account); the remote door by the token its storage element
 * put into the TURL it gave for the client ({@code ?authz=}), taken out of the URL and passed as
 * {@code TransferHeaderAuthorization: Bearer ...}, which the door sends on as {@code Authorization} (so the token is
 * in no URL the door logs). The delegated credential is not used here: it reached the remote SRM that issued the
 * remote TURL.
 *
 * <p>After the door reports success, both doors are asked for the file's adler32 ({@code HEAD} with
 * {@code Want-Digest: adler32}); a difference fails the attempt (retried), a difference from the source's expected
 * value ({@link CopySpec#expectedAdler32()}) fails the copy. Transient failures are retried with a doubling
 * back-off; a copy that does not succeed, or is aborted, has its destination removed ({@code DELETE}, with the
 * destination's own token). Only this server's doors are ever asked to copy, and the other end must be an allowed
 * copy peer.
 */
public final class HttpTpcTransfer implements ThirdPartyTransfer {
    private static final Logger LOG = LoggerFactory.getLogger(HttpTpcTransfer.class);
    private static final String HTTPS = "https";

    private final HttpTpcConfig config;
    private final TpcHttp http;
    private final Executor executor;

    /** @throws IOException when the CA directory holds no CA certificate */
    public HttpTpcTransfer(HttpTpcConfig config, Executor executor) throws IOException {
        this.config = config;
        this.http = new TpcHttp(config.caDir(), config.callTimeout());
        this.executor = executor;
    }

    @Override
    public Capabilities capabilities() {
        return new Capabilities(Set.of(HTTPS), Optional.of("adler32"));
    }

    @Override
    public RunningTransfer start(CopySpec spec, Supplier<Optional<DelegatedCredential>> credential)
            throws SrmException {
        Plan plan;
        try {
            plan = plan(spec);
        } catch (SrmException e) {
            LOG.info("copy {} from {} to {} refused: {}", spec.label(), Urls.withoutToken(spec.source()),
                    Urls.withoutToken(spec.destination()), e.getMessage());
            throw e;
        }
        Job job = new Job(spec, plan);
        executor.execute(job::run);
        return job;
    }

    /** Which door copies, and to or from where. */
    private record Plan(boolean pull, URI source, URI destination, URI active, URI remote,
                        Optional<String> remoteAuthorization) {
    }

    private Plan plan(CopySpec spec) throws SrmException {
        URI source = https(spec.source());
        URI destination = https(spec.destination());
        for (URI url : List.of(source, destination)) {
            if (!config.allows(url)) {
                throw SrmException.denied("door " + url.getHost() + (url.getPort() < 0 ? "" : ":" + url.getPort())
                        + " is not an allowed copy peer");
            }
        }
        if (source.getHost().equalsIgnoreCase(destination.getHost()) && source.getPort() == destination.getPort()
                && source.normalize().getPath().equals(destination.normalize().getPath())) {
            throw SrmException.invalidRequest("the source and the destination are the same file");
        }
        boolean pull = config.isOwnDoor(destination);
        if (!pull && !config.isOwnDoor(source)) {
            throw SrmException.denied("neither end is one of this server's https doors: an HTTP third-party copy"
                    + " runs on this server's own door");
        }
        URI remote = pull ? source : destination;
        return new Plan(pull, source, destination, pull ? destination : source, Urls.withoutToken(remote),
                Urls.token(remote).map(t -> "Bearer " + t));
    }

    /** {@code url} as an https:// URL ({@code davs} is the same), or refused. */
    private static URI https(URI url) throws SrmException {
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals(HTTPS) && !scheme.equals("davs") || url.getHost() == null || url.getRawPath() == null
                || url.getRawPath().isEmpty()) {
            throw SrmException.invalidRequest("not an https:// URL with a host and a path: "
                    + Urls.withoutToken(url));
        }
        if (scheme.equals(HTTPS)) {
            return url;
        }
        try {
            return new URI(HTTPS + url.toString().substring(url.getScheme().length()));
        } catch (URISyntaxException e) {
            throw SrmException.invalidRequest("not a URL: " + Urls.withoutToken(url));
        }
    }

    /** One copy: its attempts, its abort, its outcome. */
    private final class Job implements RunningTransfer {
        private final CopySpec spec;
        private final Plan plan;
        private final String direction;
        private final CompletableFuture<CopyOutcome> outcome = new CompletableFuture<>();
        private final Object lock = new Object();
        private boolean aborted;
        private TpcHttp.Copy running;

        Job(CopySpec spec, Plan plan) {
            this.spec = spec;
            this.plan = plan;
            this.direction = plan.pull() ? "pull" : "push";
        }

        @Override
        public CompletableFuture<CopyOutcome> outcome() {
            return outcome;
        }

        @Override
        public void abort() {
            TpcHttp.Copy copy;
            synchronized (lock) {
                if (aborted) {
                    return;
                }
                aborted = true;
                copy = running;
                lock.notifyAll();
            }
            LOG.info("copy {} aborted", spec.label());
            if (copy != null) {
                copy.cancel(); // the door stops the transfer when its client goes
            }
        }

        void run() {
            CopyOutcome result;
            try {
                result = attempts();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                result = CopyOutcome.failed(SrmStatus.SRM_ABORTED, "the server is shutting down", 0);
            } catch (RuntimeException e) {
                LOG.warn("copy {} ({}, HTTP-TPC) failed: {}", spec.label(), direction, e.toString());
                result = CopyOutcome.failed(SrmStatus.SRM_INTERNAL_ERROR, "the copy could not be run", 0);
            }
            if (!result.succeeded()) {
                removeDestination();
            }
            LOG.info("copy {} ({} by HTTP-TPC through {}) from {} to {}: {} after {} attempt(s){}", spec.label(),
                    direction, hostPort(plan.active()), Urls.withoutToken(plan.source()),
                    Urls.withoutToken(plan.destination()), result.status(), result.attempts(),
                    result.succeeded() ? "" : ": " + result.explanation());
            outcome.complete(result);
        }

        private CopyOutcome attempts() throws InterruptedException {
            Failure last = null;
            for (int attempt = 1; attempt <= config.attempts(); attempt++) {
                if (attempt > 1 && !pause(config.backoffAfter(attempt - 1))) {
                    return aborted(attempt - 1);
                }
                if (isAborted()) {
                    return aborted(attempt - 1);
                }
                Optional<String> copied = Optional.empty();
                try {
                    last = copyOnce();
                    if (isAborted()) {
                        return aborted(attempt);
                    }
                    if (last == null) {
                        Sums sums = sums();
                        copied = Optional.of(sums.destination());
                        if (Adler32s.parse(sums.source()) != Adler32s.parse(sums.destination())) {
                            last = new Failure(SrmStatus.SRM_FAILURE, "checksum (adler32) differs after the copy:"
                                    + " source " + sums.source() + ", destination " + sums.destination(), true);
                        }
                    }
                } catch (SocketTimeoutException e) {
                    last = isAborted() ? null : new Failure(SrmStatus.SRM_FAILURE, "the door reported no progress for "
                            + config.stallTimeout().toSeconds() + " s", true);
                } catch (IOException | IllegalArgumentException e) {
                    if (isAborted()) {
                        return aborted(attempt);
                    }
                    last = new Failure(SrmStatus.SRM_FAILURE, "transfer failed: " + e.getMessage(), true);
                }
                if (isAborted()) {
                    return aborted(attempt);
                }
                if (last == null) {
                    String actual = Adler32s.format(Adler32s.parse(copied.orElseThrow()));
                    Optional<String> expected = spec.expectedAdler32();
                    if (expected.isPresent() && Adler32s.parse(expected.get()) != Adler32s.parse(actual)) {
                        return CopyOutcome.failed(SrmStatus.SRM_FAILURE, "adler32 of the copy " + actual
                                + " differs from the source's " + expected.get(), attempt);
                    }
                    return new CopyOutcome(SrmStatus.SRM_SUCCESS, "copied by HTTP-TPC, adler32 " + actual
                            + " at both ends", attempt, Optional.of(actual));
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

        /** One COPY to its end: null on success, else what failed. */
        private Failure copyOnce() throws IOException {
            TpcHttp.Copy copy = http.copy(plan.active(), plan.pull(), plan.remote(), plan.remoteAuthorization());
            try {
                synchronized (lock) {
                    if (aborted) {
                        return null;
                    }
                    running = copy;
                }
                TpcHttp.CopyReply reply = copy.await(config.stallTimeout());
                LOG.debug("copy {}: door answered {} after {} bytes: {}", spec.label(), reply.status(),
                        reply.bytes(), reply.text());
                return reply.succeeded() ? null : Failure.of(reply.text());
            } finally {
                synchronized (lock) {
                    running = null;
                }
                copy.close();
            }
        }

        /** Both ends' adler32 as their doors compute it. */
        private Sums sums() throws IOException {
            Optional<String> source = http.adler32(plan.source());
            Optional<String> destination = http.adler32(plan.destination());
            if (source.isEmpty() || destination.isEmpty()) {
                throw new IOException("cannot read the adler32 of the " + (source.isEmpty() ? "source" : "copy")
                        + " (the door named none: is 'xrootd.chksum adler32' configured?)");
            }
            return new Sums(source.get(), destination.get());
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
            try {
                int status = http.delete(plan.destination());
                if (status / 100 != 2 && status != 404) {
                    LOG.warn("copy {}: could not remove the partial destination {}: HTTP {}", spec.label(),
                            Urls.withoutToken(plan.destination()), status);
                }
            } catch (IOException e) {
                LOG.warn("copy {}: could not remove the partial destination {}: {}", spec.label(),
                        Urls.withoutToken(plan.destination()), e.toString());
            }
        }
    }

    private record Sums(String source, String destination) {
    }

    private static String hostPort(URI url) {
        return url.getHost() + ":" + (url.getPort() < 0 ? HttpTpcConfig.HTTPS_PORT : url.getPort());
    }

    /**
     * What a failed COPY means: the source missing is {@code SRM_INVALID_PATH}, a door refusing the token is
     * {@code SRM_AUTHORIZATION_FAILURE} (both final); anything else is transient.
     */
    record Failure(SrmStatus status, String explanation, boolean transientError) {
        static Failure of(String text) {
            String t = text.toLowerCase(Locale.ROOT);
            if (t.contains("status code 404") || t.startsWith("http 404") || t.contains("no such file")) {
                return new Failure(SrmStatus.SRM_INVALID_PATH, "source or destination not found: " + text, false);
            }
            if (t.contains("status code 401") || t.contains("status code 403") || t.startsWith("http 401")
                    || t.startsWith("http 403") || t.contains("permission denied")) {
                return new Failure(SrmStatus.SRM_AUTHORIZATION_FAILURE, "refused by a door: " + text, false);
            }
            return new Failure(SrmStatus.SRM_FAILURE, "transfer failed: " + text, true);
        }
    }

    /** The bearer token a TURL carries in its query ({@code authz=}), and the TURL without it (for logs, headers). */
    static final class Urls {
        private Urls() {
        }

        static Optional<String> token(URI url) {
            String q = url.getRawQuery();
            if (q == null) {
                return Optional.empty();
            }
            for (String p : q.split("&")) {
                if (p.startsWith("authz=")) {
                    String t = URLDecoder.decode(p.substring(6), StandardCharsets.UTF_8);
                    return Optional.of(t.startsWith("Bearer ") ? t.substring(7) : t);
                }
            }
            return Optional.empty();
        }

        static URI withoutToken(URI url) {
            String q = url.getRawQuery();
            if (q == null) {
                return url;
            }
            List<String> kept = new ArrayList<>();
            for (String p : q.split("&")) {
                if (!p.isEmpty() && !p.startsWith("authz=")) {
                    kept.add(p);
                }
            }
            String s = url.toString();
            String base = s.substring(0, s.indexOf('?'));
            String fragment = url.getRawFragment() == null ? "" : "#" + url.getRawFragment();
            return URI.create(base + (kept.isEmpty() ? "" : "?" + String.join("&", kept)) + fragment);
        }
    }
}
