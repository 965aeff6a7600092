package org.opensrm.server.soap;

import jakarta.xml.bind.JAXBException;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import org.opensrm.server.soap.lane.LaneRequestReader;
import org.opensrm.server.soap.gen.SrmLsRequest;
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
 * through the same endpoint method,
 * and answered by an {@link AnswerWriter}: the bytes JAX-WS would write, for a fraction of its CPU. Anything else,
 * and any request a lane cannot read, goes through JAX-WS.
 */
final class SoapLanes {
    /** One operation's lane: how its request is read, answered and written. */
    private record Lane<Q, A>(Class<Q> request, Function<Q, A> endpoint, Function<A, byte[]> writer,
                              LongAdder answers) {
        byte[] answer(LaneRequestReader reader, String operation, byte[] body, Object decoded) {
            Q q = reader.read(body, operation, request, decoded);
            if (q == null) {
                return null;
            }
            byte[] answer = writer.apply(endpoint.apply(q));
            answers.increment();
            return answer;
        }
    }

    private final LaneRequestReader reader;
    private final Map<String, Lane<?, ?>> lanes;

    SoapLanes(SrmSoapEndpoint endpoint) throws JAXBException {
        reader = new LaneRequestReader(SrmLsRequest.class, SrmPrepareToGetRequest.class,
                SrmStatusOfGetRequestRequest.class, SrmReleaseFilesRequest.class);
        lanes = Map.of(
                "srmLs", new Lane<>(SrmLsRequest.class, endpoint::srmLs, LsAnswerWriter::write, new LongAdder()),
                "srmPrepareToGet", new Lane<SrmPrepareToGetRequest, SrmPrepareToGetResponse>(SrmPrepareToGetRequest.class, endpoint::srmPrepareToGet,
                        GetAnswerWriter::write, new LongAdder()),
                "srmStatusOfGetRequest",
                new Lane<SrmStatusOfGetRequestRequest, SrmStatusOfGetRequestResponse>(SrmStatusOfGetRequestRequest.class,
                        endpoint::srmStatusOfGetRequest, GetAnswerWriter::write, new LongAdder()),
                "srmReleaseFiles", new Lane<SrmReleaseFilesRequest, SrmReleaseFilesResponse>(SrmReleaseFilesRequest.class, endpoint::srmReleaseFiles,
                        GetAnswerWriter::write, new LongAdder()));
    }

    /**
     * The whole answer to {@code body}, a request of {@code operation}, once the endpoint has answered it; null
     * (and the endpoint not called) when {@code operation} has no lane or its lane cannot read this body.
     *
     * @param decoded the request the scan decoded from {@code body}; null if it did not
     */
    byte[] answer(String operation, byte[] body, Object decoded) {
        Lane<?, ?> lane = operation == null ? null : lanes.get(operation);
        return lane == null ? null : lane.answer(reader, operation, body, decoded);
    }

    /** Calls of {@code operation} answered in its lane since the start (0 for an operation without one). */
    long answers(String operation) {
        Lane<?, ?> lane = lanes.get(operation);
        return lane == null ? 0 : lane.answers().sum();
    }
}
