package org.opensrm.server.soap.ops;

import org.opensrm.core.service.TransferFile;
import org.opensrm.core.service.TransferResult;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.ArrayOfTPutRequestFileStatus;
import org.opensrm.server.soap.gen.TPutRequestFileStatus;

/** The per-file part of put answers, shared by srmPrepareToPut and srmStatusOfPutRequest. */
final class PutStatuses {
    private PutStatuses() {
    }

    static ArrayOfTPutRequestFileStatus of(TransferResult result) {
        ArrayOfTPutRequestFileStatus array = new ArrayOfTPutRequestFileStatus();
        for (TransferFile f : result.files()) {
            TPutRequestFileStatus s = new TPutRequestFileStatus();
            s.setSURL(f.surl());
            s.setStatus(Wire.status(f.status(), f.explanation()));
            s.setTransferURL(f.turl());
            s.setFileSize(f.size() == null || f.size() == 0 ? null : Wire.size(f.size()));
            s.setRemainingPinLifetime(f.remainingSeconds());
            s.setRemainingFileLifetime(f.turl() == null ? null : -1);
            s.setEstimatedWaitTime(f.estimatedWaitSeconds());
            array.getStatusArray().add(s);
        }
        return array;
    }
}
