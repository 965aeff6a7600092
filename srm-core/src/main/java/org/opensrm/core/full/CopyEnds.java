package org.opensrm.core.full;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;
import java.util.function.IntSupplier;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.Surl;
import org.opensrm.core.copy.CopyPeers;
import org.opensrm.core.service.SurlParser;

/**
 * The two ends of one srmCopy file, told apart: a SURL of this storage element (its host and SRM port) and a remote
 * {@code srm://} SURL or a {@code gsiftp://} URL on an allowed copy peer, or two SURLs of this storage element. A pull
 * brings the remote source here, a push sends the local source away; a copy within this storage element is a pull
 * whose source is here too ({@link #localSource}), read through one of this server's own doors.
 *
 * @param pull        whether the local end is the target (also for a copy within this storage element)
 * @param local       the local end's path (the target of a pull)
 * @param remote      the remote end; for a copy within this storage element, the source SURL
 * @param localSource the source's path when it is on this storage element too
 */
record CopyEnds(boolean pull, SrmPath local, URI remote, Optional<SrmPath> localSource) {

    /** Whether the source is asked of another SRM (srmPrepareToGet/Put) before the transfer. */
    boolean remoteIsSrm() {
        return localSource.isEmpty() && "srm".equalsIgnoreCase(remote.getScheme());
    }

    /** The source SURL as sent, with its path when it is here. */
    Surl source(String sent) {
        Optional<SrmPath> here = pull ? localSource : Optional.of(local);
        return here.map(p -> Surl.read(sent, p)).orElseGet(() -> Surl.unread(sent));
    }

    /** The target SURL as sent, with its path when it is here. */
    Surl target(String sent) {
        return pull ? Surl.read(sent, local) : Surl.unread(sent);
    }

    /** As {@link #of(Surl, Surl, SurlParser, IntSupplier, CopyPeers)}, for a pair as the client sent it. */
    static CopyEnds of(String source, String target, SurlParser surls, IntSupplier localPort, CopyPeers peers)
            throws SrmException {
        return of(Surl.unread(source), Surl.unread(target), surls, localPort, peers);
    }

    /**
     * The ends of a pair; the path of an end here is the one its SURL carries when it was read before
     * ({@link #source}, {@link #target}), else read now.
     *
     * @throws SrmException {@code SRM_INVALID_PATH} for a malformed URL, a pair naming the same file, or no end
     *                      here; {@code SRM_AUTHORIZATION_FAILURE} for a remote host outside the copy peers
     */
    static CopyEnds of(Surl source, Surl target, SurlParser surls, IntSupplier localPort, CopyPeers peers)
            throws SrmException {
        URI from = url(source.text(), "source");
        URI to = url(target.text(), "target");
        boolean fromHere = isLocal(from, surls, localPort);
        boolean toHere = isLocal(to, surls, localPort);
        if (fromHere && toHere) {
            SrmPath a = surls.pathOf(source);
            SrmPath b = surls.pathOf(target);
            if (a.equals(b)) {
                throw sameFile();
            }
            return new CopyEnds(true, b, from, Optional.of(a));
        }
        if (!fromHere && !toHere) {
            if (from.normalize().equals(to.normalize())) {
                throw sameFile();
            }
            throw SrmException.invalidPath("neither SURL is on this storage element: one end of a copy must be here");
        }
        URI remote = fromHere ? to : from;
        if (!peers.allows(remote)) {
            throw SrmException.denied(remote.getHost() + (remote.getPort() < 0 ? "" : ":" + remote.getPort())
                    + " is not an allowed copy peer of this storage element (srm.copy.peers)");
        }
        return new CopyEnds(toHere, surls.pathOf(fromHere ? source : target), remote, Optional.empty());
    }

    private static SrmException sameFile() {
        return SrmException.invalidPath("the source and the target are the same file");
    }

    private static boolean isLocal(URI url, SurlParser surls, IntSupplier localPort) {
        return "srm".equals(url.getScheme()) && surls.answersFor(unbracket(url.getHost()))
                && (url.getPort() < 0 || url.getPort() == localPort.getAsInt());
    }

    private static URI url(String text, String what) throws SrmException {
        if (text == null || text.isBlank()) {
            throw SrmException.invalidPath("the " + what + " SURL is missing");
        }
        try {
            URI u = new URI(text.strip());
            String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("srm") && !scheme.equals("gsiftp") || u.getHost() == null || u.getRawPath() == null
                    || u.getRawPath().isEmpty()) {
                throw new SrmException(SrmStatus.SRM_INVALID_PATH, "the " + what + " is neither an srm:// SURL nor"
                        + " a gsiftp:// URL with a host and a path: " + text);
            }
            return new URI(scheme + u.toString().substring(u.getScheme().length()));
        } catch (URISyntaxException e) {
            throw SrmException.invalidPath("the " + what + " is not a URL: " + text);
        }
    }

    private static String unbracket(String host) {
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }
}
