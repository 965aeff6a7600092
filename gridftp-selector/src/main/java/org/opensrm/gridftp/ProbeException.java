package org.opensrm.gridftp;

/** A load probe got no usable answer: timeout, refused connection, garbage, an answer too large, absurd figures. */
public class ProbeException extends Exception {
    private static final long serialVersionUID = 1L;

    public ProbeException(String message) {
        super(message);
    }

    public ProbeException(String message, Throwable cause) {
        super(message, cause);
    }
}
