package org.opensrm.server.soap.ops;

import org.opensrm.core.service.CopyResult;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.ArrayOfTCopyRequestFileStatus;
import org.opensrm.server.soap.gen.TCopyRequestFileStatus;

/** The per-file part of copy answers, shared by srmCopy and srmStatusOfCopyRequest. */
final class CopyStatuses {
    private CopyStatuses() {
    }

    static ArrayOfTCopyRequestFileStatus of(CopyResult result) {
        ArrayOfTCopyRequestFileStatus array = new ArrayOfTCopyRequestFileStatus();
        for (CopyResult.CopyFile f : result.files()) {
            TCopyRequestFileStatus s = new TCopyRequestFileStatus();
            s.setSourceSURL(f.source());
            s.setTargetSURL(f.target());
            s.setStatus(Wire.status(f.status(), f.explanation()));
            s.setFileSize(f.size() == null ? null : Wire.size(f.size()));
            s.setEstimatedWaitTime(f.estimatedWaitSeconds());
            array.getStatusArray().add(s);
        }
        return array;
    }
}
