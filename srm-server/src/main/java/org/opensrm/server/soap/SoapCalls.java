package org.opensrm.server.soap;

import java.util.Optional;
import org.opensrm.authz.Authorizer;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.authz.Decision;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.service.Caller;
import org.opensrm.server.metrics.SrmMetrics;
import org.opensrm.server.soap.gen.TReturnStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * Runs an operation for one call: identifies and authorises the caller, sets the MDC, and turns
 * every failure into an SRM status. This is the one place where exceptions become {@code TReturnStatus}.
 *
 * <p>It is also the one place that answers overload. A call that admission control refused (every processing slot
 * taken and the waiting queue full, or its wait ran out; see {@link SoapServlet}) is answered with a normal SOAP
 * response (HTTP 200) whose request status is {@code SRM_INTERNAL_ERROR} with the explanation {@link #BUSY}. Tried with the real
 * clients, this is the only answer gfal2 (srm-ifce) retries: it repeats srmLs, srmRm, srmPrepareToPut/Get,
 * srmPutDone and the status calls with back-off until its operation timeout. ARC reports it as a temporary error
 * (EAGAIN) and, given {@code arccp -R}, repeats the transfer without a pause. HTTP 503 (with or without a SOAP
 * fault, whatever its Retry-After), HTTP 500 faults and closed connections make every gfal2 call fail at once and
 * give ARC nothing more. {@code docs/overload.md} records what each client does.
 */
public final class SoapCalls {
    /** The explanation of the busy answer. */
    public static final String BUSY = "the server is busy: retry later";

    private static final Logger LOG = LoggerFactory.getLogger(SoapCalls.class);
    private static final Logger ACCESS = LoggerFactory.getLogger("org.opensrm.access");

    private final Authorizer authorizer;
    private final SrmMetrics metrics;

    public SoapCalls(Authorizer authorizer, SrmMetrics metrics) {
        this.authorizer = authorizer;
        this.metrics = metrics;
    }

    /** With metrics nobody reads, for tests of the edge alone. */
    public SoapCalls(Authorizer authorizer) {
        this(authorizer, new SrmMetrics());
    }

    /**
     * Runs {@code op} for the call that {@code arrival} describes: answers it with the servlet's refusal, or
     * authenticates and authorises the sender into the {@link Caller} the operation is handed.
     */
    public <Q, R> R invoke(Arrival arrival, SrmOperation<Q, R> op, Q request) {
        long start = System.nanoTime();
        Optional<ClientIdentity> identity = arrival.identity();
        String dn = identity.map(ClientIdentity::subject).orElse("-");
        MDC.put("dn", dn);
        SrmStatus outcome = SrmStatus.SRM_INTERNAL_ERROR;
        try {
            Optional<Arrival.Refusal> refusal = arrival.refusal();
            if (refusal.isPresent()) {
                outcome = refusal.get().status();
                LOG.debug("{} refused before it was decoded: {}", op.name(), refusal.get().explanation());
                return op.response().withStatus(Wire.status(outcome, refusal.get().explanation()));
            }
            if (identity.isEmpty()) {
                throw new SrmException(SrmStatus.SRM_AUTHENTICATION_FAILURE,
                        "no client certificate or bearer token was presented");
            }
            if (request == null) {
                throw SrmException.invalidRequest(op.name() + " request body is missing");
            }
            RequiredInput.check(op.name(), request);
            Caller caller;
            if (op.needsAccount() || identity.get().bearer().isPresent()) { // a token is always validated
                Decision d = authorizer.decide(identity.get());
                caller = new Caller(identity.get(), d.account(), d.paths(), d.subject());
                if (!d.subject().equals(dn)) {
                    dn = d.subject(); // a token's sub@iss
                    MDC.put("dn", dn);
                }
            } else {
                caller = new Caller(identity.get(), null);
            }
            R response = op.handle(caller.withDelegated(arrival.delegated()), request);
            outcome = op.response().statusOf(response);
            return response;
        } catch (SrmException e) {
            outcome = e.status();
            LOG.info("{} failed: {} {}", op.name(), e.status(), e.getMessage());
            return op.response().withStatus(Wire.status(e.status(), e.getMessage()));
        } catch (RuntimeException e) {
            if (noSpaceLeft(e)) { // e.g. the upload journal in srm.state.dir: not a bug, one line is enough
                LOG.warn("{} failed, a disk of the server is full: {}", op.name(), e.getMessage());
                return op.response().withStatus(Wire.status(SrmStatus.SRM_INTERNAL_ERROR,
                        "the server's disk is full: " + op.name() + " was not done; retry later"));
            }
            LOG.error("{} failed unexpectedly", op.name(), e);
            return op.response().withStatus(Wire.status(SrmStatus.SRM_INTERNAL_ERROR,
                    "internal error in " + op.name() + " (details are in the server log)"));
        } finally {
            long elapsed = System.nanoTime() - start;
            metrics.record(op.name(), outcome.name(), elapsed);
            if (ACCESS.isInfoEnabled()) {
                ACCESS.info("{} dn=\"{}\" fqans=\"{}\" result={} ms={}", op.name(), dn,
                        identity.map(id -> String.join(",", id.fqans())).orElse(""), outcome, elapsed / 1_000_000);
            }
            MDC.remove("dn");
            MDC.remove("token");
        }
    }

    /** Whether {@code e} was caused by a write the operating system refused for want of space (ENOSPC). */
    private static boolean noSpaceLeft(Throwable e) {
        for (Throwable t = e; t != null && t.getCause() != t; t = t.getCause()) {
            if (t instanceof java.io.IOException && String.valueOf(t.getMessage()).contains("No space left")) {
                return true;
            }
        }
        return false;
    }

    /** A failure response's status, for operations built from parts. */
    public static TReturnStatus statusOf(SrmException e) {
        return Wire.status(e.status(), e.getMessage());
    }
}
