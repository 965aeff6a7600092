package org.opensrm.core.service;

import java.util.List;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;

/**
 * The transfer protocols this server hands out TURLs for, and the TURLs themselves: which door a file's transfer
 * goes to, chosen by the client's protocol preference among the doors that are up, and the URL of a namespace path
 * on that door. Called on the request path: answers from memory, never probes a door.
 */
public interface Transfers {

    /**
     * The protocols of the configured doors, plus {@code file} when local access is enabled, in the site's order
     * (the order the doors are configured in; {@code file} last): what srmGetTransferProtocols lists.
     */
    List<String> offered();

    /**
     * The door for one file: the first protocol of {@code preference} that a live door offers.
     *
     * @param preference the client's {@code arrayOfTransferProtocols}, most wanted first; empty: the site's order
     * @return the door reference kept in tokens and in the request store, which {@link #turl} reads: a GridFTP
     *         door's {@code host:port} (as before there were other kinds), {@code scheme://host:port} otherwise
     * @throws SrmException {@code SRM_NOT_SUPPORTED} naming what is offered when none of the requested protocols
     *                      is; the selectors' status (see {@code NoDoorAvailableException}) when they are offered
     *                      but no door of any of them is up now
     */
    String choose(List<String> preference) throws SrmException;

    /**
     * The transfer URL of {@code path} on {@code door}, authorised for {@code grant} where the door's kind verifies
     * what a TURL may do ({@link TurlAuthorization}).
     *
     * @param door a reference {@link #choose} returned (possibly long ago: from a token or the store)
     * @throws SrmException {@code SRM_FAILURE} when the reference is empty or malformed; a
     *                      {@link TurlAuthorization}'s refusal
     */
    String turl(String door, SrmPath path, TurlGrant grant) throws SrmException;

    /**
     * A transfer to or from {@code turl} failed (its client aborted the request): the door it names is probed
     * again now, so that a door that died is not chosen for the retry. Not on the request path of a transfer; may
     * take up to the probe timeout. The default does nothing.
     */
    default void recheck(String turl) {
    }

    /**
     * Checks a request's protocols when it is made, before any door is chosen.
     *
     * @param preference the client's list; empty when it named none (always acceptable)
     * @throws SrmException {@code SRM_NOT_SUPPORTED} naming what is offered when none of them is offered
     */
    default void requireOffered(List<String> preference) throws SrmException {
        List<String> offered = offered();
        for (String p : preference) {
            if (p != null && offered.contains(org.opensrm.gridftp.GridFtpNode.kindOf(p))) {
                return;
            }
        }
        if (!preference.isEmpty()) {
            throw new SrmException(org.opensrm.common.SrmStatus.SRM_NOT_SUPPORTED, "none of the requested transfer"
                    + " protocols " + preference + " is offered; this server offers " + offered);
        }
    }
}
