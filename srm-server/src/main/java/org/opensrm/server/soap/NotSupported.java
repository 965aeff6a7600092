package org.opensrm.server.soap;

import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.service.Caller;

/**
 * An operation the running mode does not offer (it is not in the {@link OperationTable}): a well-formed
 * {@code SRM_NOT_SUPPORTED} answer in the operation's own response type. It needs no account: the answer is the
 * same for everyone.
 */
final class NotSupported<Q, R> implements SrmOperation<Q, R> {
    private final ResponseType<R> response;
    private final String explanation;

    private NotSupported(ResponseType<R> response, String explanation) {
        this.response = response;
        this.explanation = explanation;
    }

    /** An operation that no mode of this server offers yet (space reservation, srmCopy). */
    static <Q, R> SrmOperation<Q, R> notOffered(ResponseType<R> response) {
        return new NotSupported<>(response, response.operation() + " is not supported by this storage element");
    }

    @Override
    public ResponseType<R> response() {
        return response;
    }

    @Override
    public boolean needsAccount() {
        return false;
    }

    @Override
    public R handle(Caller caller, Q request) throws SrmException {
        throw new SrmException(SrmStatus.SRM_NOT_SUPPORTED, explanation);
    }
}
