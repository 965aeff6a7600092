package org.opensrm.server.soap;

import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.opensrm.common.SrmStatus;
import org.opensrm.server.soap.gen.TReturnStatus;

/**
 * One of the 39 generated SRM response types (see {@link ResponseTypes}): how to make one that carries only a
 * request-level status, and how to read its status back, without reflection.
 *
 * @param <R> the generated response type
 */
public final class ResponseType<R> {
    private static final String PREFIX = "Srm";
    private static final String SUFFIX = "Response";

    private final Class<R> type;
    private final String operation;
    private final Supplier<R> empty;
    private final BiConsumer<R, TReturnStatus> setStatus;
    private final Function<R, TReturnStatus> getStatus;

    /** @param getStatus null for a response without a {@code returnStatus} (srmPing's) */
    ResponseType(Class<R> type, Supplier<R> empty, BiConsumer<R, TReturnStatus> setStatus,
                 Function<R, TReturnStatus> getStatus) {
        String simple = type.getSimpleName();
        if (!simple.startsWith(PREFIX) || !simple.endsWith(SUFFIX)) {
            throw new IllegalArgumentException(simple + " is not an SRM response type");
        }
        this.type = type;
        this.operation = "srm" + simple.substring(PREFIX.length(), simple.length() - SUFFIX.length());
        this.empty = empty;
        this.setStatus = setStatus;
        this.getStatus = getStatus;
    }

    /** The generated class. */
    public Class<R> type() {
        return type;
    }

    /** The operation answered with this type, by its wire name: {@code srmLs} for {@code SrmLsResponse}. */
    public String operation() {
        return operation;
    }

    /** A response carrying only {@code status}: every failure and refusal. */
    public R withStatus(TReturnStatus status) {
        R r = empty.get();
        setStatus.accept(r, status);
        return r;
    }

    /**
     * The request-level status {@code response} carries, for the access log and the metrics: SRM_SUCCESS for a
     * type without one (srmPing), SRM_INTERNAL_ERROR for a response without its status or with a code this server
     * does not know.
     */
    public SrmStatus statusOf(R response) {
        if (response == null) {
            return SrmStatus.SRM_INTERNAL_ERROR;
        }
        if (getStatus == null) {
            return SrmStatus.SRM_SUCCESS;
        }
        TReturnStatus status = getStatus.apply(response);
        if (status == null || status.getStatusCode() == null) {
            return SrmStatus.SRM_INTERNAL_ERROR;
        }
        try {
            return SrmStatus.valueOf(status.getStatusCode());
        } catch (IllegalArgumentException e) {
            return SrmStatus.SRM_INTERNAL_ERROR;
        }
    }

    @Override
    public String toString() {
        return operation;
    }
}
