package org.opensrm.testkit;

import java.io.ByteArrayInputStream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Attr;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;

/**
 * What an XML element says, whatever prefixes and namespace declarations it was written with: names with their
 * namespaces, attributes, text, in document order. Two writers agree on an element when its shapes are equal.
 */
public final class XmlShape {
    private XmlShape() {
    }

    /** The document element of {@code xml}, read namespace-aware. */
    public static Element parse(byte[] xml) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(xml)).getDocumentElement();
    }

    /** The first element of that local name at or below {@code e}, depth first; null when there is none. */
    public static Element find(Element e, String localName) {
        if (localName.equals(e.getLocalName())) {
            return e;
        }
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element child) {
                Element found = find(child, localName);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    public static String of(Element e) {
        StringBuilder out = new StringBuilder();
        write(e, out);
        return out.toString();
    }

    private static void write(Element e, StringBuilder out) {
        out.append('{').append(e.getNamespaceURI() == null ? "" : e.getNamespaceURI()).append('}')
                .append(e.getLocalName()).append('[');
        NamedNodeMap attributes = e.getAttributes();
        for (int i = 0; i < attributes.getLength(); i++) {
            Attr a = (Attr) attributes.item(i);
            if (!"http://www.w3.org/2000/xmlns/".equals(a.getNamespaceURI())) {
                out.append('{').append(a.getNamespaceURI()).append('}').append(a.getLocalName()).append('=')
                        .append(a.getValue()).append(';');
            }
        }
        out.append("](");
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element child) {
                write(child, out);
            } else if (n.getNodeType() == Node.TEXT_NODE || n.getNodeType() == Node.CDATA_SECTION_NODE) {
                out.append('"').append(n.getNodeValue()).append('"');
            }
        }
        out.append(')');
    }
}
