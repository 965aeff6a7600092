package org.opensrm.server.soap.ops;

import org.opensrm.common.SrmException;
import org.opensrm.core.RequestToken;
import org.opensrm.server.soap.Wire;
import org.slf4j.MDC;

/** The request token of a call, put in the MDC (its short id) for every log line the call writes. */
final class Tokens {
    private Tokens() {
    }

    /** The call's required {@code requestToken}, in the MDC. */
    static String required(String requestToken) throws SrmException {
        return logged(Wire.require("requestToken", requestToken));
    }

    /** {@code token}, in the MDC (a request made by this call, or one it acts on). */
    static String logged(String token) {
        MDC.put("token", RequestToken.shortId(token));
        return token;
    }
}
