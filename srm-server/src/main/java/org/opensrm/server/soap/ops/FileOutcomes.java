package org.opensrm.server.soap.ops;

import java.util.List;
import java.util.function.BiConsumer;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.service.FileOutcome;
import org.opensrm.core.service.RequestStatus;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.ArrayOfTSURLReturnStatus;
import org.opensrm.server.soap.gen.TReturnStatus;

/** Fills the request status and per-SURL statuses of the many responses shaped that way. */
final class FileOutcomes {
    private FileOutcomes() {
    }

    static <R> R respond(List<FileOutcome> outcomes, R response, BiConsumer<R, TReturnStatus> status,
                         BiConsumer<R, ArrayOfTSURLReturnStatus> files) {
        SrmStatus code = RequestStatus.of(outcomes, FileOutcome::status, SrmStatus.SRM_SUCCESS);
        String why = code.isSuccess() ? null : outcomes.stream().filter(o -> !o.status().isSuccess())
                .map(FileOutcome::explanation).filter(e -> e != null).findFirst().orElse(null);
        status.accept(response, Wire.status(code, why));
        files.accept(response, Wire.surlStatuses(outcomes));
        return response;
    }
}
