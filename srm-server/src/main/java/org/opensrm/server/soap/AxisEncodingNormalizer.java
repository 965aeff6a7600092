package org.opensrm.server.soap;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Attr;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;

/**
 * Rewrites SOAP-encoded requests as Axis 1 clients send them (dCache's srmcp, BeStMan2's client, the LBNL
 * tester) into the literal shape the JAX-WS binding reads: every {@code href="#id"} is replaced by the content
 * of its {@code multiRef} (or any other {@code id}-carrying) element, the multiRef siblings are dropped, and
 * {@code xsi:type} annotations are removed (the literal binding knows every element's type, and Axis may name
 * SOAP-encoding types JAXB does not know). Requests without either are passed through untouched, so gfal2 and
 * ARC requests cost nothing here.
 */
public final class AxisEncodingNormalizer {
    private static final String XSI = XMLConstants.W3C_XML_SCHEMA_INSTANCE_NS_URI;
    private static final String SOAPENC = "http://schemas.xmlsoap.org/soap/encoding/";
    private static final int MAX_DEPTH = 64;

    private final DocumentBuilderFactory factory;
    private final TransformerFactory transformers = TransformerFactory.newInstance();

    public AxisEncodingNormalizer() {
        factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setExpandEntityReferences(false);
        try {
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("XML parser lacks secure processing", e);
        }
    }

    /** Whether {@code body} needs rewriting: a cheap byte scan for {@code href=} or {@code :type=}. */
    public static boolean applies(byte[] body) {
        // one byte per char, so String.indexOf (an intrinsic) does the scan
        String text = new String(body, java.nio.charset.StandardCharsets.ISO_8859_1);
        return text.contains("href=") || text.contains(":type=");
    }

    /** The rewritten request; the input unchanged when it cannot be parsed (JAX-WS will then report why). */
    public byte[] normalize(byte[] body) {
        try {
            DocumentBuilder builder = factory.newDocumentBuilder();
            builder.setErrorHandler(null);
            Document doc = builder.parse(new ByteArrayInputStream(body));
            Map<String, Element> byId = new HashMap<>();
            int elements = collectIds(doc.getDocumentElement(), byId);
            resolve(doc.getDocumentElement(), byId, 0, new ExpansionBudget(elements));
            for (Element target : byId.values()) {
                if (target.getParentNode() != null && isMultiRef(target)) {
                    target.getParentNode().removeChild(target);
                }
            }
            stripTypes(doc.getDocumentElement());
            ByteArrayOutputStream out = new ByteArrayOutputStream(body.length);
            Transformer t = transformers.newTransformer();
            t.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
            t.transform(new DOMSource(doc), new StreamResult(out));
            return out.toByteArray();
        } catch (Exception | StackOverflowError e) {
            return body;
        }
    }

    /**
     * Bounds the resolved tree: legitimate multiRef encoding references each target about once, so the result is
     * about as large as the input; a few hundred bytes of references to references could otherwise expand
     * exponentially and exhaust the heap.
     */
    private static final class ExpansionBudget {
        private long left;

        ExpansionBudget(int inputElements) {
            left = 4L * inputElements + 10_000;
        }

        void spend() {
            if (--left < 0) {
                throw new IllegalArgumentException("multiRef references expand too far");
            }
        }
    }

    /** A reference target at Body level (an id-carrying sibling of the operation element, not the operation). */
    private static boolean isMultiRef(Element e) {
        Node parent = e.getParentNode();
        return e.hasAttribute("id") && parent instanceof Element p && "Body".equals(p.getLocalName());
    }

    /** @return the number of elements in the tree of {@code e} */
    private static int collectIds(Element e, Map<String, Element> byId) {
        if (e.hasAttribute("id")) {
            byId.put(e.getAttribute("id"), e);
        }
        int elements = 1;
        for (Node c = e.getFirstChild(); c != null; c = c.getNextSibling()) {
            if (c instanceof Element child) {
                elements += collectIds(child, byId);
            }
        }
        return elements;
    }

    private static void resolve(Element e, Map<String, Element> byId, int depth, ExpansionBudget budget) {
        if (depth > MAX_DEPTH) {
            throw new IllegalArgumentException("multiRef nesting too deep");
        }
        budget.spend();
        String href = e.getAttribute("href");
        if (href.startsWith("#")) {
            Element target = byId.get(href.substring(1));
            if (target != null) {
                e.removeAttribute("href");
                copyAttributes(target, e);
                for (Node c = target.getFirstChild(); c != null; c = c.getNextSibling()) {
                    e.appendChild(c.cloneNode(true));
                }
            }
        }
        List<Element> children = new ArrayList<>();
        for (Node c = e.getFirstChild(); c != null; c = c.getNextSibling()) {
            if (c instanceof Element child) {
                children.add(child);
            }
        }
        for (Element child : children) {
            if (!isMultiRef(child)) {
                resolve(child, byId, depth + 1, budget);
            }
        }
    }

    private static void copyAttributes(Element from, Element to) {
        NamedNodeMap attrs = from.getAttributes();
        for (int i = 0; i < attrs.getLength(); i++) {
            Attr a = (Attr) attrs.item(i);
            if ("id".equals(a.getName()) || SOAPENC.equals(a.getNamespaceURI())) {
                continue;
            }
            to.setAttributeNodeNS((Attr) a.cloneNode(true));
        }
    }

    private static void stripTypes(Element e) {
        e.removeAttributeNS(XSI, "type");
        e.removeAttributeNS(SOAPENC, "root");
        for (Node c = e.getFirstChild(); c != null; c = c.getNextSibling()) {
            if (c instanceof Element child) {
                stripTypes(child);
            }
        }
    }
}
