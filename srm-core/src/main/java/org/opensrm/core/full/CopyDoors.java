package org.opensrm.core.full;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.gridftp.GridFtpNode;

/**
 * This server's doors for one copy with another storage element's SRM, one per protocol both this server's doors
 * and its third-party transfers offer, most wanted first: {@code https} (an HTTP third-party copy through an XRootD
 * door) before {@code gsiftp} (GridFTP's). The remote SRM is asked for a TURL of these protocols in that order, and
 * the one it answers picks the door here. An {@code https} TURL is only taken when it carries its own token
 * ({@code authz=}): an HTTP third-party copy passes that token to the remote door, and has no other credential for
 * it; without one, the remote request is given up and asked again for the next protocol.
 */
final class CopyDoors {
    static final List<String> PREFERENCE = List.of(GridFtpNode.HTTPS, GridFtpNode.GSIFTP);

    private final Map<String, String> byKind;

    private CopyDoors(Map<String, String> byKind) {
        this.byKind = byKind;
    }

    /**
     * A live door of each protocol that {@code schemes} (what the transfers move) and the doors offer.
     *
     * @throws NoDoorException when every such door is down or busy (the file waits)
     * @throws SrmException    {@code SRM_NOT_SUPPORTED} when no door of such a protocol is configured
     */
    static CopyDoors choose(Doors doors, Set<String> schemes) throws NoDoorException, SrmException {
        Map<String, String> chosen = new LinkedHashMap<>();
        NoDoorException unavailable = null;
        for (String kind : PREFERENCE) {
            if (!schemes.contains(kind)) {
                continue;
            }
            try {
                chosen.put(kind, doors.choose(List.of(kind)));
            } catch (NoDoorException e) {
                unavailable = e;
            } catch (SrmException e) {
                if (e.status() != SrmStatus.SRM_NOT_SUPPORTED) {
                    throw e;
                }
            }
        }
        if (chosen.isEmpty()) {
            if (unavailable != null) {
                throw unavailable;
            }
            throw new SrmException(SrmStatus.SRM_NOT_SUPPORTED, "this server has no door of a protocol srmCopy"
                    + " moves data with (" + schemes + ")");
        }
        return new CopyDoors(chosen);
    }

    /** The protocols to ask the remote SRM for, most wanted first. */
    List<String> protocols() {
        return List.copyOf(byKind.keySet());
    }

    /** The protocols after {@code kind}, to ask again for when its TURL cannot be used. */
    List<String> after(String kind) {
        List<String> all = new ArrayList<>(byKind.keySet());
        int i = all.indexOf(kind);
        return i < 0 ? List.of() : List.copyOf(all.subList(i + 1, all.size()));
    }

    /** The door kind of a TURL's scheme ({@code davs} is {@code https}). */
    static String kindOf(URI turl) {
        return GridFtpNode.kindOf(turl.getScheme() == null ? "" : turl.getScheme());
    }

    /** Whether a remote TURL can be copied with: its protocol was asked for, and an https one carries a token. */
    boolean usable(URI turl) {
        String kind = kindOf(turl);
        if (!byKind.containsKey(kind)) {
            return false;
        }
        if (!kind.equals(GridFtpNode.HTTPS)) {
            return true;
        }
        String q = turl.getRawQuery();
        return q != null && (q.startsWith("authz=") || q.contains("&authz="));
    }

    /**
     * This server's door for a remote TURL's protocol.
     *
     * @throws SrmException {@code SRM_FAILURE} when the remote SRM answered a protocol not asked for
     */
    String doorFor(URI turl) throws SrmException {
        String door = byKind.get(kindOf(turl));
        if (door == null) {
            throw new SrmException(SrmStatus.SRM_FAILURE, "the remote SRM answered a " + turl.getScheme()
                    + ":// TURL, not one of the protocols asked for " + protocols());
        }
        return door;
    }
}
