package org.opensrm.core.full;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.FencedException;
import org.opensrm.core.FrontendLease;
import org.opensrm.core.FrontendLeases;
import org.opensrm.core.RequestToken;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fencing for work whose last step cannot be undone and is not a write of the store: a copy landing the data it
 * pulled on its target, or telling the remote SRM that a push is done. On a store several frontends share, the
 * store refuses a late outcome ({@link org.opensrm.core.RequestStore#updateHeld}), but the data would already be
 * there; so the step is taken only while the request is still held under the lease the work started under, and
 * held safely: that lease renewed within the last half of the take-over delay (in the database's clock), so that
 * no other frontend can take the request for at least the other half, more than a rename takes. A lease not
 * renewed that recently (its heartbeat late) is waited for, up to one delay; a request taken over meanwhile is
 * fenced ({@link FencedException}: the engine drops the file and stores nothing). While a copy runs, the same
 * check every second stops its transfer once the request is taken ({@link #stillHeld}). A store of one frontend has
 * nothing to fence ({@link #NONE}).
 */
final class LandingFence {
    private static final Logger LOG = LoggerFactory.getLogger(LandingFence.class);
    static final LandingFence NONE = new LandingFence(Optional.empty(), Duration.ofSeconds(1));

    private final Optional<FrontendLeases> leases;
    private final Duration delay;

    /**
     * @param leases the leases of the frontends sharing the store (empty: one frontend)
     * @param delay  the take-over delay ({@link FullModeConfig#takeoverDelay})
     */
    LandingFence(Optional<FrontendLeases> leases, Duration delay) {
        this.leases = leases;
        this.delay = delay;
    }

    /** The lease work starting now is done under; empty for a store of one frontend. */
    Optional<FrontendLease> lease() {
        return leases.map(FrontendLeases::current);
    }

    /**
     * Whether the request is still held under {@code lease}: false once another frontend took it (or it was
     * purged); true while held, and while the store cannot tell (the check before landing decides then).
     */
    boolean stillHeld(RequestToken token, Optional<FrontendLease> lease) {
        if (lease.isEmpty()) {
            return true;
        }
        try {
            leases.get().heldFor(token, lease.get(), delay);
            return true;
        } catch (FencedException e) {
            return false;
        } catch (SrmException e) {
            return e.status() != SrmStatus.SRM_INVALID_REQUEST;
        }
    }

    /**
     * Returns once the request is held under {@code lease} for at least half the take-over delay more, waiting up
     * to one delay for the heartbeat to renew a late lease.
     *
     * @throws FencedException another frontend took the request: the step must not be taken
     * @throws SrmException    {@code SRM_INTERNAL_ERROR} when the lease could not be shown held within one delay
     *                         (the store unreachable); {@code SRM_INVALID_REQUEST} for a request purged meanwhile
     */
    void beforeLanding(RequestToken token, Optional<FrontendLease> lease, String label) throws SrmException {
        if (lease.isEmpty()) {
            return;
        }
        Duration margin = delay.dividedBy(2);
        long deadline = System.nanoTime() + delay.toNanos();
        while (true) {
            String why;
            try {
                Duration left = leases.get().heldFor(token, lease.get(), delay);
                if (left.compareTo(margin) >= 0) {
                    return;
                }
                why = "lease " + lease.get() + " has " + left.toMillis() + " ms left before it can be taken over";
            } catch (FencedException e) {
                LOG.warn("copy {}: not landed, the request was taken over: {}", label, e.getMessage());
                throw e;
            } catch (SrmException e) {
                if (e.status() == SrmStatus.SRM_INVALID_REQUEST) {
                    throw e;
                }
                why = e.getMessage();
            }
            if (System.nanoTime() - deadline >= 0) {
                LOG.warn("copy {}: not landed, this frontend could not show that it still holds the request: {}",
                        label, why);
                throw new SrmException(SrmStatus.SRM_INTERNAL_ERROR, "this frontend could not show within "
                        + delay.toSeconds() + " s that it still holds the request (" + why + "): the copied data "
                        + "was not landed; retry");
            }
            LOG.info("copy {}: landing waits for this frontend's heartbeat: {}", label, why);
            pause(delay.dividedBy(8));
        }
    }

    private static void pause(Duration d) throws SrmException {
        try {
            TimeUnit.MILLISECONDS.sleep(Math.max(1, d.toMillis())); // the heartbeat's renewal is in another thread
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SrmException(SrmStatus.SRM_ABORTED, "the server is shutting down");
        }
    }
}
