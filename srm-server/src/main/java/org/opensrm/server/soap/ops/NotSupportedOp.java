package org.opensrm.server.soap.ops;

import java.util.function.Function;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.service.Caller;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.gen.TReturnStatus;

/**
 * An operation that gateway mode does not offer (space reservation, srmCopy, request suspension and the
 * like): a well-formed {@code SRM_NOT_SUPPORTED} answer naming the operation.
 */
public final class NotSupportedOp<Q, R> implements SrmOperation<Q, R> {
    private final String name;
    private final Function<TReturnStatus, R> response;

    public NotSupportedOp(String name, Function<TReturnStatus, R> response) {
        this.name = name;
        this.response = response;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean needsAccount() {
        return false;
    }

    @Override
    public R handle(Caller caller, Q request) throws SrmException {
        throw new SrmException(SrmStatus.SRM_NOT_SUPPORTED, name + " is not supported by this storage element in gateway mode");
    }

    @Override
    public R failure(TReturnStatus status) {
        return response.apply(status);
    }
}
