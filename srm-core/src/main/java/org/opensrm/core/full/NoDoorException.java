package org.opensrm.core.full;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.authz.PathPolicy;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.Owner;
import org.opensrm.core.Request;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.Transfers;
import org.opensrm.core.service.TurlGrant;

/** No healthy door could be chosen now: the file waits in the queue, it does not fail. */
final class NoDoorException extends Exception {
    private static final long serialVersionUID = 1L;
    /** The request parameter keeping the client's transfer protocols, comma-separated, most wanted first. */
    static final String PROTOCOLS = "protocols";

    NoDoorException(String message) {
        super(message, null, false, false);
    }

    /**
     * A door for a file of {@code r}, by the protocols its client asked for (the site's order for requests kept
     * before they were stored), or this exception when every door of them is down or busy.
     *
     * @throws SrmException {@code SRM_NOT_SUPPORTED} when none of them is offered any more: the file fails
     */
    static String choose(Transfers transfers, Request r) throws NoDoorException, SrmException {
        return choose(transfers, protocolsOf(r));
    }

    /** A door serving one of {@code protocols}; as {@link #choose(Transfers, Request)}. */
    static String choose(Transfers transfers, List<String> protocols) throws NoDoorException, SrmException {
        try {
            return transfers.choose(protocols);
        } catch (SrmException e) {
            if (e.status() == SrmStatus.SRM_NOT_SUPPORTED) {
                throw e;
            }
            throw new NoDoorException(e.getMessage());
        }
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
