package org.opensrm.testkit;

import java.nio.charset.StandardCharsets;

/**
 * An SRM request body shaped as gfal2 (gSOAP, rpc/encoded) sends it: the SOAP, encoding, XML Schema and SRM
 * namespaces declared on the envelope, {@code encodingStyle} on the Body, the operation element in the SRM
 * namespace with prefix {@code srm2}, its request element unqualified.
 */
public final class GsoapEnvelope {
    private GsoapEnvelope() {
    }

    /**
     * @param operation e.g. {@code srmLs}
     * @param request   the operation's request element, e.g. {@code <srmLsRequest>...</srmLsRequest>}
     */
    public static byte[] of(String operation, String request) {
        return ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<SOAP-ENV:Envelope xmlns:SOAP-ENV=\"http://schemas.xmlsoap.org/soap/envelope/\""
                + " xmlns:SOAP-ENC=\"http://schemas.xmlsoap.org/soap/encoding/\""
                + " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
                + " xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\""
                + " xmlns:srm2=\"http://srm.lbl.gov/StorageResourceManager\">"
                + "<SOAP-ENV:Body SOAP-ENV:encodingStyle=\"http://schemas.xmlsoap.org/soap/encoding/\">"
                + "<srm2:" + operation + ">" + request + "</srm2:" + operation + ">"
                + "</SOAP-ENV:Body></SOAP-ENV:Envelope>").getBytes(StandardCharsets.UTF_8);
    }

    /** {@code s} escaped for element content. */
    public static String text(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
