package org.opensrm.transport.internal;

/** A delegation answer the server does not accept; the message says why (never the credential). */
final class DelegationRefused extends Exception {
    private static final long serialVersionUID = 1L;

    DelegationRefused(String reason) {
        super(reason, null, false, false);
    }
}
