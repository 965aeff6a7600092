package org.opensrm.server.config;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The macaroons {@code root} and {@code https} TURLs carry ({@code doors.macaroon.*}), defaults in
 * {@link ConfigKeys}.
 *
 * @param secret   the base64 secret file shared with the doors ({@code macaroons.secretkey} there); empty: TURLs of
 *                 those kinds carry nothing (doors that authorise clients by other means)
 * @param location the doors' {@code all.sitename}, which a macaroon must name; required with a secret
 */
public record MacaroonSettings(Optional<Path> secret, String location) {

    static MacaroonSettings from(RawConfig c) throws ConfigException {
        String file = c.get("doors.macaroon.secret");
        if (file == null || file.isBlank()) {
            return new MacaroonSettings(Optional.empty(), "");
        }
        Path secret = Path.of(file.trim());
        if (!secret.isAbsolute()) {
            c.invalid("doors.macaroon.secret", "configuration key 'doors.macaroon.secret' must be an absolute path,"
                    + " got '" + file + "'");
        }
        String location = c.get("doors.macaroon.location");
        if (location == null || !location.trim().matches("[A-Za-z0-9_.-]+")) {
            c.invalid("doors.macaroon.location", "configuration key 'doors.macaroon.location' must be the doors'"
                    + " all.sitename (letters, digits, '_', '.', '-') when doors.macaroon.secret is set, got '"
                    + location + "'");
            return new MacaroonSettings(Optional.of(secret), "");
        }
        return new MacaroonSettings(Optional.of(secret), location.trim());
    }
}
