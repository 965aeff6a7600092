package org.opensrm.core.full;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.authz.PathPolicy;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.Owner;
import org.opensrm.core.Request;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.Transfers;
import org.opensrm.core.service.TurlGrant;

/**
 * The engine's one way to choose a door for a file and its one way to form a TURL, whatever the request and the
 * mode: every worker and the reader of old gateway tokens go through here, so that how doors are chosen and TURLs
 * formed changes in one place. A request keeps its client's protocol preference as a parameter, so that a file
 * served later (queued, or after a restart) gets a door of the protocol its client asked for.
 */
final class Doors {
    /** The request parameter keeping the client's transfer protocols, comma-separated, most wanted first. */
    static final String PROTOCOLS = "protocols";

    /** Stands for the client of an old gateway token, which kept only digests of its DN and account. */
    private static final Caller LEGACY_CALLER = new Caller(new ClientIdentity("", "", List.of()),
            new Account("-", -1, -1, java.util.Set.of(-1)), PathPolicy.ANY, "");

    private final Transfers transfers;

    Doors(Transfers transfers) {
        this.transfers = transfers;
    }

    /** Checks a new request's protocols ({@link Transfers#requireOffered}). */
    void requireOffered(List<String> protocols) throws SrmException {
        transfers.requireOffered(protocols);
    }

    /**
     * A door for a file of {@code r}, by the protocols its client asked for (the site's order for requests kept
     * before protocols were kept).
     *
     * @throws NoDoorException when every door of them is down or busy (the file waits, or, where nothing can
     *                         wait, fails)
     * @throws SrmException    {@code SRM_NOT_SUPPORTED} when none of them is offered any more: the file fails
     */
    String choose(Request r) throws NoDoorException, SrmException {
        return choose(protocolsOf(r));
    }

    /** A door serving one of {@code protocols}; as {@link #choose(Request)}. */
    String choose(List<String> protocols) throws NoDoorException, SrmException {
        try {
            return transfers.choose(protocols);
        } catch (SrmException e) {
            if (e.status() == SrmStatus.SRM_NOT_SUPPORTED) {
                throw e;
            }
            throw new NoDoorException(e.status(), e.getMessage());
        }
    }

    /** The TURL of {@code path} (a file, or a put's upload) through {@code door}, for {@code grant}. */
    String turl(String door, SrmPath path, TurlGrant grant) throws SrmException {
        return transfers.turl(door, path, grant);
    }

    /**
     * The TURL of a file of a gateway token made before the engine ran gateway mode: such tokens name GridFTP
     * doors only, whose TURLs carry no grant (their doors check the client's own certificate), and keep no DN.
     */
    String legacyTurl(String door, SrmPath path) throws SrmException {
        return transfers.turl(door, path, new TurlGrant(LEGACY_CALLER, PathPolicy.Access.READ, Instant.MAX));
    }

    /** The parameters of a new request with its client's protocol preference (none kept when it named none). */
    static void keepProtocols(Map<String, String> parameters, List<String> protocols) {
        if (!protocols.isEmpty()) {
            parameters.put(PROTOCOLS, String.join(",", protocols.stream().map(p -> p == null ? "" : p.trim())
                    .toList()));
        }
    }

    static List<String> protocolsOf(Request r) {
        String kept = r.parameters().get(PROTOCOLS);
        return kept == null || kept.isEmpty() ? List.of() : Arrays.asList(kept.split(","));
    }

    /** What the TURL of a file of {@code r} is for: its owner, as mapped to {@code account}, until {@code expires}. */
    static TurlGrant grant(Request r, Account account, PathPolicy.Access access, Instant expires) {
        Owner o = r.owner();
        Caller caller = new Caller(new ClientIdentity(o.dn(), "", o.fqans()), account, PathPolicy.ANY, o.dn());
        return new TurlGrant(caller, access, expires);
    }
}
