package org.opensrm.loadtest.internal;

/**
 * One SOAP request: the operation name (for reports), the SOAPAction header value gfal2 sends, and the envelope.
 */
public record SoapCall(String operation, String soapAction, String body) {
}
