package org.opensrm.server.soap.lane;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.opensrm.server.soap.CapturedRequest;

/**
 * The reading without a parser ({@link PlainBody}) against the parser and JAXB ({@link SameAsJaxb}): every request
 * of a lane (srmLs, a get's cycle) captured from gfal2 and ARC, and variants of them (other prefixes, white space,
 * attribute order and quotes, namespace declarations elsewhere, optional elements present, absent, reordered, empty,
 * nil), is decoded without the parser into exactly the values JAXB makes of it; whatever the reading does not fully
 * understand (references, CDATA, comments, other attributes, unknown or repeated elements, a header, another
 * envelope, malformed XML...) is left to JAXB, so it gets today's answer. Thousands of random corruptions of the
 * captures check the rule: the reading decodes a request only when it is JAXB's. {@code PlainBodyFuzzTest} checks
 * the same rule on what a coverage-guided fuzzer makes of them.
 */
class PlainBodyTest {
    private static final Map<String, Class<?>> TYPES = SameAsJaxb.LANES;
    private static final String GFAL2_HEAD = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<SOAP-ENV:Envelope"
            + " xmlns:SOAP-ENV=\"http://schemas.xmlsoap.org/soap/envelope/\""
            + " xmlns:SOAP-ENC=\"http://schemas.xmlsoap.org/soap/encoding/\""
            + " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\""
            + " xmlns:srm2=\"http://srm.lbl.gov/StorageResourceManager\"><SOAP-ENV:Body"
            + " SOAP-ENV:encodingStyle=\"http://schemas.xmlsoap.org/soap/encoding/\">";
    private static final String FULL_PREPARE = "<authorizationID>alice</authorizationID><arrayOfFileRequests>"
            + "<requestArray><sourceSURL>srm://h/a</sourceSURL><dirOption>"
            + "<isSourceADirectory>false</isSourceADirectory>"
            + "<allLevelRecursive>1</allLevelRecursive><numOfLevels>3</numOfLevels></dirOption></requestArray>"
            + "<requestArray><dirOption/><sourceSURL>srm://h/b c?SFN=/d</sourceSURL></requestArray>"
            + "<requestArray><sourceSURL></sourceSURL></requestArray></arrayOfFileRequests>"
            + "<userRequestDescription>a test</userRequestDescription><storageSystemInfo><extraInfoArray><key>k</key>"
            + "<value>v</value></extraInfoArray><extraInfoArray><key>k2</key></extraInfoArray></storageSystemInfo>"
            + "<desiredFileStorageType>VOLATILE</desiredFileStorageType>"
            + "<desiredTotalRequestTime>-1</desiredTotalRequestTime><desiredPinLifeTime>0</desiredPinLifeTime>"
            + "<targetSpaceToken>space</targetSpaceToken><targetFileRetentionPolicyInfo>"
            + "<retentionPolicy>REPLICA</retentionPolicy><accessLatency>ONLINE</accessLatency>"
            + "</targetFileRetentionPolicyInfo><transferParameters><accessPattern>TRANSFER_MODE</accessPattern>"
            + "<connectionType>WAN</connectionType><arrayOfClientNetworks><stringArray>10.0.0.0/8</stringArray>"
            + "</arrayOfClientNetworks><arrayOfTransferProtocols/></transferParameters>";

    /** The two readers over a JAXB context each: made once for the class (its tests run one after another). */
    private static final SameAsJaxb same = new SameAsJaxb();
    private static final LaneRequestReader lanes = newReader();
    private final RequestScan scan = new RequestScan();

    private static LaneRequestReader newReader() {
        try {
            return new LaneRequestReader(TYPES.values().toArray(Class<?>[]::new));
        } catch (jakarta.xml.bind.JAXBException e) {
            throw new IllegalStateException(e);
        }
    }

    static Stream<CapturedRequest> captures() {
        return CapturedRequest.all().stream().filter(c -> TYPES.containsKey(operation(c)));
    }

    private static String operation(CapturedRequest c) {
        return c.name().substring(c.name().indexOf('-') + 1);
    }

    @Test
    void everyClientsCapturesOfTheLanesAreThere() {
        assertEquals(List.of("arc", "gfal2"), captures().map(CapturedRequest::client).distinct().sorted().toList());
        assertEquals(TYPES.keySet(), captures().map(PlainBodyTest::operation)
                .collect(java.util.stream.Collectors.toSet()));
    }

    @ParameterizedTest
    @MethodSource("captures")
    void aCaptureAndItsVariantsAreReadAsJaxbReadsThem(CapturedRequest c) {
        String body = new String(c.body(), StandardCharsets.UTF_8);
        for (String variant : List.of(body, otherPrefixes(body), spaced(body, "\n  "), spaced(body, "\r\n\t"),
                reversedEnvelopeAttributes(body), body.replace('"', '\''), padded(body), srmDeclaredOnTheCall(body),
                soapDeclaredOnBody(body))) {
            assertSame(operation(c), variant, true);
        }
    }

    @Test
    void optionalElementsPresentAbsentReorderedOrEmptyAreReadAsJaxbReadsThem() {
        List<String> parts = List.of(FULL_PREPARE, reversedChildren(FULL_PREPARE),
                "<arrayOfFileRequests><requestArray><sourceSURL>srm://h/a</sourceSURL></requestArray>"
                        + "</arrayOfFileRequests>",
                "<arrayOfFileRequests/>", "<arrayOfFileRequests></arrayOfFileRequests>", "",
                "<desiredTotalRequestTime>2147483647</desiredTotalRequestTime><desiredPinLifeTime>007"
                        + "</desiredPinLifeTime>",
                "<transferParameters><arrayOfTransferProtocols><stringArray>gsiftp</stringArray>"
                        + "<stringArray/><stringArray> x </stringArray></arrayOfTransferProtocols>"
                        + "</transferParameters>");
        for (String part : parts) {
            assertSame("srmPrepareToGet", gfal2("srmPrepareToGet", part), true);
        }
        for (String op : List.of("srmStatusOfGetRequest", "srmReleaseFiles")) {
            String surls = op.equals("srmReleaseFiles") ? "arrayOfSURLs" : "arrayOfSourceSURLs";
            for (String part : List.of("<requestToken>42</requestToken>", "<requestToken> t k </requestToken>",
                    "<requestToken/>", "<requestToken></requestToken>", "",
                    "<" + surls + "><urlArray>srm://h/a</urlArray><urlArray>srm://h/b</urlArray></" + surls + ">"
                            + "<authorizationID>x</authorizationID><requestToken>t</requestToken>",
                    "<" + surls + "/><requestToken>t</requestToken>")) {
                assertSame(op, gfal2(op, part), true);
            }
        }
        for (String doRemove : List.of("true", "false", "1", "0")) {
            assertSame("srmReleaseFiles", gfal2("srmReleaseFiles", "<requestToken>t</requestToken><doRemove>"
                    + doRemove + "</doRemove>"), true);
        }
        assertSame("srmStatusOfGetRequest", gfal2("srmStatusOfGetRequest", "").replace(
                "<srmStatusOfGetRequestRequest></srmStatusOfGetRequestRequest>", "<srmStatusOfGetRequestRequest/>"),
                true);
    }

    @Test
    void srmLsWithItsOptionalElementsPresentAbsentOrNilIsReadAsJaxbReadsIt() {
        String surls = "<arrayOfSURLs><urlArray>srm://h/a</urlArray></arrayOfSURLs>";
        List<String> parts = List.of(surls, "", "<arrayOfSURLs/>", "<authorizationID>a</authorizationID>"
                        + "<arrayOfSURLs><urlArray>srm://h/a</urlArray><urlArray>srm://h/b</urlArray></arrayOfSURLs>"
                        + "<storageSystemInfo><extraInfoArray><key>k</key><value>v</value></extraInfoArray>"
                        + "</storageSystemInfo><fileStorageType>PERMANENT</fileStorageType>"
                        + "<fullDetailedList>false</fullDetailedList><allLevelRecursive>1</allLevelRecursive>"
                        + "<numOfLevels>2</numOfLevels><offset>10</offset><count>100</count>",
                "<count>0</count>" + surls + "<offset>-1</offset>",
                "<storageSystemInfo xsi:nil=\"true\"/>" + surls,
                "<storageSystemInfo xsi:nil=\"true\"></storageSystemInfo>" + surls,
                "<storageSystemInfo xsi:nil=\"true\">\n</storageSystemInfo>" + surls,
                "<storageSystemInfo xmlns:i=\"http://www.w3.org/2001/XMLSchema-instance\" i:nil=\"true\"/>",
                "<numOfLevels xsi:nil=\"true\"/><offset xsi:nil=\"true\"/><count xsi:nil=\"true\"/>"
                        + "<fullDetailedList xsi:nil=\"true\"/><authorizationID xsi:nil=\"true\"/>"
                        + "<fileStorageType xsi:nil=\"true\"/>");
        for (String part : parts) {
            assertSame("srmLs", gfal2("srmLs", part), true);
        }
        List<String> leftToJaxb = List.of("<storageSystemInfo xsi:nil=\"1\"/>",
                "<storageSystemInfo xsi:nil=\"false\"/>", "<storageSystemInfo xsi:nil=\" true\"/>",
                "<storageSystemInfo xsi:nil=\"true\"><extraInfoArray><key>k</key></extraInfoArray>"
                        + "</storageSystemInfo>",
                "<storageSystemInfo xsi:nil=\"true\">x</storageSystemInfo>", "<storageSystemInfo nil=\"true\"/>",
                "<arrayOfSURLs xsi:nil=\"true\"/>", "<arrayOfSURLs><urlArray xsi:nil=\"true\"/></arrayOfSURLs>",
                "<storageSystemInfo xsi:nil=\"true\" xsi:type=\"x\"/>", "<numOfLevels>+1</numOfLevels>",
                "<count>many</count>", "<fullDetailedList>yes</fullDetailedList>", surls + surls);
        for (String part : leftToJaxb) {
            assertSame("srmLs", gfal2("srmLs", part), false);
        }
    }

    @Test
    void whatThePlainReadingDoesNotFullyUnderstandIsLeftToJaxb() {
        String token = "<requestToken>t</requestToken>";
        List<String> parts = List.of("<requestToken>a&amp;b</requestToken>", "<requestToken>&#116;</requestToken>",
                "<requestToken><![CDATA[t]]></requestToken>", "<requestToken>t<!-- c --></requestToken>",
                "<!-- c -->" + token, "<?pi x?>" + token, "<requestToken xsi:nil=\"1\"/>",
                "<requestToken xsi:type=\"xsd:string\">t</requestToken>", "<requestToken xmlns=\"\">t</requestToken>",
                "<srm2:requestToken>t</srm2:requestToken>", token + "<unknown>u</unknown>", token + token,
                token + "<doRemove>TRUE</doRemove>", token + "<doRemove> true</doRemove>", token + "text",
                "<requestToken>t\tu</requestToken>", "<requestToken>a\r\nb</requestToken>",
                "<requestToken>a\nb</requestToken>", "<requestToken>é</requestToken>",
                "<requestToken>a]]>b</requestToken>",
                "<arrayOfSURLs>x<urlArray>u</urlArray></arrayOfSURLs>", "<requestToken><b/></requestToken>");
        for (String part : parts) {
            assertSame("srmReleaseFiles", gfal2("srmReleaseFiles", part), false);
        }
        for (String value : List.of("+3", " 3", "3 ", "", "2147483648", "1.0", "0x1")) {
            assertSame("srmPrepareToGet", gfal2("srmPrepareToGet", "<desiredPinLifeTime>" + value
                    + "</desiredPinLifeTime>"), false);
        }
        String body = gfal2("srmStatusOfGetRequest", token);
        String envelope = "<SOAP-ENV:Envelope";
        List<String> bodies = List.of("\uFEFF" + body, body.replace("UTF-8", "ISO-8859-1"),
                body.replace("version=\"1.0\"", "version=\"1.1\""), body.replace("?>\n", "?>\n<!-- c -->"),
                body.replace("?>\n", "?>\n<!DOCTYPE x>"), body.replace(envelope, "<SOAP-ENV:Envelope xmlns=\"urn:x\""),
                body.replace("<SOAP-ENV:Body", "<SOAP-ENV:Header/><SOAP-ENV:Body"),
                body.replace("http://schemas.xmlsoap.org/soap/envelope/", "http://www.w3.org/2003/05/soap-envelope"),
                body.replace("http://srm.lbl.gov/StorageResourceManager", "urn:other"),
                body.replace("<srmStatusOfGetRequestRequest>", "<srmStatusOfGetRequestRequest a=\"b\">"),
                body.replace("<srmStatusOfGetRequestRequest>", "<srm2:srmStatusOfGetRequestRequest>"),
                body.replace("srm2:srmStatusOfGetRequest>", "srm2:srmReleaseFiles>"),
                body.replace("</SOAP-ENV:Envelope>", "</SOAP-ENV:Envelope><x/>"),
                body.replace("</SOAP-ENV:Body>", "<more/></SOAP-ENV:Body>"),
                body.replace("</SOAP-ENV:Envelope>", ""), body.substring(0, body.length() / 2),
                body.replace("</srm2:srmStatusOfGetRequest>", "</srm2:srmStatusOfGetRequestX>"),
                body.replace(envelope, envelope + " xmlns:xsd=\"urn:again\""),
                body.replace(envelope, envelope + " undeclared:a=\"1\""),
                body.replace(envelope, envelope + " xmlns:a=\"urn:a\" xmlns:b=\"urn:a\" a:x=\"1\" b:x=\"2\""),
                body.replace(envelope, envelope + " a=\"1\"b=\"2\""), body.replace(envelope, envelope + " 1a=\"1\""),
                body.replace(envelope, envelope + " xmlns:p=\"\""), body.replace(envelope, envelope + " a=\"<\""),
                body.replace(envelope, envelope + " xmlns:p=\"http://www.w3.org/XML/1998/namespace\""),
                body.replace(envelope, envelope + " xmlns:xml=\"http://www.w3.org/XML/1998/namespace\""),
                body.replace(envelope, envelope + " a=\"x&amp;y\""), body.replace(envelope, envelope + " a=\"\t\""));
        for (String b : bodies) {
            assertSame("srmStatusOfGetRequest", b, false);
        }
    }

    /** Random corruptions of the captures: whenever the plain reading gives a value, it is JAXB's. */
    @Test
    void corruptedCapturesAreReadAsJaxbReadsThemOrLeftToIt() {
        Random random = new Random(20261125);
        String alphabet = "<>/=\"' \n\r\t:&;#!?[]-xyzS0";
        List<CapturedRequest> captures = captures().toList();
        int plain = 0;
        for (int i = 0; i < 6000; i++) {
            CapturedRequest c = captures.get(random.nextInt(captures.size()));
            StringBuilder s = new StringBuilder(new String(c.body(), StandardCharsets.UTF_8));
            for (int k = 1 + random.nextInt(2); k > 0; k--) {
                int at = random.nextInt(s.length());
                switch (random.nextInt(3)) {
                    case 0 -> s.deleteCharAt(at);
                    case 1 -> s.insert(at, alphabet.charAt(random.nextInt(alphabet.length())));
                    default -> s.setCharAt(at, alphabet.charAt(random.nextInt(alphabet.length())));
                }
            }
            if (assertSame(operation(c), s.toString(), null)) {
                plain++;
            }
        }
        assertTrue(plain > 500 && plain < 6000, plain + " corruptions read plainly");
    }

    /**
     * Asserts that the reading without a parser of {@code body} is JAXB's (when it decodes it at all) and that the
     * lane gives JAXB's value either way; {@code decoded} says whether the reading must decode it (null: either).
     *
     * @return whether the reading decoded it
     */
    private boolean assertSame(String operation, String body, Boolean decoded) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        boolean read = same.check(bytes) == SameAsJaxb.Reading.DECODED;
        if (decoded != null) {
            assertEquals(decoded, read, (decoded ? "not decoded: " : "decoded: ") + body);
        }
        Object request = scan.scan(bytes).request();
        assertEquals(same.byJaxb(bytes, operation),
                SameAsJaxb.describe(lanes.read(bytes, operation, TYPES.get(operation), request)), body);
        return read;
    }

    private static String gfal2(String operation, String part) {
        return GFAL2_HEAD + "<srm2:" + operation + "><" + operation + "Request>" + part + "</" + operation
                + "Request></srm2:" + operation + "></SOAP-ENV:Body></SOAP-ENV:Envelope>";
    }

    /** Each declared prefix renamed ({@code SOAP-ENV} to {@code p0}, ...). */
    private static String otherPrefixes(String body) {
        Matcher m = Pattern.compile("xmlns:([\\w-]+)=").matcher(body);
        List<String> prefixes = new ArrayList<>();
        while (m.find()) {
            prefixes.add(m.group(1));
        }
        String out = body;
        for (int i = 0; i < prefixes.size(); i++) {
            String p = Pattern.quote(prefixes.get(i));
            out = out.replaceAll("(<|</|xmlns:| )" + p + "([:=])", "$1p" + i + "$2");
        }
        return out;
    }

    /** White space between every two tags, and inside every tag before its end. */
    private static String spaced(String body, String space) {
        return body.replace("><", ">" + space + "<").replaceAll("([\\w\"])(/?)>", "$1 $2>")
                .replace("=\"", " =" + space + "\"");
    }

    /** The Envelope's attributes in reverse order. */
    private static String reversedEnvelopeAttributes(String body) {
        Matcher m = Pattern.compile("(<[\\w-]+:Envelope)((?: [^>]+?=\"[^\"]*\")+)>").matcher(body);
        assertTrue(m.find(), body);
        List<String> attributes = new ArrayList<>(List.of(m.group(2).trim().split("(?<=\") ")));
        java.util.Collections.reverse(attributes);
        return body.substring(0, m.start()) + m.group(1) + " " + String.join(" ", attributes) + ">"
                + body.substring(m.end());
    }

    /** Leading and trailing white space around the Envelope. */
    private static String padded(String body) {
        return body.startsWith("<?xml") ? body + "\n\n" : " \n" + body + "\r\n";
    }

    /** The SRM namespace declared on the operation's element rather than on the Envelope. */
    private static String srmDeclaredOnTheCall(String body) {
        Matcher m = Pattern.compile(" xmlns:([\\w-]+)=\"http://srm.lbl.gov/StorageResourceManager\"").matcher(body);
        assertTrue(m.find(), body);
        String without = body.substring(0, m.start()) + body.substring(m.end());
        return without.replaceFirst("<" + m.group(1) + ":(\\w+)>", "<" + m.group(1) + ":$1" + m.group() + ">");
    }

    /** A second prefix of the SOAP namespace, declared on the Body and used for the Body's tags. */
    private static String soapDeclaredOnBody(String body) {
        return body.replaceFirst("<([\\w-]+):Body", "<b:Body xmlns:b=\"http://schemas.xmlsoap.org/soap/envelope/\"")
                .replaceFirst("</[\\w-]+:Body>", "</b:Body>");
    }

    /** The request part's child elements in reverse order (a part without nested repeats of the same name). */
    private static String reversedChildren(String part) {
        List<String> children = new ArrayList<>();
        Matcher m = Pattern.compile("<(\\w+)(?:/>|>.*?</\\1>)").matcher(part);
        while (m.find()) {
            children.add(m.group());
        }
        assertEquals(part, String.join("", children));
        java.util.Collections.reverse(children);
        return String.join("", children);
    }
}
