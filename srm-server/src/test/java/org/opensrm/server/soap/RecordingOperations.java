package org.opensrm.server.soap;

import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.opensrm.core.service.Caller;
import org.opensrm.server.soap.gen.SrmPingResponse;
import org.opensrm.server.soap.gen.TReturnStatus;

/**
 * An {@link SrmSoapEndpoint.Operations} whose every operation records the decoded generated request object it
 * was handed and answers {@code SRM_SUCCESS} (srmPing: version {@code v2.2}). The operation objects are built from the interface's signatures, so
 * each one is named after the SRM call ({@code ls()} → {@code srmLs}) and answers with its own response type.
 */
final class RecordingOperations {
    /** One dispatched call: which operation ran and the request object JAX-WS decoded for it. */
    record Dispatched(String operation, Object request) {
    }

    private final List<Dispatched> calls = new CopyOnWriteArrayList<>();
    private final SrmSoapEndpoint.Operations operations;

    RecordingOperations() {
        operations = (SrmSoapEndpoint.Operations) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {SrmSoapEndpoint.Operations.class}, (proxy, method, args) -> {
                    if (method.getDeclaringClass() == Object.class) {
                        return method.invoke(this, args);
                    }
                    return new Recording(srmName(method), responseType(method));
                });
    }

    SrmSoapEndpoint.Operations operations() {
        return operations;
    }

    List<Dispatched> calls() {
        return new ArrayList<>(calls);
    }

    void clear() {
        calls.clear();
    }

    private static String srmName(Method m) {
        return "srm" + Character.toUpperCase(m.getName().charAt(0)) + m.getName().substring(1);
    }

    private static Class<?> responseType(Method m) {
        ParameterizedType t = (ParameterizedType) m.getGenericReturnType();
        return (Class<?>) t.getActualTypeArguments()[1];
    }

    /** Records the request; answers a response of the right type carrying only {@code SRM_SUCCESS}. */
    private final class Recording implements SrmOperation<Object, Object> {
        private final String name;
        private final Class<?> responseType;

        Recording(String name, Class<?> responseType) {
            this.name = name;
            this.responseType = responseType;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public Object handle(Caller caller, Object request) {
            calls.add(new Dispatched(name, request));
            return failure(Wire.success());
        }

        @Override
        public Object failure(TReturnStatus status) {
            try {
                Object response = responseType.getConstructor().newInstance();
                if (response instanceof SrmPingResponse ping) {
                    ping.setVersionInfo("v2.2"); // srmPing's answer has no returnStatus
                } else {
                    responseType.getMethod("setReturnStatus", TReturnStatus.class).invoke(response, status);
                }
                return response;
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot build " + responseType.getSimpleName(), e);
            }
        }
    }
}
