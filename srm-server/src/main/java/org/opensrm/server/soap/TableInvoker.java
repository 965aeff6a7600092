package org.opensrm.server.soap;

import com.sun.xml.ws.api.message.Packet;
import com.sun.xml.ws.api.server.Invoker;
import com.sun.xml.ws.api.server.WSEndpoint;
import com.sun.xml.ws.api.server.WSWebServiceContext;
import jakarta.xml.ws.handler.MessageContext;
import java.lang.reflect.Method;

/**
 * How the JAX-WS RI runs a call it has decoded: the port method it chose names the operation, which is looked up in
 * the {@link OperationTable} and run through {@link SoapCalls} with the call's {@link Arrival}, read from the request
 * the servlet handed JAX-WS ({@link NormalizedRequest}). There is no endpoint object: the RI models the generated
 * port type {@code ISRM} and calls this for every operation.
 */
final class TableInvoker extends Invoker {
    private final OperationTable table;
    private final SoapCalls calls;

    TableInvoker(OperationTable table, SoapCalls calls) {
        this.table = table;
        this.calls = calls;
    }

    /** Nothing to start: the table's operations are built (the RI's default calls a method that throws). */
    @Override
    public void start(WSWebServiceContext context, WSEndpoint endpoint) {
    }

    @Override
    public Object invoke(Packet packet, Method method, Object... args) {
        Arrival arrival = packet.supports(MessageContext.SERVLET_REQUEST)
                && packet.get(MessageContext.SERVLET_REQUEST) instanceof NormalizedRequest r
                ? r.arrival() : Arrival.ANONYMOUS;
        return run(method, arrival, args == null || args.length == 0 ? null : args[0]);
    }

    /** Runs the operation of the port method {@code method} for the call {@code arrival} describes. */
    Object run(Method method, Arrival arrival, Object request) {
        SrmOperation<Object, ?> op = table.get(method.getName());
        if (op == null) { // the RI models ISRM, whose methods are the table's names; a mismatch is a bug
            throw new IllegalStateException("no operation " + method.getName() + " in the table");
        }
        return calls.invoke(arrival, op, request);
    }
}
