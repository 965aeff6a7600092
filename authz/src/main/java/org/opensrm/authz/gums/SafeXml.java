package org.opensrm.authz.gums;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.xml.sax.SAXException;

/**
 * The JDK's DOM parser and serializer, hardened: a document with a DOCTYPE is refused outright (so no entity of any
 * kind, internal or external, is ever declared, let alone expanded), external DTDs and schemas are never fetched,
 * XInclude is off, and the JDK's secure-processing limits apply.
 */
final class SafeXml {
    private static final DocumentBuilderFactory FACTORY = factory();

    private SafeXml() {
    }

    private static DocumentBuilderFactory factory() {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setFeature("http://xml.org/sax/features/external-general-entities", false);
            f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            f.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            f.setXIncludeAware(false);
            f.setExpandEntityReferences(false);
            return f;
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK's XML parser cannot be hardened", e);
        }
    }

    static Document newDocument() {
        try {
            return FACTORY.newDocumentBuilder().newDocument();
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** @throws SAXException when the bytes are not well-formed XML or declare a DOCTYPE */
    static Document parse(byte[] xml) throws SAXException {
        try {
            DocumentBuilder builder = FACTORY.newDocumentBuilder();
            builder.setErrorHandler(null);
            builder.setEntityResolver((publicId, systemId) -> {
                throw new SAXException("external entity " + systemId + " refused");
            });
            return builder.parse(new ByteArrayInputStream(xml));
        } catch (ParserConfigurationException | IOException e) {
            throw new SAXException(e.getMessage(), e);
        }
    }

    static byte[] serialize(Document document) {
        try {
            TransformerFactory tf = TransformerFactory.newInstance();
            tf.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            tf.setAttribute(XMLConstants.ACCESS_EXTERNAL_STYLESHEET, "");
            Transformer t = tf.newTransformer();
            t.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
            ByteArrayOutputStream out = new ByteArrayOutputStream(2048);
            t.transform(new DOMSource(document), new StreamResult(out));
            return out.toByteArray();
        } catch (TransformerException e) {
            throw new IllegalStateException("cannot serialize a GUMS query", e);
        }
    }
}
