package org.opensrm.common;

import java.util.Objects;

/**
 * A failure that carries the SRM status the client must see. Thrown by the core and every SPI implementation;
 * turned into a {@code TReturnStatus} in exactly one place at the web-service edge. The message is the
 * {@code explanation} the client reads, so it never contains a credential or a stack trace.
 */
public class SrmException extends Exception {
    private static final long serialVersionUID = 1L;
    private final SrmStatus status;

    public SrmException(SrmStatus status, String explanation) {
        super(explanation);
        this.status = Objects.requireNonNull(status, "status");
    }

    public SrmException(SrmStatus status, String explanation, Throwable cause) {
        super(explanation, cause);
        this.status = Objects.requireNonNull(status, "status");
    }

    public SrmStatus status() {
        return status;
    }

    public static SrmException invalidPath(String explanation) {
        return new SrmException(SrmStatus.SRM_INVALID_PATH, explanation);
    }

    public static SrmException denied(String explanation) {
        return new SrmException(SrmStatus.SRM_AUTHORIZATION_FAILURE, explanation);
    }

    public static SrmException invalidRequest(String explanation) {
        return new SrmException(SrmStatus.SRM_INVALID_REQUEST, explanation);
    }

    public static SrmException internal(String explanation, Throwable cause) {
        return new SrmException(SrmStatus.SRM_INTERNAL_ERROR, explanation, cause);
    }
}
