package org.opensrm.core.service;

import java.util.List;
import org.opensrm.common.SrmStatus;

/** The answer to a put, get or bring-online call or its status call. */
public record TransferResult(String token, SrmStatus status, String explanation, List<TransferFile> files,
                             Integer remainingSeconds) {
    public TransferResult {
        files = List.copyOf(files);
    }
}
