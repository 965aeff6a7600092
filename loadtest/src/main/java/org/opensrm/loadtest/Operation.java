package org.opensrm.loadtest;

import java.util.Locale;

/** What each simulated client does, over and over. */
public enum Operation {
    /** {@code srmLs} on the target SURL; OK when the request-level status is the expected one (SRM_SUCCESS). */
    LS(true),
    /** {@code srmPing}; OK when the answer carries a {@code versionInfo}. Needs no SURL. */
    PING(false),
    /**
     * The put cycle {@code srmPrepareToPut} → {@code srmStatusOfPutRequest} (while queued/in progress) →
     * {@code srmPutDone} of a new file name under the target SURL, without a transfer in between. OK when
     * PrepareToPut (and polling) succeeded and PutDone got a well-formed SRM answer, whatever its status: with no
     * file written a server is expected to answer SRM_FAILURE / SRM_INVALID_PATH.
     */
    PUT(true),
    /**
     * The get cycle {@code srmPrepareToGet} → {@code srmStatusOfGetRequest} (at least once, until the file is
     * SRM_FILE_PINNED) → {@code srmReleaseFiles} of the target SURL, an existing file, without a transfer in between.
     * OK when the file was pinned and ReleaseFiles answered SRM_SUCCESS.
     */
    GET(true);

    private final boolean needsSurl;

    Operation(boolean needsSurl) {
        this.needsSurl = needsSurl;
    }

    public boolean needsSurl() {
        return needsSurl;
    }

    /** The name used on the command line and in reports: {@code ls}, {@code ping}, {@code put}, {@code get}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Operation fromLabel(String label) {
        for (Operation op : values()) {
            if (op.label().equalsIgnoreCase(label)) {
                return op;
            }
        }
        throw new IllegalArgumentException("unknown operation '" + label + "' (expected ls, ping, put or get)");
    }
}
