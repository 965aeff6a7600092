package org.opensrm.core.copy;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

import org.opensrm.authz.DelegatedCredential;
import org.opensrm.common.SrmException;

/**
 * One {@link ThirdPartyTransfer} over several, chosen by the copy's URL scheme: {@code gsiftp} to the GridFTP one,
 * {@code https} (and {@code davs}) to the HTTP third-party copy. Both ends of a copy must be of one kind (a door
 * speaks to a door of its own protocol); a scheme none of them moves is {@code SRM_INVALID_REQUEST}.
 */
public final class TransfersByScheme implements ThirdPartyTransfer {
    private final Map<String, ThirdPartyTransfer> bySchemes;

    /** @param transfers in order of precedence when two claim the same scheme */
    public TransfersByScheme(List<ThirdPartyTransfer> transfers) {
        Map<String, ThirdPartyTransfer> m = new LinkedHashMap<>();
        for (ThirdPartyTransfer t : transfers) {
            t.capabilities().schemes().forEach(s -> m.putIfAbsent(s.toLowerCase(Locale.ROOT), t));
        }
        this.bySchemes = Map.copyOf(m);
    }

    @Override
    public RunningTransfer start(CopySpec spec, Supplier<Optional<DelegatedCredential>> credential)
            throws SrmException {
        String from = kind(spec.source().getScheme());
        String to = kind(spec.destination().getScheme());
        if (!from.equals(to)) {
            throw SrmException.invalidRequest("a third-party copy runs between two doors of one protocol, not "
                    + from + " and " + to);
        }
        ThirdPartyTransfer t = bySchemes.get(from);
        if (t == null) {
            throw SrmException.invalidRequest("no third-party copy for " + from + "://; this server copies over "
                    + bySchemes.keySet());
        }
        return t.start(spec, credential);
    }

    /**
     * The schemes of all; the checksum they compare when they all compare the same one.
     */
    @Override
    public Capabilities capabilities() {
        Set<Optional<String>> sums = new HashSet<>();
        bySchemes.values().forEach(t -> sums.add(t.capabilities().checksums()));
        return new Capabilities(bySchemes.keySet(), sums.size() == 1 ? sums.iterator().next() : Optional.empty());
    }

    private static String kind(String scheme) {
        String s = scheme == null ? "" : scheme.toLowerCase(Locale.ROOT);
        return s.equals("davs") ? "https" : s;
    }
}
