package org.opensrm.server.soap;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Optional;
import org.opensrm.common.SrmStatus;
import org.opensrm.server.soap.gen.TReturnStatus;

/**
 * The request-level status an SRM response carries ({@code returnStatus}), for the access log and the metrics:
 * a call that completes can still answer e.g. SRM_INVALID_PATH. Every generated response type but srmPing's has
 * a {@code getReturnStatus()}; it is looked up once per type.
 */
final class ResponseStatus {
    private static final ClassValue<Optional<MethodHandle>> GETTER = new ClassValue<>() {
        @Override
        protected Optional<MethodHandle> computeValue(Class<?> type) {
            try {
                return Optional.of(MethodHandles.publicLookup().findVirtual(type, "getReturnStatus",
                        MethodType.methodType(TReturnStatus.class)));
            } catch (NoSuchMethodException | IllegalAccessException e) {
                return Optional.empty();
            }
        }
    };

    private ResponseStatus() {
    }

    /** The response's status; SRM_SUCCESS for a response without one (srmPing). */
    static SrmStatus of(Object response) {
        if (response == null) {
            return SrmStatus.SRM_INTERNAL_ERROR;
        }
        Optional<MethodHandle> getter = GETTER.get(response.getClass());
        if (getter.isEmpty()) {
            return SrmStatus.SRM_SUCCESS;
        }
        try {
            TReturnStatus status = (TReturnStatus) getter.get().invoke(response);
            return status == null || status.getStatusCode() == null ? SrmStatus.SRM_INTERNAL_ERROR
                    : SrmStatus.valueOf(status.getStatusCode());
        } catch (IllegalArgumentException e) {
            return SrmStatus.SRM_INTERNAL_ERROR;
        } catch (Throwable e) {
            throw new IllegalStateException("cannot read the status of " + response.getClass().getSimpleName(), e);
        }
    }
}
