package org.opensrm.server.soap.ops;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.opensrm.common.SrmException;
import org.opensrm.core.service.RequestOptions;
import org.opensrm.core.service.TransferFile;
import org.opensrm.core.service.TransferResult;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.ArrayOfTBringOnlineRequestFileStatus;
import org.opensrm.server.soap.gen.ArrayOfTGetFileRequest;
import org.opensrm.server.soap.gen.ArrayOfTGetRequestFileStatus;
import org.opensrm.server.soap.gen.TBringOnlineRequestFileStatus;
import org.opensrm.server.soap.gen.TGetFileRequest;
import org.opensrm.server.soap.gen.TGetRequestFileStatus;

/** The per-file parts of get and bring-online requests and answers. */
final class GetStatuses {
    private GetStatuses() {
    }

    static List<String> surls(ArrayOfTGetFileRequest files) throws SrmException {
        List<String> out = new ArrayList<>();
        if (files != null) {
            for (TGetFileRequest f : files.getRequestArray()) {
                if (f != null) {
                    out.add(Wire.require("sourceSURL", f.getSourceSURL()));
                }
            }
        }
        return out;
    }

    static Duration seconds(Integer s) {
        return s == null || s <= 0 ? null : Duration.ofSeconds(s);
    }

    /** The userRequestDescription and desiredTotalRequestTime every asynchronous request may carry. */
    static RequestOptions options(String description, Integer totalSeconds) {
        return new RequestOptions(
                description == null || description.isBlank() ? java.util.Optional.empty()
                        : java.util.Optional.of(description),
                java.util.Optional.ofNullable(seconds(totalSeconds)));
    }

    static ArrayOfTGetRequestFileStatus get(TransferResult result) {
        ArrayOfTGetRequestFileStatus array = new ArrayOfTGetRequestFileStatus();
        for (TransferFile f : result.files()) {
            TGetRequestFileStatus s = new TGetRequestFileStatus();
            s.setSourceSURL(f.surl());
            s.setStatus(Wire.status(f.status(), f.explanation()));
            s.setFileSize(Wire.size(f.size()));
            s.setTransferURL(f.turl());
            s.setRemainingPinTime(f.remainingSeconds());
            s.setEstimatedWaitTime(f.estimatedWaitSeconds());
            array.getStatusArray().add(s);
        }
        return array;
    }

    static ArrayOfTBringOnlineRequestFileStatus bringOnline(TransferResult result) {
        ArrayOfTBringOnlineRequestFileStatus array = new ArrayOfTBringOnlineRequestFileStatus();
        for (TransferFile f : result.files()) {
            TBringOnlineRequestFileStatus s = new TBringOnlineRequestFileStatus();
            s.setSourceSURL(f.surl());
            s.setStatus(Wire.status(f.status(), f.explanation()));
            s.setFileSize(Wire.size(f.size()));
            s.setRemainingPinTime(f.remainingSeconds());
            s.setEstimatedWaitTime(f.estimatedWaitSeconds() == null ? 0 : f.estimatedWaitSeconds());
            array.getStatusArray().add(s);
        }
        return array;
    }
}
