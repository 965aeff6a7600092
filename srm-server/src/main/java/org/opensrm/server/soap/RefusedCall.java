package org.opensrm.server.soap;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * The stand-in JAX-WS decodes for a call the servlet refuses before decoding it: an empty call of the same
 * operation, which {@link SoapCalls} answers with the refusal in the operation's own response type (the answer
 * clients retry or report; see {@link SoapCalls#BUSY}). The refused request itself is never decoded.
 */
final class RefusedCall {
    private static final Pattern OPERATION = Pattern.compile("srm[A-Za-z]{1,60}");

    private RefusedCall() {
    }

    /** The stand-in for {@code operation}; null when that is not an SRM operation's name. */
    static byte[] body(String operation) {
        if (!OPERATION.matcher(operation).matches()) {
            return null;
        }
        return ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><S:Envelope"
                + " xmlns:S=\"http://schemas.xmlsoap.org/soap/envelope/\"><S:Body><m:" + operation
                + " xmlns:m=\"http://srm.lbl.gov/StorageResourceManager\"/></S:Body></S:Envelope>")
                .getBytes(StandardCharsets.UTF_8);
    }
}
