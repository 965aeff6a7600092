package org.opensrm.server.soap.lane;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.opensrm.server.soap.CapturedRequest;

class RequestScanTest {
    private final RequestScan check = new RequestScan();

    private Optional<String> check(String field, String value) {
        String body = "<e:Envelope xmlns:e=\"http://schemas.xmlsoap.org/soap/envelope/\" xmlns:x=\"urn:x\"><e:Body>"
                + "<x:op><req><" + field + ">" + value + "</" + field + "></req></x:op></e:Body></e:Envelope>";
        return check.firstMistyped(body.getBytes(StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @CsvSource({"numOfLevels,0", "numOfLevels,-1", "offset,+12", "count,2147483647", "expectedFileSize,0",
            "expectedFileSize,18446744073709551615", "fullDetailedList,true", "recursive,0",
            "createdAtTime,2026-11-23T10:00:00Z", "createdAtTime,2026-11-23T10:00:00", "numOfLevels,' 1 '"})
    void valuesOfTheirTypePass(String field, String value) {
        assertEquals(Optional.empty(), check(field, value));
    }

    @ParameterizedTest
    @CsvSource({"numOfLevels,many", "count,2147483648", "offset,1.5", "expectedFileSize,-1",
            "expectedFileSize,18446744073709551616", "fullDetailedList,yes", "createdAtTime,yesterday",
            "numOfLevels,''"})
    void valuesOfAnotherTypeAreNamed(String field, String value) {
        Optional<String> reason = check(field, value);
        assertEquals(true, reason.isPresent(), field + "=" + value);
        assertEquals(true, reason.get().startsWith(field + ": '"), reason.get());
    }

    @Test
    void everyNonStringFieldOfTheInterfaceFileIsChecked() throws Exception {
        String wsdl = Files.readString(Path.of("src/main/wsdl/srm.v2.2.wsdl"));
        Matcher m = Pattern.compile("<(?:xsd:)?element[^>]*name=\"(\\w+)\"[^>]*type=\"xsd:(\\w+)\"").matcher(wsdl);
        Map<String, String> expected = new HashMap<>();
        while (m.find()) {
            if (!m.group(2).equals("string") && !m.group(2).equals("anyURI")) {
                expected.put(m.group(1), "xsd:" + m.group(2));
            }
        }
        assertEquals(53, expected.size(), "the interface file's typed fields");
        assertEquals(expected, RequestScan.fields());
    }

    @Test
    void nilAndUntypedFieldsAndUnreadableBodiesAreNotJudged() {
        String nil = "<a xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"><count xsi:nil=\"true\"/>"
                + "<urlArray>many</urlArray></a>";
        assertEquals(Optional.empty(), check.firstMistyped(nil.getBytes(StandardCharsets.UTF_8)));
        assertEquals(Optional.empty(), check.firstMistyped("<a><count>1".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void theOperationIsTheFirstElementOfTheBody() {
        String body = "<e:Envelope xmlns:e=\"http://schemas.xmlsoap.org/soap/envelope/\" xmlns:x=\"urn:x\">"
                + "<e:Header><x:h><x:inner/></x:h></e:Header><e:Body><x:srmLs><srmLsRequest><count>5</count>"
                + "</srmLsRequest></x:srmLs><x:second/></e:Body></e:Envelope>";
        assertEquals(new RequestScan.Findings("srmLs", 0, Optional.empty()),
                scanned(check.scan(body.getBytes(StandardCharsets.UTF_8))));
    }

    @Test
    void theOperationIsKnownEvenWhenAValueIsMistypedOrTheBodyIsCutShort() {
        String mistyped = "<e:Envelope xmlns:e=\"http://schemas.xmlsoap.org/soap/envelope/\"><e:Body><srmLs>"
                + "<q><numOfLevels>many</numOfLevels></q></srmLs></e:Body></e:Envelope>";
        RequestScan.Findings f = check.scan(mistyped.getBytes(StandardCharsets.UTF_8));
        assertEquals("srmLs", f.operation());
        assertEquals(true, f.mistyped().isPresent());
        String cut = "<e:Envelope xmlns:e=\"http://schemas.xmlsoap.org/soap/envelope/\"><e:Body><srmPing><q>";
        assertEquals(new RequestScan.Findings("srmPing", 0, Optional.empty()),
                check.scan(cut.getBytes(StandardCharsets.UTF_8)));
        assertEquals("", check.scan("<e:Envelope/>".getBytes(StandardCharsets.UTF_8)).operation());
    }

    /** Every captured request, and variants of each that the plain reading must either read alike or give up on. */
    @Test
    void thePlainReadingFindsWhatTheXmlParserFindsOrLeavesTheBodyToIt() {
        int plain = 0;
        int variants = 0;
        for (CapturedRequest c : CapturedRequest.all()) {
            String xml = new String(c.body(), StandardCharsets.UTF_8);
            assertEquals(true, PlainBody.read(c.body()) != null, "real clients' requests are read plainly: " + c);
            for (String variant : variants(xml)) {
                byte[] body = variant.getBytes(StandardCharsets.UTF_8);
                assertEquals(check.parse(body), scanned(check.scan(body)), variant);
                variants++;
                if (PlainBody.read(body) != null) {
                    plain++;
                }
            }
        }
        assertEquals(true, plain > 0 && plain < variants, plain + " of " + variants + " read plainly");
    }

    /** What a scan found but the request it decoded (which the parser's reading does not decode). */
    private static RequestScan.Findings scanned(RequestScan.Findings f) {
        return new RequestScan.Findings(f.operation(), f.items(), f.mistyped());
    }

    private static java.util.List<String> variants(String xml) {
        java.util.List<String> out = new java.util.ArrayList<>(java.util.List.of(xml,
                xml.replace("<numOfLevels>1<", "<numOfLevels>many<"),
                xml.replace("<numOfLevels>", "<numOfLevels xsi:nil=\"true\">"),
                xml.replace("<numOfLevels>1<", "<numOfLevels><!-- one -->1<"),
                xml.replace("<numOfLevels>1<", "<numOfLevels><![CDATA[x]]><"),
                xml.replace("<numOfLevels>1<", "<numOfLevels>&#49;<"),
                xml.replace("<numOfLevels>1<", "<numOfLevels> 1 <"),
                xml.replace("<fullDetailedList>true<", "<fullDetailedList>yes<"),
                xml.replace("true</fullDetailedList>", "true</fullDetailedList><count/>"),
                xml.replace("><", ">\n  <"),
                xml.replace("><", "><!-- c --><"),
                xml.replace("<?xml version=\"1.0\" encoding=\"UTF-8\"?>", ""),
                "<!DOCTYPE x>" + xml,
                xml.substring(0, xml.length() / 2),
                xml.replace("\"", "'")));
        for (int cut = 1; cut < xml.length(); cut += Math.max(1, xml.length() / 40)) {
            out.add(xml.substring(0, cut));
        }
        return out;
    }
}
