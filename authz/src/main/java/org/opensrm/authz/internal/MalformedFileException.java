package org.opensrm.authz.internal;

/** A line of a mapping file that cannot be understood; the whole read is then discarded. */
public final class MalformedFileException extends Exception {
    private static final long serialVersionUID = 1L;
    private final int lineNumber;

    public MalformedFileException(int lineNumber, String reason) {
        super("line " + lineNumber + ": " + reason);
        this.lineNumber = lineNumber;
    }

    /** 1-based number of the offending line. */
    public int lineNumber() {
        return lineNumber;
    }
}
