package org.opensrm.core.macaroon;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.Objects;
import org.opensrm.core.ThreadRandoms;

/**
 * Mints the macaroon a TURL of an XRootD door carries ({@code ?authz=}), in the caveats XrdMacaroons verifies
 * (XRootD 5.5, {@code XrdMacaroonsAuthz.cc}):
 * <ul>
 *   <li>{@code activity:DOWNLOAD} for a read, {@code activity:UPLOAD,DELETE} for a write (UPLOAD is what creating
 *       and writing a new file needs, DELETE lets the client remove its own failed upload); any activity also
 *       allows reading the path's metadata, none allows listing, renaming or changing modes;</li>
 *   <li>{@code path:} the door's path of the file; the door compares it as a string prefix of the requested path
 *       (so {@code path:/d/f} also covers {@code /d/f2}; uploads have unguessable names, so this only widens a read
 *       grant to names beginning with the granted one);</li>
 *   <li>{@code before:} the TURL's expiry, in whole seconds, at most {@link #MAX_LIFETIME} ahead (the door's
 *       {@code macaroons.maxduration} default; it refuses longer ones);</li>
 *   <li>{@code name:} the mapped account: the door does not check it against the client, it copies it into the
 *       request's name for its logs and monitoring.</li>
 * </ul>
 * The location is the door's {@code all.sitename}; the identifier is random (the door logs it).
 */
public final class TurlMacaroons {
    /** XrdMacaroons' default {@code macaroons.maxduration}: it refuses a {@code before:} further ahead. */
    public static final Duration MAX_LIFETIME = Duration.ofHours(24);
    private static final DateTimeFormatter BEFORE =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z'").withZone(ZoneOffset.UTC);

    private final MacaroonSecret secret;
    private final String location;
    private final Clock clock;
    private final ThreadRandoms random = new ThreadRandoms();

    public TurlMacaroons(MacaroonSecret secret, String location, Clock clock) {
        this.secret = Objects.requireNonNull(secret, "secret");
        this.location = Objects.requireNonNull(location, "location");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** What the macaroon lets its holder do with the path. */
    public enum Activity {
        READ("DOWNLOAD"), WRITE("UPLOAD,DELETE");

        private final String caveat;

        Activity(String caveat) {
            this.caveat = caveat;
        }

        public String caveat() {
            return "activity:" + caveat;
        }
    }

    /**
     * The serialised macaroon for one TURL.
     *
     * @param doorPath absolute path as the door resolves it (below its {@code oss.localroot})
     * @param expires  the TURL's expiry; cut to {@link #MAX_LIFETIME} from now, rounded down to the second
     */
    public String mint(String doorPath, Activity activity, String account, Instant expires) {
        if (!doorPath.startsWith("/") || doorPath.contains("/../") || doorPath.contains("/./")) {
            throw new IllegalArgumentException("not an absolute, normal path: " + doorPath);
        }
        Instant latest = clock.instant().plus(MAX_LIFETIME);
        Instant before = (expires.isAfter(latest) ? latest : expires).truncatedTo(ChronoUnit.SECONDS);
        byte[] id = new byte[12];
        random.nextBytes(id);
        return Macaroon.create(location, "opensrm-" + HexFormat.of().formatHex(id))
                .withCaveat("name:" + account)
                .withCaveat(activity.caveat())
                .withCaveat("path:" + doorPath)
                .withCaveat("before:" + BEFORE.format(before))
                .serialize(secret);
    }

    /** {@code turl} with {@code authz=macaroon} added to its query. */
    public static String withAuthz(String turl, String macaroon) {
        return turl + (turl.indexOf('?') >= 0 ? "&" : "?") + "authz=" + macaroon;
    }
}
