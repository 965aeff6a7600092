package org.opensrm.core.service;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.opensrm.authz.PathPolicy;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.core.Surl;

/**
 * Reads SURLs in the forms real clients send: gfal2's short form {@code srm://host/path} (port and web-service
 * path dropped, already URL-decoded) and the long form {@code srm://host:port/srm/managerv2?SFN=/path} (or any
 * other service path, e.g. BeStMan2's {@code /srm/v2/server}). Nothing is percent-decoded: gfal2 has decoded
 * already and decoding twice would change names. The port is ignored because gfal2 drops it.
 *
 * <p>A SURL of an asynchronous request is read once, when the request is made ({@link #read}); the {@link Surl} it
 * gives travels with the file, and the engine asks {@link #pathOf} for its path, which reads it again only when it
 * was loaded as text (from a store or a gateway token). Every reading goes through {@link #parse(String)}; the
 * class is not final so that tests can count them.
 */
public class SurlParser {
    private final Set<String> hosts;

    /** @param hosts the host names and aliases this server answers for (compared case-insensitively) */
    public SurlParser(List<String> hosts) {
        this.hosts = hosts.stream().map(h -> h.toLowerCase(Locale.ROOT)).collect(Collectors.toUnmodifiableSet());
    }

    /**
     * Parses {@code surl} and checks that the caller may {@code access} its path: the seam where a bearer token's
     * storage scopes are enforced per operation and path. For certificate clients ({@link PathPolicy#ANY}) the
     * check is an empty call and the backend alone decides, with the account's permissions.
     *
     * @throws SrmException as {@link #parse(String)}; {@code SRM_AUTHORIZATION_FAILURE} when the caller's
     *                      scopes do not allow {@code access} there
     */
    public final SrmPath parse(String surl, Caller caller, PathPolicy.Access access) throws SrmException {
        SrmPath path = parse(surl);
        caller.paths().check(access, path);
        return path;
    }

    /**
     * Reads a SURL of a request being made, as {@link #parse(String, Caller, PathPolicy.Access)}: the SURL as sent
     * with the path it names, to travel with its file.
     */
    public final Surl read(String surl, Caller caller, PathPolicy.Access access) throws SrmException {
        return Surl.read(surl, parse(surl, caller, access));
    }

    /**
     * The path a request's SURL names: the one read when the request was made, else (a SURL loaded as text, or
     * refused when it was made) read now.
     *
     * @throws SrmException as {@link #parse(String)}
     */
    public final SrmPath pathOf(Surl surl) throws SrmException {
        Optional<SrmPath> read = surl.path();
        return read.isPresent() ? read.get() : parse(surl.text());
    }

    /**
     * @throws SrmException {@code SRM_INVALID_PATH} for a SURL that is malformed, names another host, or whose
     *                      path could leave the namespace root or reaches the {@link StagingArea}
     */
    public SrmPath parse(String surl) throws SrmException {
        if (surl == null || surl.isBlank()) {
            throw SrmException.invalidPath("empty SURL");
        }
        String s = surl.trim();
        if (!s.regionMatches(true, 0, "srm://", 0, 6)) {
            throw SrmException.invalidPath("not an srm:// SURL: " + s);
        }
        String rest = s.substring(6);
        int slash = rest.indexOf('/');
        int query = rest.indexOf('?');
        int authorityEnd = slash < 0 ? (query < 0 ? rest.length() : query) : (query < 0 ? slash : Math.min(slash, query));
        String authority = rest.substring(0, authorityEnd);
        checkHost(authority, s);
        String pathAndQuery = rest.substring(authorityEnd);
        String path;
        int sfn = indexOfSfn(pathAndQuery);
        if (sfn >= 0) {
            path = pathAndQuery.substring(sfn + 4);
            int amp = path.indexOf('&');
            if (amp >= 0) {
                path = path.substring(0, amp);
            }
        } else {
            if (pathAndQuery.startsWith("?")) {
                throw SrmException.invalidPath("SURL has a query but no SFN: " + s);
            }
            path = pathAndQuery.isEmpty() ? "/" : pathAndQuery;
        }
        if (!path.startsWith("/")) {
            path = "/" + path;
        }
        SrmPath parsed = SrmPath.of(path);
        if (StagingArea.reaches(parsed)) {
            throw SrmException.invalidPath(parsed + " is reserved for uploads in progress");
        }
        return parsed;
    }

    private static int indexOfSfn(String pathAndQuery) {
        int q = pathAndQuery.indexOf('?');
        if (q < 0) {
            return -1;
        }
        String query = pathAndQuery.substring(q + 1);
        if (query.regionMatches(true, 0, "SFN=", 0, 4)) {
            return q + 1;
        }
        int amp = pathAndQuery.toUpperCase(Locale.ROOT).indexOf("&SFN=", q);
        return amp < 0 ? -1 : amp + 1;
    }

    /** Whether {@code host} (a name or an address, without brackets) is one this server answers for. */
    public final boolean answersFor(String host) {
        return host != null && hosts.contains(host.toLowerCase(Locale.ROOT));
    }

    private void checkHost(String authority, String surl) throws SrmException {
        String host = authority;
        int at = host.lastIndexOf('@');
        if (at >= 0) {
            host = host.substring(at + 1);
        }
        if (host.startsWith("[")) {
            int close = host.indexOf(']');
            host = close > 0 ? host.substring(1, close) : host;
        } else {
            int colon = host.indexOf(':');
            if (colon >= 0) {
                String port = host.substring(colon + 1);
                if (!port.chars().allMatch(Character::isDigit)) {
                    throw SrmException.invalidPath("malformed port in SURL: " + surl);
                }
                host = host.substring(0, colon);
            }
        }
        if (host.isEmpty()) {
            throw SrmException.invalidPath("SURL names no host: " + surl);
        }
        if (!hosts.contains(host.toLowerCase(Locale.ROOT))) {
            throw SrmException.invalidPath("SURL names host '" + host + "', which this storage element does not serve");
        }
    }
}
