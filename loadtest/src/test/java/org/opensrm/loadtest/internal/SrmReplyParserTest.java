package org.opensrm.loadtest.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class SrmReplyParserTest {
    private static final String ENV = "<?xml version=\"1.0\"?><soapenv:Envelope"
            + " xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\""
            + " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
            + " xmlns:ns1=\"http://srm.lbl.gov/StorageResourceManager\"><soapenv:Body>%s</soapenv:Body>"
            + "</soapenv:Envelope>";
    private final SrmReplyParser parser = new SrmReplyParser();

    private SrmReply parse(String body, boolean statusOnly) {
        return parser.parse(String.format(ENV, body).getBytes(StandardCharsets.UTF_8), statusOnly);
    }

    @Test
    void inlineAnswerWithTokenAndFileStatus() {
        SrmReply reply = parse("<ns1:srmPutDoneResponse><srmPutDoneResponse><returnStatus><explanation>x"
                + "</explanation><statusCode>SRM_FAILURE</statusCode></returnStatus><requestToken>t1</requestToken>"
                + "<arrayOfFileStatuses><statusArray><surl>srm://h/f</surl><status><statusCode>SRM_INVALID_PATH"
                + "</statusCode></status></statusArray></arrayOfFileStatuses></srmPutDoneResponse>"
                + "</ns1:srmPutDoneResponse>", false);
        assertEquals("SRM_FAILURE", reply.requestStatus());
        assertEquals("t1", reply.requestToken());
        assertEquals("SRM_INVALID_PATH", reply.fileStatus());
        assertEquals("SRM_FAILURE/SRM_INVALID_PATH", reply.describe());
    }

    @Test
    void statusOnlyStopsBeforeTheDetails() {
        SrmReply reply = parse("<ns1:srmLsResponse><srmLsResponse><returnStatus><statusCode>SRM_SUCCESS"
                + "</statusCode></returnStatus><details><pathDetail><status><statusCode>SRM_SUCCESS</statusCode>"
                + "</status></pathDetail></details></srmLsResponse></ns1:srmLsResponse>", true);
        assertEquals("SRM_SUCCESS", reply.requestStatus());
        assertNull(reply.fileStatus(), "file statuses are not read");
    }

    @Test
    void axisMultiRefAnswer() {
        SrmReply reply = parse("<ns1:srmPrepareToPutResponse><srmPrepareToPutResponse href=\"#id0\"/>"
                + "</ns1:srmPrepareToPutResponse><multiRef id=\"id0\"><returnStatus href=\"#id1\"/>"
                + "<requestToken>-123</requestToken><arrayOfFileStatuses xsi:nil=\"true\"/></multiRef>"
                + "<multiRef id=\"id1\"><statusCode>SRM_REQUEST_QUEUED</statusCode></multiRef>", false);
        assertEquals("SRM_REQUEST_QUEUED", reply.requestStatus());
        assertEquals("-123", reply.requestToken());
        assertNull(reply.fileStatus());
    }

    @Test
    void faultsAndGarbage() {
        assertTrue(parse("<soapenv:Fault><faultcode>Server</faultcode></soapenv:Fault>", false).fault());
        SrmReply garbage = parser.parse("<html>busy".getBytes(StandardCharsets.UTF_8), false);
        assertNull(garbage.requestStatus());
        assertEquals("MALFORMED", garbage.describe());
    }

    @Test
    void pingVersion() {
        assertEquals("v2.2", parse("<ns1:srmPingResponse><srmPingResponse><versionInfo>v2.2</versionInfo>"
                + "</srmPingResponse></ns1:srmPingResponse>", false).versionInfo());
    }

    @Test
    void aBusyPingIsAFailureThoughItHasAVersion() {
        SrmReply busy = parse("<ns1:srmPingResponse><srmPingResponse><versionInfo>v2.2</versionInfo><otherInfo>"
                + "<extraInfoArray><key>error</key><value>SRM_INTERNAL_ERROR: the server is busy: retry later</value>"
                + "</extraInfoArray></otherInfo></srmPingResponse></ns1:srmPingResponse>", false);
        assertEquals("v2.2", busy.versionInfo());
        assertEquals("SRM_INTERNAL_ERROR", busy.requestStatus());
        SrmReply info = parse("<ns1:srmPingResponse><srmPingResponse><versionInfo>v2.2</versionInfo><otherInfo>"
                + "<extraInfoArray><key>backend_type</key><value>OpenSRM</value></extraInfoArray></otherInfo>"
                + "</srmPingResponse></ns1:srmPingResponse>", false);
        assertNull(info.requestStatus());
    }
}
