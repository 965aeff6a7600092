package org.opensrm.core.macaroon;

import java.util.Objects;
import org.opensrm.core.service.TurlAuthorization;
import org.opensrm.core.service.TurlGrant;

/**
 * The {@link TurlAuthorization} of {@code root} and {@code https} doors that verify macaroons (XRootD's
 * XrdMacaroons): every TURL carries, as {@code ?authz=}, a macaroon for its door path, its activity (a get reads,
 * a put writes) and its lifetime, naming the mapped account ({@link TurlMacaroons}). A status call that forms the
 * TURL again mints a new one with the same caveats. No I/O; thread-safe.
 */
public final class MacaroonTurlAuthorization implements TurlAuthorization {
    private final TurlMacaroons macaroons;

    public MacaroonTurlAuthorization(TurlMacaroons macaroons) {
        this.macaroons = Objects.requireNonNull(macaroons, "macaroons");
    }

    @Override
    public String authorize(String protocol, String turl, String doorPath, TurlGrant grant) {
        TurlMacaroons.Activity activity = grant.writes() ? TurlMacaroons.Activity.WRITE : TurlMacaroons.Activity.READ;
        String macaroon = macaroons.mint(doorPath, activity, grant.caller().account().name(), grant.expires());
        return TurlMacaroons.withAuthz(turl, macaroon);
    }

    @Override
    public String toString() {
        return "MacaroonTurlAuthorization";
    }
}
