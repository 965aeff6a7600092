package org.opensrm.server.soap;

import jakarta.xml.bind.JAXBException;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import org.opensrm.server.soap.lane.LaneRequestReader;
import org.opensrm.server.soap.gen.SrmLsRequest;
import org.opensrm.server.soap.gen.SrmLsResponse;
import org.opensrm.server.soap.gen.SrmPrepareToGetRequest;
import org.opensrm.server.soap.gen.SrmPrepareToGetResponse;
import org.opensrm.server.soap.gen.SrmReleaseFilesRequest;
import org.opensrm.server.soap.gen.SrmReleaseFilesResponse;
import org.opensrm.server.soap.gen.SrmStatusOfGetRequestRequest;
import org.opensrm.server.soap.gen.SrmStatusOfGetRequestResponse;

/**
 * The lanes of {@link SoapServlet}: the operations that are most of what a storage element answers — srmLs, and a
 * get's cycle (srmPrepareToGet, srmStatusOfGetRequest, srmReleaseFiles) — when plain (SOAP 1.1, no header) are
 * decoded into the same generated type JAXB makes (as real clients write them, by the scan that reads the body once
 * without a parser, {@link org.opensrm.server.soap.lane.RequestScan}; any other by {@link LaneRequestReader}), run
 * by the same operation of the {@link OperationTable} through {@link SoapCalls}, and answered by an
 * {@link AnswerWriter}: the bytes JAX-WS would write, for a fraction of its CPU. A lane says only how its operation
 * is read and written; anything else, and any request a lane cannot read, goes through JAX-WS.
 */
final class SoapLanes {
    /** One operation's lane: its request type, the operation from the table, how its answer is written. */
    private record Lane<Q, R>(Class<Q> request, SrmOperation<Q, R> operation, Function<R, byte[]> writer,
                              LongAdder answers) {
        byte[] answer(LaneRequestReader reader, SoapCalls calls, Arrival arrival, byte[] body, Object decoded) {
            Q q = reader.read(body, operation.name(), request, decoded);
            if (q == null) {
                return null;
            }
            byte[] answer = writer.apply(calls.invoke(arrival, operation, q));
            answers.increment();
            return answer;
        }
    }

    private final LaneRequestReader reader;
    private final SoapCalls calls;
    private final Map<String, Lane<?, ?>> lanes;

    SoapLanes(OperationTable table, SoapCalls calls) throws JAXBException {
        this.calls = calls;
        reader = new LaneRequestReader(SrmLsRequest.class, SrmPrepareToGetRequest.class,
                SrmStatusOfGetRequestRequest.class, SrmReleaseFilesRequest.class);
        lanes = Map.of(
                "srmLs", lane(SrmLsRequest.class, table.<SrmLsRequest>get("srmLs"), SrmLsResponse.class,
                        LsAnswerWriter::write),
                "srmPrepareToGet", lane(SrmPrepareToGetRequest.class, table.get("srmPrepareToGet"),
                        SrmPrepareToGetResponse.class, GetAnswerWriter::write),
                "srmStatusOfGetRequest", lane(SrmStatusOfGetRequestRequest.class, table.get("srmStatusOfGetRequest"),
                        SrmStatusOfGetRequestResponse.class, GetAnswerWriter::write),
                "srmReleaseFiles", lane(SrmReleaseFilesRequest.class, table.get("srmReleaseFiles"),
                        SrmReleaseFilesResponse.class, GetAnswerWriter::write));
    }

    /** The lane of {@code operation}, whose response the table's entry says is of type {@code response}. */
    @SuppressWarnings("unchecked")
    private static <Q, R> Lane<Q, R> lane(Class<Q> request, SrmOperation<Q, ?> operation, Class<R> response,
                                          Function<R, byte[]> writer) {
        if (operation.response().type() != response) {
            throw new IllegalStateException(operation.name() + " answers " + operation.response().type());
        }
        return new Lane<>(request, (SrmOperation<Q, R>) operation, writer, new LongAdder());
    }

    /**
     * The whole answer to {@code body}, a request of {@code operation}, once its operation has answered it; null
     * (and the operation not run) when {@code operation} has no lane or its lane cannot read this body.
     *
     * @param arrival who sent the call
     * @param decoded the request the scan decoded from {@code body}; null if it did not
     */
    byte[] answer(String operation, Arrival arrival, byte[] body, Object decoded) {
        Lane<?, ?> lane = operation == null ? null : lanes.get(operation);
        return lane == null ? null : lane.answer(reader, calls, arrival, body, decoded);
    }

    /** Calls of {@code operation} answered in its lane since the start (0 for an operation without one). */
    long answers(String operation) {
        Lane<?, ?> lane = lanes.get(operation);
        return lane == null ? 0 : lane.answers().sum();
    }
}
