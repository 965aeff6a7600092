package org.opensrm.server.soap;

import org.opensrm.server.soap.gen.ArrayOfTExtraInfo;
import org.opensrm.server.soap.gen.ArrayOfTGetRequestFileStatus;
import org.opensrm.server.soap.gen.ArrayOfTSURLReturnStatus;
import org.opensrm.server.soap.gen.SrmPrepareToGetResponse;
import org.opensrm.server.soap.gen.SrmReleaseFilesResponse;
import org.opensrm.server.soap.gen.SrmStatusOfGetRequestResponse;

/**
 * Writes the answers of a get's cycle — srmPrepareToGet, srmStatusOfGetRequest, srmReleaseFiles — as JAX-WS and
 * JAXB write them from the same objects (see {@link AnswerWriter}), every field of the generated types in their
 * order. {@code GetAnswerWriterTest} holds it to JAXB's output for the same objects, {@code GetLaneTest} to what
 * JAX-WS answers on a real server.
 */
final class GetAnswerWriter extends AnswerWriter {
    private static final Envelope PREPARE = Envelope.of("srmPrepareToGet");
    private static final Envelope STATUS_OF = Envelope.of("srmStatusOfGetRequest");
    private static final Envelope RELEASE = Envelope.of("srmReleaseFiles");
    private static final Tag FILE_STATUSES = Tag.of("arrayOfFileStatuses");
    private static final Tag STATUS_ARRAY = Tag.of("statusArray");
    private static final Tag REMAINING_TOTAL = Tag.of("remainingTotalRequestTime");
    private static final Tag SOURCE_SURL = Tag.of("sourceSURL");
    private static final Tag FILE_SIZE = Tag.of("fileSize");
    private static final Tag ESTIMATED_WAIT = Tag.of("estimatedWaitTime");
    private static final Tag REMAINING_PIN = Tag.of("remainingPinTime");
    private static final Tag TRANSFER_URL = Tag.of("transferURL");
    private static final Tag PROTOCOL_INFO = Tag.of("transferProtocolInfo");
    private static final Tag EXTRA_INFO = Tag.of("extraInfoArray");
    private static final Tag KEY = Tag.of("key");
    private static final Tag VALUE = Tag.of("value");
    private static final Tag SURL = Tag.of("surl");

    private GetAnswerWriter() {
    }

    /** The envelope holding {@code answer}, UTF-8. */
    static byte[] write(SrmPrepareToGetResponse answer) {
        GetAnswerWriter w = new GetAnswerWriter();
        return w.written(PREPARE, () -> {
            w.status(RETURN_STATUS, answer.getReturnStatus(), false);
            w.text(REQUEST_TOKEN, answer.getRequestToken(), true);
            w.files(answer.getArrayOfFileStatuses());
            w.number(REMAINING_TOTAL, answer.getRemainingTotalRequestTime());
        });
    }

    /** The envelope holding {@code answer}, UTF-8. */
    static byte[] write(SrmStatusOfGetRequestResponse answer) {
        GetAnswerWriter w = new GetAnswerWriter();
        return w.written(STATUS_OF, () -> {
            w.status(RETURN_STATUS, answer.getReturnStatus(), false);
            w.files(answer.getArrayOfFileStatuses());
            w.number(REMAINING_TOTAL, answer.getRemainingTotalRequestTime());
        });
    }

    /** The envelope holding {@code answer}, UTF-8. */
    static byte[] write(SrmReleaseFilesResponse answer) {
        GetAnswerWriter w = new GetAnswerWriter();
        return w.written(RELEASE, () -> {
            w.status(RETURN_STATUS, answer.getReturnStatus(), false);
            w.surls(answer.getArrayOfFileStatuses());
        });
    }

    private void files(ArrayOfTGetRequestFileStatus a) {
        array(FILE_STATUSES, a, ArrayOfTGetRequestFileStatus::getStatusArray, STATUS_ARRAY, f -> {
            text(SOURCE_SURL, f.getSourceSURL(), false);
            number(FILE_SIZE, f.getFileSize());
            status(STATUS, f.getStatus(), false);
            number(ESTIMATED_WAIT, f.getEstimatedWaitTime());
            number(REMAINING_PIN, f.getRemainingPinTime());
            text(TRANSFER_URL, f.getTransferURL(), true);
            array(PROTOCOL_INFO, f.getTransferProtocolInfo(), ArrayOfTExtraInfo::getExtraInfoArray, EXTRA_INFO, e -> {
                text(KEY, e.getKey(), false);
                text(VALUE, e.getValue(), true);
            });
        });
    }

    private void surls(ArrayOfTSURLReturnStatus a) {
        array(FILE_STATUSES, a, ArrayOfTSURLReturnStatus::getStatusArray, STATUS_ARRAY, s -> {
            text(SURL, s.getSurl(), false);
            status(STATUS, s.getStatus(), false);
        });
    }
}
