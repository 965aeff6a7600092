package org.opensrm.core.service;

import org.opensrm.common.SrmStatus;

/**
 * One file of a put, get or bring-online answer.
 *
 * @param surl             the SURL as the client sent it
 * @param status           per-file status
 * @param explanation      why, when it failed
 * @param turl             the transfer URL, when one is offered
 * @param size             the file size when known (get) or declared (put), else null
 * @param remainingSeconds time left on the pin or the put, else null
 * @param estimatedWaitSeconds how long the client should wait before asking again: 0 once a TURL is offered,
 *                         the scheduler's estimate while the file waits (full mode), null when nothing is expected
 */
public record TransferFile(String surl, SrmStatus status, String explanation, String turl, Long size,
                           Integer remainingSeconds, Integer estimatedWaitSeconds) {
    /** A file answered at once (gateway mode): wait 0 when it has a TURL, nothing otherwise. */
    public TransferFile(String surl, SrmStatus status, String explanation, String turl, Long size,
                        Integer remainingSeconds) {
        this(surl, status, explanation, turl, size, remainingSeconds, turl == null ? null : 0);
    }

    public static TransferFile failed(String surl, SrmStatus status, String explanation) {
        return new TransferFile(surl, status, explanation, null, null, null, null);
    }
}
