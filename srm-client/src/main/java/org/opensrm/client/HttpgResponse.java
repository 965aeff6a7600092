package org.opensrm.client;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/**
 * An HTTP response as read off an httpg connection: status, headers (names compare case-insensitively), the
 * de-chunked body, whether the server asked to close the connection, and XML helpers for SOAP answers.
 */
public final class HttpgResponse {
    private final int status;
    private final String reason;
    /** Name, value, name, value, ... in the order received; a map is made only when asked for. */
    private final List<String> headerFields;
    private final byte[] body;
    private final boolean closeRequested;

    HttpgResponse(int status, String reason, List<String> headerFields, byte[] body, boolean closeRequested) {
        this.status = status;
        this.reason = reason;
        this.headerFields = headerFields;
        this.body = body;
        this.closeRequested = closeRequested;
    }

    public int status() {
        return status;
    }

    public String reason() {
        return reason;
    }

    /** All headers; names compare case-insensitively. */
    public Map<String, List<String>> headers() {
        Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (int i = 0; i < headerFields.size(); i += 2) {
            headers.computeIfAbsent(headerFields.get(i), k -> new ArrayList<>()).add(headerFields.get(i + 1));
        }
        return Collections.unmodifiableMap(headers);
    }

    /** The first value of header {@code name}, or null. */
    public String header(String name) {
        for (int i = 0; i < headerFields.size(); i += 2) {
            if (headerFields.get(i).equalsIgnoreCase(name)) {
                return headerFields.get(i + 1);
            }
        }
        return null;
    }

    /** Whether the server asked to close the connection after this response (or ended the body by closing). */
    public boolean closeRequested() {
        return closeRequested;
    }

    public byte[] body() {
        return body.clone();
    }

    /** The body as a stream, without a copy: for callers that parse every answer (the load tester). */
    public ByteArrayInputStream bodyStream() {
        return new ByteArrayInputStream(body);
    }

    public String bodyText() {
        return new String(body, StandardCharsets.UTF_8);
    }

    /**
     * The body parsed as namespace-aware XML (DOCTYPEs refused).
     *
     * @throws IOException when it is not well-formed XML
     */
    public Document document() throws IOException {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            return f.newDocumentBuilder().parse(new InputSource(new ByteArrayInputStream(body)));
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException("the answer is not well-formed XML: " + e.getMessage(), e);
        }
    }

    /** {@link #document} for tests: a body that is not XML is an {@link IllegalStateException} showing it. */
    public Document xml() {
        try {
            return document();
        } catch (IOException e) {
            if (e.getCause() == null) {
                throw new UncheckedIOException(e);
            }
            throw new IllegalStateException("response body is not well-formed XML: " + e.getMessage() + "\n"
                    + bodyText(), e);
        }
    }

    /**
     * Text of the first element reached by a slash-separated path of local names, namespace-agnostic; the
     * first step matches anywhere in the document, the others are children. E.g.
     * {@code "srmLsResponse/returnStatus/statusCode"}. Null when nothing matches.
     */
    public String text(String localNamePath) {
        List<String> all = texts(localNamePath);
        return all.isEmpty() ? null : all.get(0);
    }

    /** Texts of every element reached by {@code localNamePath} (see {@link #text}), in document order. */
    public List<String> texts(String localNamePath) {
        List<String> result = new ArrayList<>();
        for (Element e : elements(xml(), localNamePath)) {
            result.add(e.getTextContent());
        }
        return result;
    }

    /** Elements reached by a local-name path in {@code doc}; see {@link #text}. */
    public static List<Element> elements(Document doc, String localNamePath) {
        String[] steps = localNamePath.split("/");
        List<Element> current = new ArrayList<>();
        NodeList all = doc.getElementsByTagNameNS("*", steps[0]);
        for (int i = 0; i < all.getLength(); i++) {
            current.add((Element) all.item(i));
        }
        for (int s = 1; s < steps.length; s++) {
            List<Element> next = new ArrayList<>();
            for (Element parent : current) {
                for (Node child = parent.getFirstChild(); child != null; child = child.getNextSibling()) {
                    if (child instanceof Element el && steps[s].equals(localName(el))) {
                        next.add(el);
                    }
                }
            }
            current = next;
        }
        return current;
    }

    private static String localName(Element e) {
        return e.getLocalName() != null ? e.getLocalName() : e.getTagName();
    }

    @Override
    public String toString() {
        return "HTTP " + status + " " + reason + "\n" + bodyText();
    }
}
