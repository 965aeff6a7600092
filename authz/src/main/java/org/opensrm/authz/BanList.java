package org.opensrm.authz;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.opensrm.authz.internal.FileBanList;

/** Identities refused whatever a mapping source says. Thread-safe. */
public interface BanList {

    /** @return why the client is banned, as the explanation it will read; empty when it is not banned */
    Optional<String> banOf(ClientIdentity client);

    /**
     * @return why the bearer tokens of subject {@code sub} issued by {@code iss} are banned (asked once the token
     *         is verified); empty when they are not
     */
    default Optional<String> banOfToken(String iss, String sub) {
        return Optional.empty();
    }

    /** Bans no one. */
    BanList NONE = client -> Optional.empty();

    /**
     * A ban-list file (one DN, VOMS FQAN or {@code token ISSUER SUBJECT} per line, see {@code BanListParser}), re-read when it changes, looked at
     * at most every {@code checkInterval}.
     *
     * @throws IllegalArgumentException naming the file when it is missing, unreadable or malformed
     */
    static BanList fromFile(Path file, Duration checkInterval) {
        return new FileBanList(file, checkInterval);
    }
}
