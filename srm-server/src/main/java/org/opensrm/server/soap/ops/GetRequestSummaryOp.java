package org.opensrm.server.soap.ops;

import java.util.List;
import org.opensrm.common.SrmException;
import org.opensrm.core.RequestKind;
import org.opensrm.core.service.Caller;
import org.opensrm.core.service.RequestControl;
import org.opensrm.core.service.RequestSummary;
import org.opensrm.server.soap.ResponseType;
import org.opensrm.server.soap.ResponseTypes;
import org.opensrm.server.soap.SrmOperation;
import org.opensrm.server.soap.Wire;
import org.opensrm.server.soap.gen.ArrayOfTRequestSummary;
import org.opensrm.server.soap.gen.SrmGetRequestSummaryRequest;
import org.opensrm.server.soap.gen.SrmGetRequestSummaryResponse;
import org.opensrm.server.soap.gen.TRequestSummary;

/**
 * srmGetRequestSummary: one summary per token, in the order asked. A summary carries the request's own status
 * (e.g. {@code SRM_REQUEST_QUEUED}), its type and file counts; a token that cannot be answered (unknown, another
 * user's) carries only its refusal. The call's status is {@link RequestSummary#requestStatus} (GFD.129 &sect;5.15:
 * {@code SRM_SUCCESS} when every token was answered, {@code SRM_PARTIAL_SUCCESS} when some were, {@code SRM_FAILURE}
 * when none was); no token at all is the request control's to refuse.
 */
public final class GetRequestSummaryOp implements SrmOperation<SrmGetRequestSummaryRequest, SrmGetRequestSummaryResponse> {
    private final RequestControl control;

    public GetRequestSummaryOp(RequestControl control) {
        this.control = control;
    }

    @Override
    public ResponseType<SrmGetRequestSummaryResponse> response() {
        return ResponseTypes.GET_REQUEST_SUMMARY;
    }

    @Override
    public SrmGetRequestSummaryResponse handle(Caller caller, SrmGetRequestSummaryRequest q) throws SrmException {
        List<RequestSummary> summaries = control.summaries(caller, Wire.strings(q.getArrayOfRequestTokens()));
        ArrayOfTRequestSummary array = new ArrayOfTRequestSummary();
        summaries.forEach(s -> array.getSummaryArray().add(summary(s)));
        SrmGetRequestSummaryResponse r = response().withStatus(
                Wire.status(RequestSummary.requestStatus(summaries), null));
        r.setArrayOfRequestSummaries(array);
        return r;
    }

    private static TRequestSummary summary(RequestSummary s) {
        TRequestSummary t = new TRequestSummary();
        t.setRequestToken(s.token());
        t.setStatus(Wire.status(s.status(), s.explanation()));
        if (s.answered()) {
            t.setRequestType(requestType(s.kind().get()));
            t.setTotalNumFilesInRequest(s.total());
            t.setNumOfCompletedFiles(s.completed());
            t.setNumOfWaitingFiles(s.waiting());
            t.setNumOfFailedFiles(s.failed());
        }
        return t;
    }

    /** The WSDL's TRequestType for a kind of request. */
    static String requestType(RequestKind kind) {
        return switch (kind) {
            case GET -> "PREPARE_TO_GET";
            case PUT -> "PREPARE_TO_PUT";
            case BRING_ONLINE -> "BRING_ONLINE";
            case LS -> "LS";
            case COPY -> "COPY";
            case RESERVE_SPACE -> "RESERVE_SPACE";
            case UPDATE_SPACE -> "UPDATE_SPACE";
            case CHANGE_SPACE_FOR_FILES -> "CHANGE_SPACE_FOR_FILES";
        };
    }
}
