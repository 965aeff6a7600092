package org.opensrm.core;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One file of a request as the client asked for it.
 *
 * @param surl         the SURL (source SURL for a copy)
 * @param targetSurl   a copy's target SURL
 * @param size         the size the client announced (put: expectedFileSize), if any
 * @param pinLifetime  desired pin or TURL lifetime; {@link Duration#ZERO} for the server's default
 * @param fileLifetime desired file lifetime (put); {@link Duration#ZERO} for the server's default
 */
public record NewFile(String surl, Optional<String> targetSurl, OptionalLong size, Duration pinLifetime,
                      Duration fileLifetime) {
    public NewFile {
        Objects.requireNonNull(surl, "surl");
        Objects.requireNonNull(targetSurl, "targetSurl");
        Objects.requireNonNull(size, "size");
        FileRequest.requireNotNegative(pinLifetime, "pinLifetime");
        FileRequest.requireNotNegative(fileLifetime, "fileLifetime");
    }

    public static NewFile of(String surl) {
        return new NewFile(surl, Optional.empty(), OptionalLong.empty(), Duration.ZERO, Duration.ZERO);
    }

    public NewFile withPinLifetime(Duration lifetime) {
        return new NewFile(surl, targetSurl, size, lifetime, fileLifetime);
    }
}
