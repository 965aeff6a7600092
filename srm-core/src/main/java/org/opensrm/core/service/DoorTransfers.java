package org.opensrm.core.service;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.gridftp.Doors;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.gridftp.GridFtpSelector;
import org.opensrm.gridftp.NoDoorAvailableException;

/**
 * {@link Transfers} over the door selector: the configured doors' protocols in the order the doors are listed,
 * {@code file} last when local access is enabled. A client asking {@code davs} is served by an {@code https} door
 * and given a {@code davs://} TURL (gfal2 reads both as WebDAV over TLS); {@code http} (no TLS) is not offered.
 * A door's path is the namespace path under the path prefix; {@code file://} TURLs name it under the local prefix.
 */
public final class DoorTransfers implements Transfers {
    /** Local access through a shared file system. */
    public static final String FILE = "file";

    private final GridFtpSelector selector;
    private final String prefix;
    private final Optional<String> filePrefix;
    private final Map<String, TurlAuthorization> authorizations;
    private final List<String> offered;
    private final List<GridFtpNode> doors;

    /**
     * @param selector       chooses among {@code doors}
     * @param doors          the configured doors, in configuration order
     * @param pathPrefix     prepended to a namespace path to form the door path ({@code /}: none)
     * @param filePrefix     prepended to a namespace path to form a {@code file://} TURL's path; empty: no file
     *                       access ({@code /}: the namespace path itself)
     * @param authorizations per door kind, how its TURLs carry their grant; a kind not named uses
     *                       {@link TurlAuthorization#NONE}
     */
    public DoorTransfers(GridFtpSelector selector, List<GridFtpNode> doors, String pathPrefix,
                         Optional<String> filePrefix, Map<String, TurlAuthorization> authorizations) {
        this.selector = Objects.requireNonNull(selector, "selector");
        this.prefix = trimmed(pathPrefix);
        this.filePrefix = filePrefix.map(DoorTransfers::trimmed);
        this.authorizations = Map.copyOf(authorizations);
        // no door at all (a server for the namespace alone): gsiftp as before there were other kinds, and every
        // file fails with the selector's "no GridFTP node is configured"
        List<String> kinds = new ArrayList<>(doors.isEmpty() ? List.of(GridFtpNode.GSIFTP) : Doors.protocols(doors));
        if (filePrefix.isPresent()) {
            kinds.add(FILE);
        }
        this.offered = List.copyOf(kinds);
        this.doors = List.copyOf(doors);
    }

    /** GridFTP-style doors without local access or TURL authorisation. */
    public static DoorTransfers of(GridFtpSelector selector, List<GridFtpNode> doors, String pathPrefix) {
        return new DoorTransfers(selector, doors, pathPrefix, Optional.empty(), Map.of());
    }

    private static String trimmed(String prefix) {
        String p = prefix.endsWith("/") ? prefix.substring(0, prefix.length() - 1) : prefix;
        return p;
    }

    @Override
    public List<String> offered() {
        return offered;
    }

    @Override
    public String choose(List<String> preference) throws SrmException {
        List<String> wanted = preference.isEmpty() ? offered : preference;
        SrmException unavailable = null;
        for (String asked : wanted) {
            if (asked == null || asked.isBlank()) {
                continue;
            }
            String name = asked.trim().toLowerCase(java.util.Locale.ROOT);
            String kind = GridFtpNode.kindOf(name);
            if (!offered.contains(kind)) {
                continue;
            }
            if (kind.equals(FILE)) {
                return FILE + "://";
            }
            try {
                GridFtpNode door = selector.select(kind);
                return kind.equals(GridFtpNode.GSIFTP) && name.equals(kind) ? door.host() + ":" + door.port(kind)
                        : name + "://" + door.host() + ":" + door.port(kind);
            } catch (SrmException e) {
                unavailable = morePromising(unavailable, e);
            }
        }
        if (unavailable != null) {
            throw unavailable;
        }
        throw new SrmException(SrmStatus.SRM_NOT_SUPPORTED, "none of the requested transfer protocols " + preference
                + " is offered; this server offers " + offered);
    }

    /** The configured door whose endpoint {@code turl} names is probed again (by the selector's own probe). */
    @Override
    public void recheck(String turl) {
        java.net.URI u;
        try {
            u = java.net.URI.create(turl);
        } catch (IllegalArgumentException e) {
            return; // not a TURL this server made
        }
        if (u.getScheme() == null || u.getHost() == null) {
            return;
        }
        String kind = GridFtpNode.kindOf(u.getScheme().toLowerCase(java.util.Locale.ROOT));
        for (GridFtpNode door : doors) {
            if (door.serves(kind) && door.host().equalsIgnoreCase(u.getHost())
                    && door.port(kind) == (u.getPort() < 0 ? GridFtpNode.defaultPort(kind) : u.getPort())) {
                selector.recheck(door);
            }
        }
    }

    /** Of two refusals, the one a client may expect to end sooner: every door busy rather than every door down. */
    private static SrmException morePromising(SrmException before, SrmException now) {
        if (before == null) {
            return now;
        }
        boolean busyNow = now instanceof NoDoorAvailableException n
                && n.reason() == NoDoorAvailableException.Reason.ALL_BUSY;
        return busyNow ? now : before;
    }

    @Override
    public String turl(String door, SrmPath path, TurlGrant grant) throws SrmException {
        int sep = door.indexOf("://");
        String scheme = sep < 0 ? GridFtpNode.GSIFTP : door.substring(0, sep);
        String hostPort = sep < 0 ? door : door.substring(sep + 3);
        String kind = GridFtpNode.kindOf(scheme);
        String doorPath;
        String url;
        if (kind.equals(FILE)) {
            if (filePrefix.isEmpty()) {
                throw new SrmException(SrmStatus.SRM_FAILURE, "local file access is no longer offered");
            }
            doorPath = filePrefix.get() + path;
            url = "file://" + doorPath;
        } else {
            int colon = hostPort.lastIndexOf(':');
            if (colon <= 0 || colon == hostPort.length() - 1 || hostPort.indexOf('/') >= 0) {
                throw new SrmException(SrmStatus.SRM_FAILURE, "no transfer URL was assigned to this file");
            }
            doorPath = prefix + path;
            // XRootD URLs name an absolute path after a second slash, as dCache's and XRootD's own do
            url = scheme + "://" + hostPort + (kind.equals(GridFtpNode.ROOT) ? "/" : "") + doorPath;
        }
        return authorizations.getOrDefault(kind, TurlAuthorization.NONE).authorize(kind, url, doorPath, grant);
    }
}
