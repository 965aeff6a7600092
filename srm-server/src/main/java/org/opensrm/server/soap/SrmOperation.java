package org.opensrm.server.soap;

import org.opensrm.common.SrmException;
import org.opensrm.core.service.Caller;

/**
 * One SRM operation at the web-service edge: turns the generated request type into domain calls and the
 * result back into the generated response type. Failures are thrown as {@link SrmException}; {@link SoapCalls}
 * turns them into a response of the operation's {@link #response() type}. Each operation is one class (in
 * {@code soap.ops}), registered with one line in the {@link OperationTable}; it is handed the authenticated
 * {@link Caller} as an argument and passes it on to the core's services.
 *
 * @param <Q> the generated request type
 * @param <R> the generated response type
 */
public interface SrmOperation<Q, R> {

    /** The operation's response type, from {@link ResponseTypes}; it also names the operation. */
    ResponseType<R> response();

    /** The operation's wire name, e.g. {@code srmLs}; used in logs and metrics. */
    default String name() {
        return response().operation();
    }

    R handle(Caller caller, Q request) throws SrmException;

    /** Whether the caller must be mapped to an account first (srmPing answers anyone authenticated). */
    default boolean needsAccount() {
        return true;
    }
}
