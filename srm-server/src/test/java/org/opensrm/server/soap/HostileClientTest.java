package org.opensrm.server.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.opensrm.client.HttpgClient;
import org.opensrm.client.HttpgResponse;
import org.opensrm.devpki.Credential;
import org.opensrm.devpki.DevPki;
import org.opensrm.devpki.ProxyStyle;
import org.opensrm.testkit.GsoapEnvelope;

/**
 * A hostile but authenticated client against the server as it runs in production (its own JVM with the launcher's
 * options, a 256 MB heap, the shipped logging configuration), over the real transport: listings of 200,000 SURLs
 * in 7.6 MB bodies, sent four at once, which built a 163 MB answer each and ended the process (also SOAP-encoded,
 * which the server rewrites through a DOM); listings at the
 * limit, eight at once; a newline in a SURL and in a certificate subject; a truncated body. The server answers
 * each with an SRM status, keeps serving, and its log has one line per event, none forged.
 */
@Tag("integration")
class HostileClientTest {
    private static final String FORGED = "2030-01-01T00:00:00.000Z ERROR [main] o.o.s.SrmServer dn=\"\" token= - FORGED";
    private static final Map<String, String> HEADERS = Map.of("Content-Type", "text/xml; charset=utf-8",
            "SOAPAction", "\"\"");

    static ChildJvmSite site;

    @BeforeAll
    static void start() throws Exception {
        site = ChildJvmSite.start("256m", Map.of());
        Path data = Files.createDirectory(site.root().resolve("data"));
        for (int i = 0; i < 20; i++) {
            Files.writeString(data.resolve("file" + i), "payload " + i);
        }
        UserPrincipalLookupService users = data.getFileSystem().getUserPrincipalLookupService();
        Files.setOwner(data, users.lookupPrincipalByName(RealSrmSite.ACCOUNT));
        Files.setPosixFilePermissions(data, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @AfterAll
    static void stop() throws Exception {
        site.close();
    }

    private static HttpgResponse post(HttpgClient client, byte[] body) throws Exception {
        return client.post("127.0.0.1", site.port(), "/srm/managerv2", HEADERS, body);
    }

    private static byte[] ls(int surls, String surl, boolean fullDetail) {
        StringBuilder request = new StringBuilder(surls * 40 + 200).append("<srmLsRequest><arrayOfSURLs>");
        for (int i = 0; i < surls; i++) {
            request.append("<urlArray>").append(surl).append("</urlArray>");
        }
        request.append("</arrayOfSURLs><fullDetailedList>").append(fullDetail)
                .append("</fullDetailedList><numOfLevels>1</numOfLevels></srmLsRequest>");
        return GsoapEnvelope.of("srmLs", request.toString());
    }

    /** {@code calls} copies of {@code body} sent at once, each on its own connection; their answers. */
    private static List<HttpgResponse> atOnce(int calls, byte[] body) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(calls);
        try {
            List<Future<HttpgResponse>> answers = new ArrayList<>();
            for (int i = 0; i < calls; i++) {
                answers.add(pool.submit(() -> post(site.client(), body)));
            }
            List<HttpgResponse> out = new ArrayList<>();
            for (Future<HttpgResponse> f : answers) {
                out.add(f.get(300, TimeUnit.SECONDS));
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    private static void assertStillServing() throws Exception {
        assertTrue(site.alive(), "the server process ended");
        HttpgResponse r = post(site.client(), ls(1, "srm://127.0.0.1/data", true));
        assertEquals("SRM_SUCCESS", r.text("srmLsResponse/returnStatus/statusCode"), r::toString);
        assertEquals(20, r.texts("srmLsResponse/details/pathDetailArray/arrayOfSubPaths/pathDetailArray/path").size(),
                r::toString);
    }

    @Test
    void fourListingsOf200000SurlsAtOnceAreRefusedAndTheServerKeepsServing() throws Exception {
        byte[] body = ls(200_000, "srm://127.0.0.1/x", true);
        assertTrue(body.length > 7_000_000 && body.length < 8_388_608, body.length + " bytes");
        for (HttpgResponse r : atOnce(4, body)) {
            assertEquals(200, r.status(), r::toString);
            String status = r.text("srmLsResponse/returnStatus/statusCode");
            String why = r.text("srmLsResponse/returnStatus/explanation");
            assertTrue(status.equals("SRM_INVALID_REQUEST") && why.contains("at most 10000")
                    || status.equals("SRM_INTERNAL_ERROR") && why.equals(SoapCalls.BUSY), r::toString);
        }
        assertStillServing();
    }

    /** The same bodies, marked as SOAP-encoded ({@code xsi:type}): they are rewritten through a DOM first. */
    @Test
    void fourSoapEncodedListingsOf200000SurlsAtOnceAreRefusedAndTheServerKeepsServing() throws Exception {
        byte[] body = new String(ls(200_000, "srm://127.0.0.1/x", true), StandardCharsets.UTF_8)
                .replace("<arrayOfSURLs>", "<arrayOfSURLs xsi:type=\"srm:ArrayOfAnyURI\">")
                .getBytes(StandardCharsets.UTF_8);
        for (HttpgResponse r : atOnce(4, body)) {
            assertEquals(200, r.status(), r::toString);
            String status = r.text("srmLsResponse/returnStatus/statusCode");
            String why = r.text("srmLsResponse/returnStatus/explanation");
            assertTrue(status.equals("SRM_INVALID_REQUEST") && why.contains("at most 10000")
                    || status.equals("SRM_INTERNAL_ERROR") && why.equals(SoapCalls.BUSY), r::toString);
        }
        assertStillServing();
    }

    @Test
    void eightFullDetailListingsAtTheLimitAtOnceAreAnsweredOrBusyAndTheServerKeepsServing() throws Exception {
        byte[] body = ls(10_000, "srm://127.0.0.1/data/file1", true);
        int answered = 0;
        for (HttpgResponse r : atOnce(8, body)) {
            assertEquals(200, r.status(), r::toString);
            String status = r.text("srmLsResponse/returnStatus/statusCode");
            if (status.equals("SRM_SUCCESS")) {
                assertEquals(10_000, r.texts("srmLsResponse/details/pathDetailArray/path").size());
                answered++;
            } else {
                assertEquals("SRM_INTERNAL_ERROR " + SoapCalls.BUSY,
                        status + " " + r.text("srmLsResponse/returnStatus/explanation"), r::toString);
            }
        }
        assertTrue(answered >= 1, "at least the first listing is answered");
        assertStillServing();
    }

    @Test
    void aNewlineInASurlOrACertificateSubjectForgesNoLogLine() throws Exception {
        post(site.client(), GsoapEnvelope.of("srmMkdir", "<srmMkdirRequest><SURL>srm://127.0.0.1/nope/x\n" + FORGED
                + "</SURL></srmMkdirRequest>"));
        post(site.client(), GsoapEnvelope.of("srmMkdir", "<srmMkdirRequest><SURL>srm://127.0.0.1/nope/y&#13;&#10;"
                + FORGED + "</SURL></srmMkdirRequest>"));

        DevPki other = DevPki.openOrCreate(Files.createTempDirectory(site.root().getParent(), "evil-ca"),
                "CN=Evil CA,O=Elsewhere,DC=test");
        Credential evil = other.issueUser("Evil\n" + FORGED, Duration.ofDays(1));
        Path proxy = site.root().getParent().resolve("x509up_evil");
        other.proxy(evil, Duration.ofHours(1), ProxyStyle.RFC3820).writeProxyFile(proxy);
        try {
            post(new HttpgClient(proxy, site.pki().trustDir()).withTimeoutMillis(30_000), ls(1, "srm://127.0.0.1/data", false));
        } catch (java.io.IOException refused) {
            // the handshake fails: what matters is what the server logged about it
        }
        assertStillServing();
        String log = site.log();
        assertFalse(log.lines().anyMatch(l -> l.startsWith("2030-01-01")), log);
        assertTrue(log.contains("/nope/x\\n" + FORGED), "the SURL's newline is logged escaped:\n" + log);
        assertTrue(log.contains("/nope/y\\r\\n" + FORGED), "a character reference alike:\n" + log);
        assertTrue(log.contains("Evil\\n2030-01-01T00:00:00.000Z ERROR"),
                "the refused certificate's subject is logged escaped:\n" + log);
    }

    @Test
    void aTruncatedBodyIsOneWarnLineWithTheReason() throws Exception {
        String whole = new String(ls(1, "srm://127.0.0.1/x", false), StandardCharsets.UTF_8);
        HttpgResponse r = post(site.client(), whole.substring(0, whole.indexOf("</urlArray>"))
                .getBytes(StandardCharsets.UTF_8));
        assertEquals(500, r.status(), r::toString);
        String log = site.log();
        List<String> lines = log.lines().filter(l -> l.contains("was expecting a close tag for element")).toList();
        assertEquals(1, lines.size(), log);
        assertTrue(lines.get(0).contains(" WARN "), lines.get(0));
        assertFalse(log.contains("MessageCreationException") || log.lines().anyMatch(l -> l.startsWith("\tat ")),
                log);
    }
}
