package org.opensrm.server.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.client.HttpgResponse;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** {@code GET ?wsdl} over httpg answers the service's WSDL, at both served paths. */
class WsdlPublicationTest {
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

    @Test
    void wsdlIsServedWithEveryOperation() throws Exception {
        for (String path : new String[] {"/srm/managerv2?wsdl", "/srm/v2/server?wsdl"}) {
            HttpgResponse r = edge.client().get("127.0.0.1", edge.port(), path, Map.of());
            assertEquals(200, r.status(), r::toString);
            Document wsdl = r.xml();
            Element root = wsdl.getDocumentElement();
            assertEquals("definitions", root.getLocalName());
            assertEquals("http://schemas.xmlsoap.org/wsdl/", root.getNamespaceURI());
            assertEquals("http://srm.lbl.gov/StorageResourceManager", root.getAttribute("targetNamespace"));
            assertEquals(39, r.texts("portType/operation").size(), "operations in the port type");
            assertTrue(r.bodyText().contains("name=\"srmPrepareToPut\""), path);
        }
    }
}
