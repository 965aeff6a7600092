package org.opensrm.server.soap;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.opensrm.core.service.Caller;
import org.opensrm.server.soap.gen.SrmPingResponse;

/**
 * An {@link OperationTable} whose every one of the 39 operations records the decoded generated request object it
 * was handed and answers {@code SRM_SUCCESS} (srmPing: version {@code v2.2}). The operation objects are built from
 * the {@link ResponseTypes} table, so each one is named after the SRM call and answers with its own response type.
 */
final class RecordingOperations {
    /** One dispatched call: which operation ran and the request object JAX-WS decoded for it. */
    record Dispatched(String operation, Object request) {
    }

    private final List<Dispatched> calls = new CopyOnWriteArrayList<>();
    private final OperationTable operations;

    RecordingOperations() {
        OperationTable.Builder table = OperationTable.builder();
        for (ResponseType<?> type : ResponseTypes.ALL) {
            table.add(new Recording(type));
        }
        operations = table.build();
    }

    OperationTable operations() {
        return operations;
    }

    List<Dispatched> calls() {
        return new ArrayList<>(calls);
    }

    void clear() {
        calls.clear();
    }

    /** Records the request; answers a response of the right type carrying only {@code SRM_SUCCESS}. */
    private final class Recording implements SrmOperation<Object, Object> {
        private final ResponseType<Object> response;

        @SuppressWarnings("unchecked")
        Recording(ResponseType<?> response) {
            this.response = (ResponseType<Object>) response;
        }

        @Override
        public ResponseType<Object> response() {
            return response;
        }

        @Override
        public Object handle(Caller caller, Object request) {
            calls.add(new Dispatched(name(), request));
            if (response == (Object) ResponseTypes.PING) { // srmPing's answer has no returnStatus
                SrmPingResponse ping = new SrmPingResponse();
                ping.setVersionInfo("v2.2");
                return ping;
            }
            return response.withStatus(Wire.success());
        }
    }
}
