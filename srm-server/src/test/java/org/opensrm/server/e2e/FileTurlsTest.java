package org.opensrm.server.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.opensrm.client.HttpgResponse;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.SrmClients;

/**
 * file:// TURLs for worker nodes that mount the storage (file.access=true): offered after the doors' protocols;
 * gfal-copy through the SRM with the SRM plug-in's TURL protocols set to {@code file} uploads (through the staging
 * area: the TURL names the staged upload under the prefix, landed at srmPutDone) and downloads with gfal2's file
 * plug-in, byte-identical, in gateway and full mode. Here the "mount" is the backend root itself (file.prefix
 * defaults to backend.root); a prefix seen differently on the worker nodes is shown by the TURL the server
 * answers.
 */
@Timeout(300)
@Tag("integration")
class FileTurlsTest {
    private static final String FILE_ONLY = "SRM PLUGIN:TURL_PROTOCOLS=file";
    private static final String FILE_ONLY_COPY = "SRM PLUGIN:TURL_3RD_PARTY_PROTOCOLS=file";

    @ParameterizedTest
    @ValueSource(strings = {"gateway", "full"})
    void gfalCopiesInAndOutThroughFileTurls(String mode) throws Exception {
        Map<String, String> settings = new HashMap<>(Map.of("file.access", "true"));
        if (mode.equals("full")) {
            settings.putAll(E2eSite.FULL_MODE);
        }
        try (E2eSite site = E2eSite.start(settings)) {
            SrmSoap soap = new SrmSoap(site, site.alice());
            HttpgResponse offered = soap.call("srmGetTransferProtocols", "<srmGetTransferProtocolsRequest/>");
            assertEquals(List.of("gsiftp", "file"), offered.texts("protocolArray/transferProtocol"), offered::toString);

            SrmClients alice = site.clients(site.alice());
            Path local = site.scratch("file-turls");
            Path source = OnDisk.randomFile(local.resolve("in.bin"), 3 * 1024 * 1024 + 5, 41);
            ClientRun up = alice.gfal("gfal-copy", "-v", "-D", FILE_ONLY, "-D", FILE_ONLY_COPY,
                    "file://" + source, site.surl("/alice/in.bin"));
            assertTrue(up.ok(), up.describe());
            assertTrue(up.describe().contains("file://" + site.onDisk("/").toString().replaceAll("/$", "")
                    + "/.srm-uploads/"), up.describe());
            Path stored = site.onDisk("/alice/in.bin");
            assertEquals(OnDisk.adler32(source), OnDisk.adler32(stored));
            assertEquals(List.of(), OnDisk.uploadsIn(site.staging(E2eSite.ALICE_ACCOUNT)), "no staged upload left");

            Path back = local.resolve("out.bin");
            ClientRun down = alice.gfal("gfal-copy", "-D", FILE_ONLY, "-D", FILE_ONLY_COPY,
                    site.surl("/alice/in.bin"), "file://" + back);
            assertTrue(down.ok(), down.describe());
            assertEquals(OnDisk.adler32(source), OnDisk.adler32(back));
            assertEquals(Files.size(source), Files.size(back));

            SpecRequests specs = new SpecRequests(soap);
            HttpgResponse get = specs.get(List.of(site.surl("/alice/in.bin")), List.of("file"), 0);
            String turl = get.texts("statusArray/transferURL").isEmpty() ? ""
                    : get.texts("statusArray/transferURL").get(0);
            if (!turl.isEmpty()) { // served at once (gateway mode, or full mode's quick path)
                assertEquals("file://" + stored, turl);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"/mnt/se", "/mnt/se/"})
    void thePrefixWorkerNodesSeeIsThePrefixOfTheTurl(String prefix) throws Exception {
        try (E2eSite site = E2eSite.start(Map.of("file.access", "true", "file.prefix", prefix))) {
            Files.writeString(site.onDisk("/alice/p.txt"), "prefixed\n");
            SpecRequests specs = new SpecRequests(new SrmSoap(site, site.alice()));
            HttpgResponse get = specs.get(List.of(site.surl("/alice/p.txt")), List.of("file", "gsiftp"), 0);
            assertEquals(List.of("file:///mnt/se/alice/p.txt"), get.texts("statusArray/transferURL"), get::toString);
            HttpgResponse gsiftp = specs.get(List.of(site.surl("/alice/p.txt")), List.of(), 0);
            assertTrue(gsiftp.texts("statusArray/transferURL").get(0).startsWith("gsiftp://"), gsiftp::toString);
        }
    }
}
