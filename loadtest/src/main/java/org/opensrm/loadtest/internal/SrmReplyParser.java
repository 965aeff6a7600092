package org.opensrm.loadtest.internal;

import java.io.ByteArrayInputStream;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Pulls the status fields out of SRM answers with a streaming parse that stops as early as it can (a listing of a
 * thousand entries is not walked when only the request status is wanted). Inline answers (gSOAP, JAX-WS) are read
 * in the stream; multi-reference answers (Axis 1: {@code href="#id0"}) go to {@link MultiRefReplyParser}.
 * Not thread-safe: one per client.
 */
public final class SrmReplyParser {
    private final XMLInputFactory factory;

    public SrmReplyParser() {
        factory = XMLInputFactory.newFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
    }

    /**
     * @param requestStatusOnly stop reading as soon as the request-level status is known
     * @return the fields found; {@link SrmReply#MALFORMED} when the body is not XML
     */
    public SrmReply parse(byte[] body, boolean requestStatusOnly) {
        return parse(new ByteArrayInputStream(body), requestStatusOnly);
    }

    /** {@link #parse(byte[], boolean)} of a body read from its start (reset for the multi-reference path). */
    public SrmReply parse(ByteArrayInputStream body, boolean requestStatusOnly) {
        try {
            return stream(body, requestStatusOnly);
        } catch (XMLStreamException | RuntimeException e) {
            return SrmReply.MALFORMED;
        }
    }

    private SrmReply stream(ByteArrayInputStream body, boolean requestStatusOnly) throws XMLStreamException {
        XMLStreamReader xml = factory.createXMLStreamReader(body);
        try {
            String[] path = new String[64];
            int depth = 0;
            String requestStatus = null;
            String token = null;
            String fileStatus = null;
            String version = null;
            boolean fault = false;
            boolean errorKey = false;
            while (xml.hasNext()) {
                int event = xml.next();
                if (event == XMLStreamConstants.END_ELEMENT) {
                    depth--;
                    if (requestStatusOnly && requestStatus != null) {
                        break;
                    }
                    continue;
                }
                if (event != XMLStreamConstants.START_ELEMENT) {
                    continue;
                }
                String name = xml.getLocalName();
                String parent = depth > 0 ? path[depth - 1] : "";
                String grandParent = depth > 1 ? path[depth - 2] : "";
                if (depth < path.length) {
                    path[depth] = name;
                }
                depth++;
                if (depth <= 5 && xml.getAttributeValue(null, "href") != null) {
                    body.reset();
                    return new MultiRefReplyParser().parse(body);
                }
                if (depth == 3 && name.equals("Fault")) {
                    fault = true;
                } else if (name.equals("statusCode") && parent.equals("returnStatus")
                        && grandParent.endsWith("Response") && requestStatus == null) {
                    requestStatus = text(xml);
                    depth--;
                } else if (name.equals("requestToken") && parent.endsWith("Response") && token == null) {
                    token = text(xml);
                    depth--;
                } else if (name.equals("versionInfo") && parent.endsWith("Response") && version == null) {
                    version = text(xml);
                    depth--;
                } else if (name.equals("key") && parent.equals("extraInfoArray") && grandParent.equals("otherInfo")) {
                    errorKey = "error".equals(text(xml)); // srmPing tells a failure here: key error, "CODE: why"
                    depth--;
                } else if (name.equals("value") && parent.equals("extraInfoArray") && errorKey && requestStatus == null) {
                    String value = String.valueOf(text(xml));
                    int colon = value.indexOf(':');
                    requestStatus = (colon < 0 ? value : value.substring(0, colon)).trim();
                    errorKey = false;
                    depth--;
                } else if (name.equals("statusCode") && parent.equals("status") && fileStatus == null) {
                    fileStatus = text(xml);
                    depth--;
                }
            }
            return new SrmReply(requestStatus, token, fileStatus, version, fault);
        } finally {
            xml.close();
        }
    }

    /** Reads an element's text and leaves the reader on its end tag. */
    private static String text(XMLStreamReader xml) throws XMLStreamException {
        String nil = xml.getAttributeValue("http://www.w3.org/2001/XMLSchema-instance", "nil");
        String text = xml.getElementText().trim();
        return "true".equals(nil) ? null : text;
    }
}
