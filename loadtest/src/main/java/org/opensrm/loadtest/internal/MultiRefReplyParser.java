package org.opensrm.loadtest.internal;

import java.io.InputStream;
import java.util.HashMap;
import java.util.Map;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;

import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Reads Axis-1 style multi-reference answers, where a value may be an empty element with {@code href="#id"}
 * pointing at a {@code <multiRef id="id">} sibling further down the Body. Rare and slow path; plain DOM.
 */
final class MultiRefReplyParser {
    private final Map<String, Element> byId = new HashMap<>();

    SrmReply parse(InputStream body) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            DocumentBuilder builder = factory.newDocumentBuilder();
            Element envelope = builder.parse(body).getDocumentElement();
            Element soapBody = child(envelope, "Body");
            if (soapBody == null) {
                return SrmReply.MALFORMED;
            }
            for (Element e = firstElement(soapBody); e != null; e = nextElement(e)) {
                if (e.hasAttribute("id")) {
                    byId.put(e.getAttribute("id"), e);
                }
            }
            Element wrapper = firstElement(soapBody);
            if (wrapper == null) {
                return SrmReply.MALFORMED;
            }
            if (wrapper.getLocalName().equals("Fault")) {
                return new SrmReply(null, null, null, null, true);
            }
            Element part = follow(firstElement(wrapper));
            if (part == null) {
                return SrmReply.MALFORMED;
            }
            Element fileStatus = child(child(child(part, "arrayOfFileStatuses"), "statusArray"), "status");
            return new SrmReply(text(child(child(part, "returnStatus"), "statusCode")),
                    text(child(part, "requestToken")), text(child(fileStatus, "statusCode")),
                    text(child(part, "versionInfo")), false);
        } catch (Exception e) {
            return SrmReply.MALFORMED;
        }
    }

    private Element follow(Element e) {
        if (e != null && e.hasAttribute("href") && e.getAttribute("href").startsWith("#")) {
            return byId.get(e.getAttribute("href").substring(1));
        }
        return e;
    }

    private Element child(Element parent, String localName) {
        if (parent == null) {
            return null;
        }
        for (Element e = firstElement(parent); e != null; e = nextElement(e)) {
            if (localName.equals(e.getLocalName())) {
                return follow(e);
            }
        }
        return null;
    }

    private static String text(Element e) {
        if (e == null || "true".equals(e.getAttributeNS(XMLConstants.W3C_XML_SCHEMA_INSTANCE_NS_URI, "nil"))) {
            return null;
        }
        return e.getTextContent().trim();
    }

    private static Element firstElement(Node parent) {
        Node n = parent.getFirstChild();
        while (n != null && n.getNodeType() != Node.ELEMENT_NODE) {
            n = n.getNextSibling();
        }
        return (Element) n;
    }

    private static Element nextElement(Node node) {
        Node n = node.getNextSibling();
        while (n != null && n.getNodeType() != Node.ELEMENT_NODE) {
            n = n.getNextSibling();
        }
        return (Element) n;
    }
}
