package org.opensrm.core;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One file of a request as the client asked for it.
 *
 * @param surl         the SURL as sent, with the path it names once read (source SURL for a copy)
 * @param targetSurl   a copy's target SURL, as {@code surl}
 * @param size         the size the client announced (put: expectedFileSize), if any
 * @param pinLifetime  desired pin or TURL lifetime; {@link Duration#ZERO} for the server's default
 * @param fileLifetime desired file lifetime (put); {@link Duration#ZERO} for the server's default
 */
public record NewFile(Surl surl, Optional<Surl> targetSurl, OptionalLong size, Duration pinLifetime,
                      Duration fileLifetime) {
    public NewFile {
        Objects.requireNonNull(surl, "surl");
        Objects.requireNonNull(targetSurl, "targetSurl");
        Objects.requireNonNull(size, "size");
        FileRequest.requireNotNegative(pinLifetime, "pinLifetime");
        FileRequest.requireNotNegative(fileLifetime, "fileLifetime");
    }

    /** A file whose SURLs are kept as text only ({@link Surl#unread}). */
    public NewFile(String surl, Optional<String> targetSurl, OptionalLong size, Duration pinLifetime,
                   Duration fileLifetime) {
        this(Surl.unread(Objects.requireNonNull(surl, "surl")), targetSurl.map(Surl::unread), size, pinLifetime,
                fileLifetime);
    }

    public static NewFile of(Surl surl) {
        return new NewFile(surl, Optional.empty(), OptionalLong.empty(), Duration.ZERO, Duration.ZERO);
    }

    /** A file whose SURL is kept as text only ({@link Surl#unread}). */
    public static NewFile of(String surl) {
        return of(Surl.unread(Objects.requireNonNull(surl, "surl")));
    }

    public NewFile withPinLifetime(Duration lifetime) {
        return new NewFile(surl, targetSurl, size, lifetime, fileLifetime);
    }
}
