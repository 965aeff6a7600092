package org.opensrm.server.soap;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** A SOAP 1.1 Client fault for a request the server refuses before it reaches an operation. */
final class ClientFault {
    private ClientFault() {
    }

    static void send(HttpServletResponse resp, String reason) throws IOException {
        byte[] body = ("<?xml version='1.0' encoding='UTF-8'?><S:Envelope xmlns:S=\"http://schemas.xmlsoap.org/soap/envelope/\">"
                + "<S:Body><S:Fault><faultcode>S:Client</faultcode><faultstring>" + escape(reason)
                + "</faultstring></S:Fault></S:Body></S:Envelope>").getBytes(StandardCharsets.UTF_8);
        resp.setStatus(HttpServletResponse.SC_INTERNAL_SERVER_ERROR);
        resp.setContentType("text/xml; charset=utf-8");
        resp.setContentLength(body.length);
        resp.getOutputStream().write(body);
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
