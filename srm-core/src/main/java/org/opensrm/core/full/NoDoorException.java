package org.opensrm.core.full;


/** No healthy door could be chosen now: the file waits in the queue, it does not fail. */
final class NoDoorException extends Exception {
    private static final long serialVersionUID = 1L;

    NoDoorException(String message) {
        super(message, null, false, false);
    }
}
