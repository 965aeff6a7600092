package org.opensrm.server.soap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBElement;
import jakarta.xml.bind.JAXBException;
import jakarta.xml.bind.Marshaller;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;
import org.opensrm.server.soap.gen.ArrayOfTExtraInfo;
import org.opensrm.server.soap.gen.ArrayOfTGetRequestFileStatus;
import org.opensrm.server.soap.gen.ArrayOfTSURLReturnStatus;
import org.opensrm.server.soap.gen.SrmPrepareToGetResponse;
import org.opensrm.server.soap.gen.SrmReleaseFilesResponse;
import org.opensrm.server.soap.gen.SrmStatusOfGetRequestResponse;
import org.opensrm.server.soap.gen.TExtraInfo;
import org.opensrm.server.soap.gen.TGetRequestFileStatus;
import org.opensrm.server.soap.gen.TReturnStatus;
import org.opensrm.server.soap.gen.TSURLReturnStatus;
import org.opensrm.testkit.XmlShape;
import org.w3c.dom.Element;

/** The get cycle's answer writer against JAXB, which writes the same generated objects everywhere else. */
class GetAnswerWriterTest {
    private static final String SURL = "srm://localhost:8443/srm/managerv2?SFN=/alice/a & <b>.dat";
    /** One JAXB context for the three answers, made once (a context is thread-safe, a marshaller is not). */
    private static final JAXBContext JAXB = context();

    private static JAXBContext context() {
        try {
            return JAXBContext.newInstance(SrmPrepareToGetResponse.class, SrmStatusOfGetRequestResponse.class,
                    SrmReleaseFilesResponse.class);
        } catch (JAXBException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aPrepareToGetAnswerIsWrittenAsJaxbWritesIt() throws Exception {
        SrmPrepareToGetResponse r = new SrmPrepareToGetResponse();
        r.setReturnStatus(status("SRM_PARTIAL_SUCCESS", "1 of 3 files failed: <no such file> & more"));
        r.setRequestToken("9f1c0d2e-token");
        r.setRemainingTotalRequestTime(86399);
        r.setArrayOfFileStatuses(files(pinned(), queued(), failed(), new TGetRequestFileStatus(), null));
        assertSame(r, GetAnswerWriter.write(r), "srmPrepareToGetResponse", SrmPrepareToGetResponse.class);
        SrmPrepareToGetResponse refused = new SrmPrepareToGetResponse();
        refused.setReturnStatus(status("SRM_INVALID_REQUEST", "arrayOfFileRequests is empty"));
        assertSame(refused, GetAnswerWriter.write(refused), "srmPrepareToGetResponse",
                SrmPrepareToGetResponse.class);
        SrmPrepareToGetResponse empty = new SrmPrepareToGetResponse();
        empty.setArrayOfFileStatuses(new ArrayOfTGetRequestFileStatus());
        assertSame(empty, GetAnswerWriter.write(empty), "srmPrepareToGetResponse", SrmPrepareToGetResponse.class);
    }

    @Test
    void aStatusOfGetRequestAnswerIsWrittenAsJaxbWritesIt() throws Exception {
        SrmStatusOfGetRequestResponse r = new SrmStatusOfGetRequestResponse();
        r.setReturnStatus(status("SRM_SUCCESS", null));
        r.setRemainingTotalRequestTime(0);
        TGetRequestFileStatus withInfo = pinned();
        ArrayOfTExtraInfo info = new ArrayOfTExtraInfo();
        TExtraInfo both = new TExtraInfo();
        both.setKey("é ☃ key");
        both.setValue("v\r\n<1>");
        TExtraInfo noValue = new TExtraInfo();
        noValue.setKey("k");
        info.getExtraInfoArray().add(both);
        info.getExtraInfoArray().add(noValue);
        info.getExtraInfoArray().add(null);
        withInfo.setTransferProtocolInfo(info);
        r.setArrayOfFileStatuses(files(withInfo, pinned()));
        assertSame(r, GetAnswerWriter.write(r), "srmStatusOfGetRequestResponse", SrmStatusOfGetRequestResponse.class);
        SrmStatusOfGetRequestResponse unknown = new SrmStatusOfGetRequestResponse();
        unknown.setReturnStatus(status("SRM_INVALID_REQUEST", "unknown request token"));
        assertSame(unknown, GetAnswerWriter.write(unknown), "srmStatusOfGetRequestResponse",
                SrmStatusOfGetRequestResponse.class);
        assertSame(new SrmStatusOfGetRequestResponse(), GetAnswerWriter.write(new SrmStatusOfGetRequestResponse()),
                "srmStatusOfGetRequestResponse", SrmStatusOfGetRequestResponse.class);
    }

    @Test
    void aReleaseFilesAnswerIsWrittenAsJaxbWritesIt() throws Exception {
        SrmReleaseFilesResponse r = new SrmReleaseFilesResponse();
        r.setReturnStatus(status("SRM_PARTIAL_SUCCESS", null));
        ArrayOfTSURLReturnStatus a = new ArrayOfTSURLReturnStatus();
        a.getStatusArray().add(surl(SURL, status("SRM_SUCCESS", null)));
        a.getStatusArray().add(surl("srm://h/x", status("SRM_INVALID_PATH", "srm://h/x is not part of this request")));
        a.getStatusArray().add(new TSURLReturnStatus());
        a.getStatusArray().add(null);
        r.setArrayOfFileStatuses(a);
        assertSame(r, GetAnswerWriter.write(r), "srmReleaseFilesResponse", SrmReleaseFilesResponse.class);
        SrmReleaseFilesResponse busy = new SrmReleaseFilesResponse();
        busy.setReturnStatus(status("SRM_INTERNAL_ERROR", SoapCalls.BUSY));
        assertSame(busy, GetAnswerWriter.write(busy), "srmReleaseFilesResponse", SrmReleaseFilesResponse.class);
    }

    @Test
    void theEnvelopeIsTheOneJaxWsWritesAroundTheOperationsPart() {
        SrmReleaseFilesResponse r = new SrmReleaseFilesResponse();
        r.setReturnStatus(status("SRM_SUCCESS", null));
        assertArrayEquals(("<?xml version=\"1.0\" ?><S:Envelope xmlns:S=\"http://schemas.xmlsoap.org/soap/envelope/\">"
                + "<S:Body><ns2:srmReleaseFilesResponse xmlns:ns2=\"http://srm.lbl.gov/StorageResourceManager\">"
                + "<srmReleaseFilesResponse><returnStatus><statusCode>SRM_SUCCESS</statusCode></returnStatus>"
                + "<arrayOfFileStatuses xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:nil=\"true\"/>"
                + "</srmReleaseFilesResponse></ns2:srmReleaseFilesResponse></S:Body></S:Envelope>")
                .getBytes(StandardCharsets.UTF_8), GetAnswerWriter.write(r));
    }

    /** The part inside the envelope written, against JAXB's marshalling of the same object under the same name. */
    private static <T> void assertSame(T answer, byte[] written, String part, Class<T> type) throws Exception {
        Element wrapper = XmlShape.find(XmlShape.parse(written), part);
        Element inner = (Element) wrapper.getElementsByTagNameNS("", part).item(0);
        Marshaller m = JAXB.createMarshaller();
        ByteArrayOutputStream jaxb = new ByteArrayOutputStream();
        m.marshal(new JAXBElement<>(new QName("", part), type, answer), jaxb);
        assertEquals(XmlShape.of(XmlShape.parse(jaxb.toByteArray())), XmlShape.of(inner),
                () -> "JAXB: " + jaxb.toString(StandardCharsets.UTF_8));
    }

    private static ArrayOfTGetRequestFileStatus files(TGetRequestFileStatus... files) {
        ArrayOfTGetRequestFileStatus a = new ArrayOfTGetRequestFileStatus();
        a.getStatusArray().addAll(java.util.Arrays.asList(files));
        return a;
    }

    private static TGetRequestFileStatus pinned() {
        TGetRequestFileStatus f = new TGetRequestFileStatus();
        f.setSourceSURL(SURL);
        f.setStatus(status("SRM_FILE_PINNED", null));
        f.setFileSize(new BigInteger("18446744073709551615"));
        f.setEstimatedWaitTime(0);
        f.setRemainingPinTime(3600);
        f.setTransferURL("gsiftp://door1.example:2811/alice/a%20&%20<b>.dat");
        return f;
    }

    private static TGetRequestFileStatus queued() {
        TGetRequestFileStatus f = new TGetRequestFileStatus();
        f.setSourceSURL("srm://localhost/alice/é ☃ 🚀.dat");
        f.setStatus(status("SRM_REQUEST_QUEUED", null));
        f.setEstimatedWaitTime(1);
        return f;
    }

    private static TGetRequestFileStatus failed() {
        TGetRequestFileStatus f = new TGetRequestFileStatus();
        f.setSourceSURL("srm://localhost/bob/x");
        f.setStatus(status("SRM_AUTHORIZATION_FAILURE", "permission denied\r\n"));
        f.setFileSize(BigInteger.ZERO);
        return f;
    }

    private static TSURLReturnStatus surl(String surl, TReturnStatus status) {
        TSURLReturnStatus s = new TSURLReturnStatus();
        s.setSurl(surl);
        s.setStatus(status);
        return s;
    }

    private static TReturnStatus status(String code, String explanation) {
        TReturnStatus s = new TReturnStatus();
        s.setStatusCode(code);
        s.setExplanation(explanation);
        return s;
    }
}
