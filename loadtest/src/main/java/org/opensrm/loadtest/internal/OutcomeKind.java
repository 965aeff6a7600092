package org.opensrm.loadtest.internal;

/** How one request (or put cycle) ended; each kind is a CSV column. */
public enum OutcomeKind {
    /** HTTP 200 and the expected SRM answer. */
    OK,
    /** HTTP 200 and a well-formed SRM answer with another status (or a SOAP Fault). */
    SRM_OTHER,
    /** An HTTP status other than 200 (503 is also counted on its own). */
    HTTP_ERROR,
    /** Connect, TLS handshake, I/O error or timeout: no HTTP answer. */
    CONN_ERROR,
    /** HTTP 200 whose body is not a recognisable SRM answer. */
    MALFORMED
}
