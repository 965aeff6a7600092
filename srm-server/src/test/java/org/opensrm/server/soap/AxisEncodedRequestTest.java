package org.opensrm.server.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.axis.types.URI;
import org.apache.axis.types.UnsignedLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.client.HttpgResponse;
import org.opensrm.server.soap.gen.SrmLsRequest;
import org.opensrm.server.soap.gen.SrmPrepareToPutRequest;
import org.opensrm.server.soap.gen.SrmRmRequest;
import org.opensrm.server.soap.gen.TPutFileRequest;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Requests made by the real Axis 1.4 client library in rpc/encoded style (multiRef/href, xsi:type everywhere,
 * as dCache's srmcp, BeStMan2's client and the LBNL tester send them), replayed through the real httpg transport
 * and SOAP edge: the values given to Axis must come out of the edge's decoding.
 */
class AxisEncodedRequestTest {
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

    @Test
    void srmLsWithAnArrayOfSurls() throws Exception {
        AxisBeans.SrmLsRequest ls = new AxisBeans.SrmLsRequest();
        ls.setArrayOfSURLs(new AxisBeans.ArrayOfAnyURI(
                new URI("srm://127.0.0.1:8443/srm/managerv2?SFN=/data/a"), new URI("srm://127.0.0.1/data/b")));
        ls.setFullDetailedList(Boolean.TRUE);
        ls.setAllLevelRecursive(Boolean.FALSE);
        ls.setNumOfLevels(1);
        ls.setOffset(2);
        ls.setCount(50);
        AxisRequestRecorder.Sent sent = AxisRequestRecorder.send("srmLs", "srmLs", "srmLsRequest", ls,
                AxisBeans.SrmLsRequest.class, AxisBeans.ArrayOfAnyURI.class);
        assertAxisEncoded(sent);

        SrmLsRequest q = (SrmLsRequest) replayAndExpect(sent, "srmLs");
        assertNotNull(q.getArrayOfSURLs(), sent::text);
        assertEquals(List.of(ls.getArrayOfSURLs().getUrlArray(0).toString(),
                ls.getArrayOfSURLs().getUrlArray(1).toString()), q.getArrayOfSURLs().getUrlArray());
        assertEquals(Boolean.TRUE, q.isFullDetailedList());
        assertEquals(Boolean.FALSE, q.isAllLevelRecursive());
        assertEquals(1, q.getNumOfLevels());
        assertEquals(2, q.getOffset());
        assertEquals(50, q.getCount());
    }

    @Test
    void srmPrepareToPutWithAFileRequestArray() throws Exception {
        AxisBeans.SrmPrepareToPutRequest put = new AxisBeans.SrmPrepareToPutRequest();
        put.setArrayOfFileRequests(new AxisBeans.ArrayOfTPutFileRequest(
                new AxisBeans.TPutFileRequest(new URI("srm://127.0.0.1/data/one.bin"), new UnsignedLong(10485760L)),
                new AxisBeans.TPutFileRequest(new URI("srm://127.0.0.1/data/two.bin"),
                        new UnsignedLong(5_000_000_000L))));
        put.setOverwriteOption("ALWAYS");
        put.setDesiredTotalRequestTime(3600);
        put.setDesiredFileStorageType("PERMANENT");
        AxisBeans.TTransferParameters params = new AxisBeans.TTransferParameters();
        params.setArrayOfTransferProtocols(new AxisBeans.ArrayOfString("gsiftp", "https"));
        params.setAccessPattern("TRANSFER_MODE");
        put.setTransferParameters(params);
        AxisRequestRecorder.Sent sent = AxisRequestRecorder.send("srmPrepareToPut", "PrepareToPut",
                "srmPrepareToPutRequest", put, AxisBeans.SrmPrepareToPutRequest.class,
                AxisBeans.ArrayOfTPutFileRequest.class, AxisBeans.TPutFileRequest.class,
                AxisBeans.TTransferParameters.class, AxisBeans.ArrayOfString.class);
        assertAxisEncoded(sent);

        SrmPrepareToPutRequest q = (SrmPrepareToPutRequest) replayAndExpect(sent, "srmPrepareToPut");
        assertNotNull(q.getArrayOfFileRequests(), sent::text);
        List<TPutFileRequest> files = q.getArrayOfFileRequests().getRequestArray();
        assertEquals(2, files.size());
        assertEquals("srm://127.0.0.1/data/one.bin", files.get(0).getTargetSURL());
        assertEquals(BigInteger.valueOf(10485760L), files.get(0).getExpectedFileSize());
        assertEquals("srm://127.0.0.1/data/two.bin", files.get(1).getTargetSURL());
        assertEquals(BigInteger.valueOf(5_000_000_000L), files.get(1).getExpectedFileSize());
        assertEquals("ALWAYS", q.getOverwriteOption());
        assertEquals(3600, q.getDesiredTotalRequestTime());
        assertEquals("PERMANENT", q.getDesiredFileStorageType());
        assertEquals("TRANSFER_MODE", q.getTransferParameters().getAccessPattern());
        assertEquals(List.of("gsiftp", "https"),
                q.getTransferParameters().getArrayOfTransferProtocols().getStringArray());
    }

    @Test
    void srmRmWithThreeSurls() throws Exception {
        AxisBeans.SrmRmRequest rm = new AxisBeans.SrmRmRequest();
        rm.setArrayOfSURLs(new AxisBeans.ArrayOfAnyURI(new URI("srm://127.0.0.1/data/1"),
                new URI("srm://127.0.0.1/data/2"), new URI("srm://127.0.0.1/srm/v2/server?SFN=/data/3")));
        AxisRequestRecorder.Sent sent = AxisRequestRecorder.send("srmRm", "srmRm", "srmRmRequest", rm,
                AxisBeans.SrmRmRequest.class, AxisBeans.ArrayOfAnyURI.class);
        assertAxisEncoded(sent);

        SrmRmRequest q = (SrmRmRequest) replayAndExpect(sent, "srmRm");
        assertNotNull(q.getArrayOfSURLs(), sent::text);
        assertEquals(List.of("srm://127.0.0.1/data/1", "srm://127.0.0.1/data/2",
                "srm://127.0.0.1/srm/v2/server?SFN=/data/3"), q.getArrayOfSURLs().getUrlArray());
    }

    /** Sends Axis' bytes with Axis' own headers (not Host/length, which belong to the recorder's connection). */
    private static Object replayAndExpect(AxisRequestRecorder.Sent sent, String operation) throws Exception {
        Map<String, String> headers = new LinkedHashMap<>();
        sent.headers().forEach((k, v) -> {
            if (!k.equalsIgnoreCase("Host") && !k.equalsIgnoreCase("Content-Length")
                    && !k.equalsIgnoreCase("Transfer-Encoding")) {
                headers.put(k, v);
            }
        });
        HttpgResponse r = edge.client().post("127.0.0.1", edge.port(), "/srm/managerv2", headers, sent.body());
        assertEquals(200, r.status(), r::toString);
        SoapAnswers.assertNoJavaInternals(r);
        assertEquals("SRM_SUCCESS", r.text(operation + "Response/returnStatus/statusCode"), r::toString);
        List<RecordingOperations.Dispatched> calls = edge.ops().calls();
        assertEquals(1, calls.size(), calls::toString);
        assertEquals(operation, calls.get(0).operation());
        return calls.get(0).request();
    }

    /**
     * The request really is Axis-1 encoded: the part is an {@code href} to a Body-level {@code multiRef}, and every
     * element below the operation element carries either {@code href} or {@code xsi:type}.
     */
    private static void assertAxisEncoded(AxisRequestRecorder.Sent sent) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        Element envelope = f.newDocumentBuilder().parse(new ByteArrayInputStream(sent.body())).getDocumentElement();
        Element body = (Element) envelope.getElementsByTagNameNS("*", "Body").item(0);
        List<Element> bodyChildren = children(body);
        assertTrue(bodyChildren.size() > 1, "no multiRef siblings: " + sent.text());
        Element part = children(bodyChildren.get(0)).get(0);
        assertTrue(part.getAttribute("href").startsWith("#id"), "part is not a reference: " + sent.text());
        for (Element multiRef : bodyChildren.subList(1, bodyChildren.size())) {
            assertEquals("multiRef", multiRef.getLocalName(), sent.text());
        }
        NodeList all = body.getElementsByTagName("*");
        int typed = 0;
        for (int i = 0; i < all.getLength(); i++) {
            Element e = (Element) all.item(i);
            if (e.getParentNode() == body) {
                continue;
            }
            boolean hasType = e.hasAttributeNS(XMLConstants.W3C_XML_SCHEMA_INSTANCE_NS_URI, "type");
            assertTrue(hasType || e.hasAttribute("href"), e.getLocalName() + " is untyped in " + sent.text());
            typed += hasType ? 1 : 0;
        }
        assertTrue(typed > 1, sent.text());
    }

    private static List<Element> children(Element parent) {
        List<Element> out = new ArrayList<>();
        for (org.w3c.dom.Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                out.add(e);
            }
        }
        return out;
    }
}
