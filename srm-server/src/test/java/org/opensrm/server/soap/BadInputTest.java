package org.opensrm.server.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opensrm.client.HttpgConnection;
import org.opensrm.client.HttpgResponse;

/**
 * Bad and borderline input against the real composition ({@link org.opensrm.server.SrmServer} with the POSIX
 * backend): every answer is an SRM status (HTTP 200) or a SOAP fault with a reason (HTTP 500), except the
 * oversized body (HTTP 413), and none shows Java internals. The site is the one the SOAP classes share
 * ({@link SharedSrmSite}); {@link TimesInAnswersTest} has the answers' times in another default time zone.
 */
@org.junit.jupiter.api.extension.ExtendWith(SharedSrmSite.class)
class BadInputTest {
    private static final String SRM = "http://srm.lbl.gov/StorageResourceManager";
    private static final Map<String, String> GFAL2_HEADERS = Map.of(
            "Content-Type", "text/xml; charset=utf-8", "SOAPAction", "\"Ls\"",
            "User-Agent", "gfal2-util/1.8.0 gfal2/2.21.3 srm-ifce/1.24.6 gSOAP/2.8");

    static RealSrmSite site;

    @BeforeAll
    static void start(RealSrmSite shared) {
        site = shared;
    }

    /** A gSOAP-shaped envelope around {@code operation} (an element in the SRM namespace, prefix srm2). */
    private static String envelope(String operation) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<SOAP-ENV:Envelope"
                + " xmlns:SOAP-ENV=\"http://schemas.xmlsoap.org/soap/envelope/\""
                + " xmlns:SOAP-ENC=\"http://schemas.xmlsoap.org/soap/encoding/\""
                + " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
                + " xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\" xmlns:srm2=\"" + SRM + "\">"
                + "<SOAP-ENV:Body SOAP-ENV:encodingStyle=\"http://schemas.xmlsoap.org/soap/encoding/\">"
                + operation + "</SOAP-ENV:Body></SOAP-ENV:Envelope>";
    }

    private static HttpgResponse post(String body) throws Exception {
        return post(body.getBytes(StandardCharsets.UTF_8));
    }

    private static HttpgResponse post(byte[] body) throws Exception {
        return site.client().post("127.0.0.1", site.port(), "/srm/managerv2", GFAL2_HEADERS, body);
    }

    private static String ls(String surl, String extra) {
        return "<srm2:srmLs><srmLsRequest><arrayOfSURLs><urlArray>" + surl + "</urlArray></arrayOfSURLs>"
                + extra + "<fullDetailedList>true</fullDetailedList><numOfLevels>0</numOfLevels>"
                + "</srmLsRequest></srm2:srmLs>";
    }

    private static Path ownedFile(String name, String mode) throws Exception {
        Path file = site.root().resolve(name);
        Files.writeString(file, "payload of " + name);
        UserPrincipalLookupService users = file.getFileSystem().getUserPrincipalLookupService();
        Files.setOwner(file, users.lookupPrincipalByName(RealSrmSite.ACCOUNT));
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(mode));
        return file;
    }

    @Test
    void truncatedXmlIsAFaultWithAReason() throws Exception {
        String whole = envelope(ls("srm://127.0.0.1/x", ""));
        HttpgResponse r = post(whole.substring(0, whole.indexOf("</urlArray>")));
        SoapAnswers.assertFault(r);
        SoapAnswers.assertNoJavaInternals(r);
        assertTrue(r.text("Fault/faultstring").contains("urlArray"), r::toString);
    }

    @Test
    void mismatchedEndTagIsAFaultWithAReason() throws Exception {
        HttpgResponse r = post(envelope(ls("srm://127.0.0.1/x", "")).replace("</arrayOfSURLs>", "</arrayOfSurls>"));
        SoapAnswers.assertFault(r);
        SoapAnswers.assertNoJavaInternals(r);
        assertTrue(r.text("Fault/faultstring").contains("arrayOfSurls"), r::toString);
    }

    @Test
    void envelopeMissingItsLastEndTagsGetsAnAnswer() throws Exception {
        HttpgResponse r = post(envelope(ls("srm://127.0.0.1/x", "")).replace("</SOAP-ENV:Body></SOAP-ENV:Envelope>", ""));
        SoapAnswers.assertStatusOrFault(r);
    }

    static List<String> hostileBodies() {
        String ls = ls("srm://127.0.0.1/x", "");
        return List.of(
                envelope(ls.replace("srm2:srmLs", "srm9:srmLs")),
                envelope(ls.replace("<numOfLevels>0<", "<numOfLevels>99999999999<")),
                envelope(ls.replace("<fullDetailedList>true<", "<fullDetailedList>maybe<")),
                envelope(ls.replace("<numOfLevels>0</numOfLevels>", "<numOfLevels><b>0</b></numOfLevels>")),
                envelope(ls.replace("<numOfLevels>", "<unknownField>x</unknownField><numOfLevels>")),
                envelope("<srm2:srmLs>just text</srm2:srmLs>"),
                envelope(ls + ls),
                envelope("<srm2:srmPrepareToPut><srmPrepareToPutRequest><arrayOfFileRequests><requestArray>"
                        + "<targetSURL>srm://127.0.0.1/neg</targetSURL><expectedFileSize>-5</expectedFileSize>"
                        + "</requestArray></arrayOfFileRequests></srmPrepareToPutRequest></srm2:srmPrepareToPut>"),
                envelope(ls).replace("<SOAP-ENV:Body", "<SOAP-ENV:Header><h:x xmlns:h=\"urn:h\" "
                        + "SOAP-ENV:mustUnderstand=\"1\">1</h:x></SOAP-ENV:Header><SOAP-ENV:Body"),
                "<SOAP-ENV:Envelope xmlns:SOAP-ENV=\"http://schemas.xmlsoap.org/soap/envelope/\"/>",
                "<notSoap/>",
                envelope(ls).replace("srm://127.0.0.1/x", "srm://127.0.0.1/\u00e9\u0000"),
                envelope(ls).replace("srm://127.0.0.1/x", "srm://127.0.0.1/&unknown;"),
                envelope(ls).replace("srm://127.0.0.1/x", "srm://127.0.0.1/<![CDATA[x]]>"));
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("hostileBodies")
    void hostileBodyGetsAStatusOrAFault(String body) throws Exception {
        SoapAnswers.assertStatusOrFault(post(body));
    }

    @Test
    void invalidUtf8GetsAStatusOrAFault() throws Exception {
        byte[] good = envelope(ls("srm://127.0.0.1/ZZ", "")).getBytes(StandardCharsets.UTF_8);
        String text = new String(good, StandardCharsets.ISO_8859_1);
        int at = text.indexOf("ZZ");
        good[at] = (byte) 0xC3;
        good[at + 1] = (byte) 0x28;
        SoapAnswers.assertStatusOrFault(post(good));
    }

    @Test
    void exponentialMultiRefExpansionIsRefusedQuickly() {
        // ~2 KB of references to references; resolved naively they would expand to 4^24 elements
        StringBuilder refs = new StringBuilder("<srm2:srmLs><srmLsRequest href=\"#m0\"/></srm2:srmLs>");
        int levels = 24;
        for (int i = 0; i < levels; i++) {
            refs.append("<multiRef id=\"m").append(i).append("\">");
            for (int j = 0; j < 4; j++) {
                refs.append("<arrayOfSURLs href=\"#m").append(i + 1).append("\"/>");
            }
            refs.append("</multiRef>");
        }
        refs.append("<multiRef id=\"m").append(levels).append("\">srm://127.0.0.1/x</multiRef>");
        HttpgResponse r = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> post(envelope(refs.toString())));
        SoapAnswers.assertStatusOrFault(r);
    }

    @Test
    void deeplyNestedEncodedBodyGetsAnAnswer() {
        StringBuilder deep = new StringBuilder("<srm2:srmLs><srmLsRequest href=\"#d\"/></srm2:srmLs><multiRef id=\"d\">");
        deep.append("<x>".repeat(20_000)).append("</x>".repeat(20_000)).append("</multiRef>");
        HttpgResponse r = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> post(envelope(deep.toString())));
        SoapAnswers.assertStatusOrFault(r);
    }

    @Test
    void notXmlAtAllIsAFaultWithAReason() throws Exception {
        HttpgResponse r = post("0POST this is not xml\u0000\u00ff");
        SoapAnswers.assertFault(r);
        SoapAnswers.assertNoJavaInternals(r);
    }

    @Test
    void unknownOperationIsAFaultWithAReason() throws Exception {
        HttpgResponse r = post(envelope("<srm2:srmFrobnicate><srmFrobnicateRequest/></srm2:srmFrobnicate>"));
        SoapAnswers.assertFault(r);
        SoapAnswers.assertNoJavaInternals(r);
    }

    @Test
    void emptyBodyIsAFaultWithAReason() throws Exception {
        HttpgResponse r = post(new byte[0]);
        SoapAnswers.assertFault(r);
        SoapAnswers.assertNoJavaInternals(r);
    }

    @Test
    void emptySoapBodyIsAFaultWithAReason() throws Exception {
        HttpgResponse r = post(envelope(""));
        SoapAnswers.assertFault(r);
        SoapAnswers.assertNoJavaInternals(r);
    }

    @Test
    void operationInAnotherNamespaceIsAFaultWithAReason() throws Exception {
        HttpgResponse r = post(envelope(ls("srm://127.0.0.1/x", "").replace("srm2:", "w:")
                .replace("<w:srmLs>", "<w:srmLs xmlns:w=\"urn:not-srm\">")));
        SoapAnswers.assertFault(r);
        SoapAnswers.assertNoJavaInternals(r);
    }

    @Test
    void soap12EnvelopeIsRefusedWithAReason() throws Exception {
        String body = envelope(ls("srm://127.0.0.1/x", ""))
                .replace("http://schemas.xmlsoap.org/soap/envelope/", "http://www.w3.org/2003/05/soap-envelope");
        HttpgResponse r = post(body);
        SoapAnswers.assertStatusOrFault(r);
    }

    @Test
    void bodyOverEightMebibytesDeclaredUpFrontIs413() throws Exception {
        long length = 8L * 1024 * 1024 + 1;
        try (HttpgConnection c = site.client().keepAlive("127.0.0.1", site.port())) {
            c.sendRaw(("POST /srm/managerv2 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/xml\r\n"
                    + "SOAPAction: \"Ls\"\r\nContent-Length: " + length + "\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            HttpgResponse r = c.readResponse(false);
            assertEquals(413, r.status(), r::toString);
            SoapAnswers.assertNoJavaInternals(r);
        }
    }

    @Test
    void chunkedBodyOverEightMebibytesIs413() throws Exception {
        byte[] chunk = new byte[1024 * 1024];
        java.util.Arrays.fill(chunk, (byte) ' ');
        try (HttpgConnection c = site.client().keepAlive("127.0.0.1", site.port())) {
            c.sendRaw(("POST /srm/managerv2 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/xml\r\n"
                    + "SOAPAction: \"Ls\"\r\nTransfer-Encoding: chunked\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            ByteArrayOutputStream framed = new ByteArrayOutputStream();
            framed.write((Integer.toHexString(chunk.length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
            framed.write(chunk);
            framed.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
            byte[] oneChunk = framed.toByteArray();
            for (int i = 0; i < 9; i++) {
                c.sendRaw(oneChunk);
            }
            c.sendRaw("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            HttpgResponse r = c.readResponse(false);
            assertEquals(413, r.status(), r::toString);
            SoapAnswers.assertNoJavaInternals(r);
        }
    }

    @Test
    void bodyOfExactlyTheLimitIsStillServed() throws Exception {
        String xml = envelope(ls("srm://127.0.0.1/none", ""));
        int limit = 8 * 1024 * 1024;
        byte[] body = new byte[limit];
        byte[] start = xml.getBytes(StandardCharsets.UTF_8);
        System.arraycopy(start, 0, body, 0, start.length);
        java.util.Arrays.fill(body, start.length, limit, (byte) ' ');
        HttpgResponse r = post(body);
        assertEquals(200, r.status(), r::toString);
        SoapAnswers.assertStatusOrFault(r);
    }

    @Test
    void aNameOf300CharactersIsAnInvalidPath() throws Exception {
        String name = "n".repeat(300);
        HttpgResponse mkdir = post(envelope("<srm2:srmMkdir><srmMkdirRequest><SURL>srm://127.0.0.1/" + name
                + "</SURL></srmMkdirRequest></srm2:srmMkdir>"));
        assertEquals("SRM_INVALID_PATH", mkdir.text("srmMkdirResponse/returnStatus/statusCode"), mkdir::toString);
        assertTrue(mkdir.text("srmMkdirResponse/returnStatus/explanation").contains("longer than 255 bytes"),
                mkdir::toString);
        HttpgResponse ls = post(envelope(ls("srm://127.0.0.1/" + name, "")));
        assertEquals("SRM_INVALID_PATH", ls.text("srmLsResponse/details/pathDetailArray/status/statusCode"),
                ls::toString);
    }

    @Test
    void surlOfAnotherHostIsInvalidPath() throws Exception {
        HttpgResponse ls = post(envelope(ls("srm://elsewhere.example.org/data/x", "")));
        SoapAnswers.assertStatusOrFault(ls);
        assertEquals(200, ls.status());
        assertTrue(ls.texts("statusCode").contains("SRM_INVALID_PATH"), ls::toString);
        assertTrue(ls.bodyText().contains("elsewhere.example.org"), ls::toString);

        HttpgResponse mkdir = post(envelope("<srm2:srmMkdir><srmMkdirRequest>"
                + "<SURL>srm://elsewhere.example.org:8443/srm/managerv2?SFN=/data/d</SURL>"
                + "</srmMkdirRequest></srm2:srmMkdir>"));
        SoapAnswers.assertStatusOrFault(mkdir);
        assertEquals("SRM_INVALID_PATH", mkdir.text("srmMkdirResponse/returnStatus/statusCode"), mkdir::toString);
    }

    @Test
    void badEnumerationValueIsInvalidRequestNamingTheField() throws Exception {
        HttpgResponse ls = post(envelope(ls("srm://127.0.0.1/x", "<fileStorageType>PERMANENTLY</fileStorageType>")));
        SoapAnswers.assertStatusOrFault(ls);
        assertEquals("SRM_INVALID_REQUEST", ls.text("srmLsResponse/returnStatus/statusCode"), ls::toString);
        assertTrue(ls.text("srmLsResponse/returnStatus/explanation").contains("fileStorageType"), ls::toString);

        HttpgResponse put = post(envelope("<srm2:srmPrepareToPut><srmPrepareToPutRequest><arrayOfFileRequests>"
                + "<requestArray><targetSURL>srm://127.0.0.1/up.bin</targetSURL></requestArray>"
                + "</arrayOfFileRequests><overwriteOption>SOMETIMES</overwriteOption>"
                + "</srmPrepareToPutRequest></srm2:srmPrepareToPut>"));
        SoapAnswers.assertStatusOrFault(put);
        assertEquals("SRM_INVALID_REQUEST", put.text("srmPrepareToPutResponse/returnStatus/statusCode"),
                put::toString);
        assertTrue(put.text("srmPrepareToPutResponse/returnStatus/explanation").contains("overwriteOption"),
                put::toString);

        HttpgResponse perm = post(envelope("<srm2:srmSetPermission><srmSetPermissionRequest>"
                + "<SURL>srm://127.0.0.1/x</SURL><permissionType>CHANGE</permissionType>"
                + "<ownerPermission>READWRITE</ownerPermission></srmSetPermissionRequest></srm2:srmSetPermission>"));
        SoapAnswers.assertStatusOrFault(perm);
        assertEquals("SRM_INVALID_REQUEST", perm.text("srmSetPermissionResponse/returnStatus/statusCode"),
                perm::toString);
        assertTrue(perm.text("srmSetPermissionResponse/returnStatus/explanation").contains("ownerPermission"),
                perm::toString);
    }

    @Test
    void valueOfTheWrongXmlTypeIsAFaultNamingTheField() throws Exception {
        HttpgResponse r = post(envelope(ls("srm://127.0.0.1/x", "").replace("<numOfLevels>0<", "<numOfLevels>many<")));
        SoapAnswers.assertFault(r);
        SoapAnswers.assertNoJavaInternals(r);
        assertTrue(r.text("Fault/faultstring").contains("numOfLevels: 'many' is not a valid xsd:int"), r::toString);
        HttpgResponse size = post(envelope("<srm2:srmPrepareToPut><srmPrepareToPutRequest><arrayOfFileRequests>"
                + "<requestArray><targetSURL>srm://127.0.0.1/y</targetSURL><expectedFileSize>-5</expectedFileSize>"
                + "</requestArray></arrayOfFileRequests></srmPrepareToPutRequest></srm2:srmPrepareToPut>"));
        SoapAnswers.assertFault(size);
        assertTrue(size.text("Fault/faultstring").contains("expectedFileSize"), size::toString);
        HttpgResponse flag = post(envelope(ls("srm://127.0.0.1/x", "").replace("<fullDetailedList>true<",
                "<fullDetailedList>yes<")));
        SoapAnswers.assertFault(flag);
        assertTrue(flag.text("Fault/faultstring").contains("fullDetailedList"), flag::toString);
    }

    @Test
    void gfal2DigitPermissionModesAreAccepted() throws Exception {
        Path data = site.root().resolve("data");
        Files.createDirectories(data);
        UserPrincipalLookupService users = data.getFileSystem().getUserPrincipalLookupService();
        Files.setOwner(data, users.lookupPrincipalByName(RealSrmSite.ACCOUNT));
        Path file = ownedFile("data/renamed.bin", "rwx------");
        CapturedRequest capture = CapturedRequest.all().stream()
                .filter(c -> c.name().equals("035-srmSetPermission")).findFirst().orElseThrow();
        HttpgResponse r = site.client().post("127.0.0.1", site.port(), capture.path(), capture.headers(), capture.body());
        SoapAnswers.assertStatusOrFault(r);
        assertEquals("SRM_SUCCESS", r.text("srmSetPermissionResponse/returnStatus/statusCode"), r::toString);
        Set<PosixFilePermission> mode = Files.getPosixFilePermissions(file);
        assertTrue(mode.containsAll(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE,
                PosixFilePermission.OTHERS_READ)), mode::toString);
        assertFalse(mode.contains(PosixFilePermission.OWNER_EXECUTE), mode::toString);
        assertFalse(mode.contains(PosixFilePermission.OTHERS_WRITE), mode::toString);
    }

    @Test
    void referenceToAMissingMultiRefGetsAnAnswer() throws Exception {
        HttpgResponse r = post(envelope("<srm2:srmLs><srmLsRequest href=\"#nowhere\"/></srm2:srmLs>"));
        SoapAnswers.assertStatusOrFault(r);
    }

    @Test
    void selfReferencingMultiRefGetsAnAnswerQuickly() {
        String body = envelope("<srm2:srmLs><srmLsRequest href=\"#loop\"/></srm2:srmLs>"
                + "<multiRef id=\"loop\"><arrayOfSURLs href=\"#loop\"/></multiRef>");
        HttpgResponse r = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> post(body));
        SoapAnswers.assertStatusOrFault(r);
    }

    @Test
    void doctypeIsRefused() throws Exception {
        String body = envelope(ls("srm://127.0.0.1/&xxe;", "")).replace("<SOAP-ENV:Envelope",
                "<!DOCTYPE e [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]><SOAP-ENV:Envelope");
        HttpgResponse r = post(body);
        SoapAnswers.assertStatusOrFault(r);
        assertFalse(r.bodyText().contains("root:"), r::toString);
    }

    @Test
    void plainGetIsMethodNotAllowed() throws Exception {
        HttpgResponse r = site.client().get("127.0.0.1", site.port(), "/srm/managerv2", Map.of());
        assertEquals(405, r.status(), r::toString);
        SoapAnswers.assertNoJavaInternals(r);
    }
}
