package org.opensrm.server.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBElement;
import jakarta.xml.bind.JAXBException;
import jakarta.xml.bind.Marshaller;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;
import org.opensrm.server.soap.gen.ArrayOfString;
import org.opensrm.server.soap.gen.ArrayOfTMetaDataPathDetail;
import org.opensrm.server.soap.gen.SrmLsResponse;
import org.opensrm.server.soap.gen.TGroupPermission;
import org.opensrm.server.soap.gen.TMetaDataPathDetail;
import org.opensrm.server.soap.gen.TRetentionPolicyInfo;
import org.opensrm.server.soap.gen.TReturnStatus;
import org.opensrm.server.soap.gen.TUserPermission;
import org.opensrm.testkit.XmlShape;
import org.w3c.dom.Element;

/** The srmLs answer writer against JAXB, which writes the same generated objects everywhere else. */
class LsAnswerWriterTest {
    private static final String SOAP = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String SRM = "http://srm.lbl.gov/StorageResourceManager";
    /** JAXB's context for the answer, made once for the class (a context is thread-safe, a marshaller not). */
    private static final JAXBContext JAXB = context();

    private static JAXBContext context() {
        try {
            return JAXBContext.newInstance(SrmLsResponse.class);
        } catch (JAXBException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aFullListingIsWrittenAsJaxbWritesIt() throws Exception {
        TMetaDataPathDetail dir = detail("/d", "DIRECTORY", null);
        ArrayOfTMetaDataPathDetail children = new ArrayOfTMetaDataPathDetail();
        children.getPathDetailArray().add(detail("/d/a.dat", "FILE", "0a1b2c3d"));
        children.getPathDetailArray().add(detail("/d/b & <c> \r\n é ☃ 🚀.dat", "FILE", null));
        TMetaDataPathDetail sub = detail("/d/sub", "DIRECTORY", null);
        ArrayOfTMetaDataPathDetail grandChildren = new ArrayOfTMetaDataPathDetail();
        grandChildren.getPathDetailArray().add(detail("/d/sub/x", "FILE", "ffffffff"));
        sub.setArrayOfSubPaths(grandChildren);
        children.getPathDetailArray().add(sub);
        dir.setArrayOfSubPaths(children);
        assertSameAsJaxb(answer("SRM_SUCCESS", null, dir));
    }

    @Test
    void absentFieldsAreLeftOutOrNilAsTheTypesSay() throws Exception {
        TMetaDataPathDetail missing = new TMetaDataPathDetail();
        missing.setPath("/no/such");
        missing.setStatus(status("SRM_INVALID_PATH", "no such file or directory"));
        TMetaDataPathDetail bare = new TMetaDataPathDetail();
        ArrayOfString tokens = new ArrayOfString();
        tokens.getStringArray().addAll(List.of("DATADISK", "TAPE"));
        TMetaDataPathDetail withTokens = detail("/t", "FILE", null);
        withTokens.setArrayOfSpaceTokens(tokens);
        withTokens.setRetentionPolicyInfo(new TRetentionPolicyInfo());
        withTokens.setOwnerPermission(new TUserPermission());
        withTokens.setGroupPermission(new TGroupPermission());
        assertSameAsJaxb(answer("SRM_FAILURE", "all failed: <2> & more", missing, bare, withTokens));
        SrmLsResponse nothing = new SrmLsResponse();
        assertSameAsJaxb(nothing);
        SrmLsResponse refused = new SrmLsResponse();
        refused.setReturnStatus(status("SRM_INTERNAL_ERROR", SoapCalls.BUSY));
        refused.setDetails(new ArrayOfTMetaDataPathDetail());
        assertSameAsJaxb(refused);
    }

    @Test
    void anAsynchronousAnswerWithItsRequestTokenIsWrittenAsJaxbWritesIt() throws Exception {
        SrmLsResponse queued = new SrmLsResponse();
        queued.setReturnStatus(status("SRM_REQUEST_QUEUED", null));
        queued.setRequestToken("ls-7f3a<&>\"token\"");
        assertSameAsJaxb(queued);
        SrmLsResponse inProgress = answer("SRM_REQUEST_INPROGRESS", "listing 2 of 3 SURLs");
        inProgress.setRequestToken("ls-7f3a");
        assertSameAsJaxb(inProgress);
        SrmLsResponse withDetails = answer("SRM_REQUEST_INPROGRESS", null, detail("/d/a.dat", "FILE", null));
        withDetails.setRequestToken("ls-7f3a");
        assertSameAsJaxb(withDetails);
    }

    @Test
    void theEnvelopeIsSoap11WithTheRpcWrapper() throws Exception {
        byte[] written = LsAnswerWriter.write(answer("SRM_SUCCESS", null, detail("/f", "FILE", null)));
        Element envelope = XmlShape.parse(written);
        assertEquals(SOAP, envelope.getNamespaceURI());
        assertEquals("Envelope", envelope.getLocalName());
        Element wrapper = XmlShape.find(envelope, "srmLsResponse");
        assertEquals(SRM, wrapper.getNamespaceURI());
        assertEquals("Body", wrapper.getParentNode().getLocalName());
        assertTrue(new String(written, StandardCharsets.UTF_8).startsWith("<?xml version=\"1.0\" ?>"));
    }

    private static void assertSameAsJaxb(SrmLsResponse r) throws Exception {
        Element part = XmlShape.find(XmlShape.find(XmlShape.parse(LsAnswerWriter.write(r)), "srmLsResponse"),
                "srmLsResponse");
        Element innerPart = (Element) part.getElementsByTagNameNS("", "srmLsResponse").item(0);
        Marshaller m = JAXB.createMarshaller();
        ByteArrayOutputStream jaxb = new ByteArrayOutputStream();
        m.marshal(new JAXBElement<>(new QName("", "srmLsResponse"), SrmLsResponse.class, r), jaxb);
        assertEquals(XmlShape.of(XmlShape.parse(jaxb.toByteArray())), XmlShape.of(innerPart),
                () -> "JAXB: " + jaxb.toString(StandardCharsets.UTF_8));
    }

    private static SrmLsResponse answer(String code, String explanation, TMetaDataPathDetail... details) {
        SrmLsResponse r = new SrmLsResponse();
        r.setReturnStatus(status(code, explanation));
        ArrayOfTMetaDataPathDetail a = new ArrayOfTMetaDataPathDetail();
        a.getPathDetailArray().addAll(List.of(details));
        r.setDetails(a);
        return r;
    }

    private static TReturnStatus status(String code, String explanation) {
        TReturnStatus s = new TReturnStatus();
        s.setStatusCode(code);
        s.setExplanation(explanation);
        return s;
    }

    private static TMetaDataPathDetail detail(String path, String type, String adler32) {
        TMetaDataPathDetail t = new TMetaDataPathDetail();
        t.setPath(path);
        t.setStatus(status("SRM_SUCCESS", null));
        t.setType(type);
        t.setSize(type.equals("FILE") ? new BigInteger("18446744073709551615") : BigInteger.ZERO);
        t.setCreatedAtTime(Instant.parse("2026-11-24T09:05:03.042Z"));
        t.setLastModificationTime(Instant.parse("1999-12-31T23:59:59.999Z"));
        t.setFileLocality(type.equals("FILE") ? "ONLINE" : "NONE");
        t.setFileStorageType("PERMANENT");
        t.setLifetimeAssigned(-1);
        t.setLifetimeLeft(-1);
        TRetentionPolicyInfo retention = new TRetentionPolicyInfo();
        retention.setRetentionPolicy("REPLICA");
        retention.setAccessLatency("ONLINE");
        t.setRetentionPolicyInfo(retention);
        TUserPermission owner = new TUserPermission();
        owner.setUserID("srmuser1");
        owner.setMode("RW");
        t.setOwnerPermission(owner);
        TGroupPermission group = new TGroupPermission();
        group.setGroupID("srm & co");
        group.setMode("R");
        t.setGroupPermission(group);
        t.setOtherPermission("NONE");
        if (adler32 != null) {
            t.setCheckSumType("adler32");
            t.setCheckSumValue(adler32);
        }
        return t;
    }
}
