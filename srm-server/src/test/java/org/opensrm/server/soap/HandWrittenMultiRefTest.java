package org.opensrm.server.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.client.HttpgResponse;
import org.opensrm.server.soap.gen.SrmLsRequest;
import org.opensrm.server.soap.gen.SrmMvRequest;
import org.opensrm.server.soap.gen.SrmPrepareToPutRequest;
import org.opensrm.server.soap.gen.TPutFileRequest;

/**
 * Multi-reference shapes Axis 1 and other SOAP-encoding clients may send, written by hand: references nested
 * through several multiRefs, multiRefs before and after the operation element, one multiRef referenced twice,
 * SOAP-ENC typed values. Each goes through the real transport and edge.
 */
class HandWrittenMultiRefTest {
    private static final String ENVELOPE_START = "<soapenv:Envelope"
            + " xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\""
            + " xmlns:soapenc=\"http://schemas.xmlsoap.org/soap/encoding/\""
            + " xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\""
            + " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
            + " xmlns:srm=\"http://srm.lbl.gov/StorageResourceManager\">"
            + "<soapenv:Body soapenv:encodingStyle=\"http://schemas.xmlsoap.org/soap/encoding/\">";
    private static final String ENVELOPE_END = "</soapenv:Body></soapenv:Envelope>";

    @TempDir
    static Path dir;
    static RecordingEdge edge;

    @BeforeAll
    static void start() throws Exception {
        edge = RecordingEdge.start(dir);
    }

    @AfterAll
    static void stop() {
        edge.close();
    }

    @BeforeEach
    void forget() {
        edge.ops().clear();
    }

    private static Object send(String operation, String bodyContent) throws Exception {
        byte[] body = (ENVELOPE_START + bodyContent + ENVELOPE_END).getBytes(StandardCharsets.UTF_8);
        HttpgResponse r = edge.client().post("127.0.0.1", edge.port(), "/srm/managerv2",
                Map.of("Content-Type", "text/xml; charset=utf-8", "SOAPAction", "\"\""), body);
        assertEquals(200, r.status(), r::toString);
        SoapAnswers.assertNoJavaInternals(r);
        List<RecordingOperations.Dispatched> calls = edge.ops().calls();
        assertEquals(1, calls.size(), calls::toString);
        assertEquals(operation, calls.get(0).operation());
        return calls.get(0).request();
    }

    @Test
    void nestedReferencesAfterTheOperation() throws Exception {
        SrmLsRequest q = (SrmLsRequest) send("srmLs",
                "<srm:srmLs><srmLsRequest href=\"#id0\"/></srm:srmLs>"
                        + "<multiRef id=\"id0\" soapenc:root=\"0\" xsi:type=\"srm:srmLsRequest\">"
                        + "<arrayOfSURLs href=\"#id1\"/><fullDetailedList href=\"#id3\"/>"
                        + "<numOfLevels href=\"#id2\"/></multiRef>"
                        + "<multiRef id=\"id1\" soapenc:root=\"0\" xsi:type=\"srm:ArrayOfAnyURI\">"
                        + "<urlArray href=\"#id4\"/><urlArray xsi:type=\"xsd:anyURI\">srm://127.0.0.1/data/b</urlArray>"
                        + "</multiRef>"
                        + "<multiRef id=\"id2\" soapenc:root=\"0\" xsi:type=\"xsd:int\">3</multiRef>"
                        + "<multiRef id=\"id3\" soapenc:root=\"0\" xsi:type=\"xsd:boolean\">true</multiRef>"
                        + "<multiRef id=\"id4\" soapenc:root=\"0\" xsi:type=\"xsd:anyURI\">srm://127.0.0.1/data/a</multiRef>");
        assertEquals(List.of("srm://127.0.0.1/data/a", "srm://127.0.0.1/data/b"), q.getArrayOfSURLs().getUrlArray());
        assertEquals(3, q.getNumOfLevels());
        assertEquals(Boolean.TRUE, q.isFullDetailedList());
    }

    @Test
    void multiRefsBeforeTheOperation() throws Exception {
        SrmMvRequest q = (SrmMvRequest) send("srmMv",
                "<multiRef id=\"a\" soapenc:root=\"0\" xsi:type=\"srm:srmMvRequest\">"
                        + "<fromSURL href=\"#b\"/><toSURL xsi:type=\"xsd:anyURI\">srm://127.0.0.1/data/to</toSURL>"
                        + "</multiRef>"
                        + "<multiRef id=\"b\" soapenc:root=\"0\" xsi:type=\"xsd:anyURI\">srm://127.0.0.1/data/from</multiRef>"
                        + "<srm:srmMv><srmMvRequest href=\"#a\"/></srm:srmMv>");
        assertEquals("srm://127.0.0.1/data/from", q.getFromSURL());
        assertEquals("srm://127.0.0.1/data/to", q.getToSURL());
    }

    @Test
    void oneMultiRefReferencedTwiceAndSoapEncTypes() throws Exception {
        SrmPrepareToPutRequest q = (SrmPrepareToPutRequest) send("srmPrepareToPut",
                "<srm:srmPrepareToPut><srmPrepareToPutRequest xsi:type=\"srm:srmPrepareToPutRequest\">"
                        + "<arrayOfFileRequests xsi:type=\"srm:ArrayOfTPutFileRequest\">"
                        + "<requestArray href=\"#f\"/><requestArray href=\"#g\"/></arrayOfFileRequests>"
                        + "<desiredTotalRequestTime xsi:type=\"soapenc:int\">60</desiredTotalRequestTime>"
                        + "<desiredFileStorageType xsi:type=\"soapenc:string\">PERMANENT</desiredFileStorageType>"
                        + "<transferParameters href=\"#t\"/>"
                        + "</srmPrepareToPutRequest></srm:srmPrepareToPut>"
                        + "<multiRef id=\"f\" soapenc:root=\"0\" xsi:type=\"srm:TPutFileRequest\">"
                        + "<targetSURL xsi:type=\"xsd:anyURI\">srm://127.0.0.1/data/f</targetSURL>"
                        + "<expectedFileSize href=\"#size\"/></multiRef>"
                        + "<multiRef id=\"g\" soapenc:root=\"0\" xsi:type=\"srm:TPutFileRequest\">"
                        + "<targetSURL xsi:type=\"xsd:anyURI\">srm://127.0.0.1/data/g</targetSURL>"
                        + "<expectedFileSize href=\"#size\"/></multiRef>"
                        + "<multiRef id=\"size\" soapenc:root=\"0\" xsi:type=\"xsd:unsignedLong\">1024</multiRef>"
                        + "<multiRef id=\"t\" soapenc:root=\"0\" xsi:type=\"srm:TTransferParameters\">"
                        + "<arrayOfTransferProtocols xsi:type=\"srm:ArrayOfString\">"
                        + "<stringArray xsi:type=\"soapenc:string\">gsiftp</stringArray></arrayOfTransferProtocols>"
                        + "</multiRef>");
        List<TPutFileRequest> files = q.getArrayOfFileRequests().getRequestArray();
        assertEquals(List.of("srm://127.0.0.1/data/f", "srm://127.0.0.1/data/g"),
                files.stream().map(TPutFileRequest::getTargetSURL).toList());
        assertEquals(List.of(BigInteger.valueOf(1024), BigInteger.valueOf(1024)),
                files.stream().map(TPutFileRequest::getExpectedFileSize).toList());
        assertEquals(60, q.getDesiredTotalRequestTime());
        assertEquals("PERMANENT", q.getDesiredFileStorageType());
        assertEquals(List.of("gsiftp"), q.getTransferParameters().getArrayOfTransferProtocols().getStringArray());
    }

    @Test
    void nilReferencedValueStaysNull() throws Exception {
        SrmLsRequest q = (SrmLsRequest) send("srmLs",
                "<srm:srmLs><srmLsRequest href=\"#r\"/></srm:srmLs>"
                        + "<multiRef id=\"r\" soapenc:root=\"0\" xsi:type=\"srm:srmLsRequest\">"
                        + "<arrayOfSURLs xsi:type=\"srm:ArrayOfAnyURI\"><urlArray xsi:type=\"xsd:anyURI\">"
                        + "srm://127.0.0.1/data/n</urlArray></arrayOfSURLs>"
                        + "<offset xsi:type=\"xsd:int\" xsi:nil=\"true\"/></multiRef>");
        assertEquals(List.of("srm://127.0.0.1/data/n"), q.getArrayOfSURLs().getUrlArray());
        assertNull(q.getOffset());
    }
}
