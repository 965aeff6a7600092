package org.opensrm.benchmarks.scalability;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import org.opensrm.devpki.DevPki;
import org.opensrm.testkit.GumsResponder;

/**
 * A GUMS for the benchmark of the {@code gums} mapper: the test responder (HTTPS, client certificates of the
 * development CA) answering Permit with the account the development grid-mapfile gives a DN, Deny otherwise.
 * Runs until killed.
 *
 * <pre>
 * GumsStub --dev-dir /tmp/opensrm-scalability/dev --port 28600
 * </pre>
 */
public final class GumsStub {
    static final String USAGE = "usage: GumsStub --dev-dir DIR --port N";

    private GumsStub() {
    }

    public static void main(String[] args) throws Exception {
        Options o = new Options(args, Set.of("dev-dir", "port"), USAGE);
        Path dev = Path.of(o.require("dev-dir", USAGE));
        int port = Integer.parseInt(o.require("port", USAGE));
        Map<String, String> accounts = new HashMap<>();
        for (String line : Files.readAllLines(dev.resolve("grid-mapfile"), StandardCharsets.UTF_8)) {
            int close = line.lastIndexOf('"');
            if (line.startsWith("\"") && close > 0) {
                accounts.put(line.substring(1, close), line.substring(close + 1).strip());
            }
        }
        DevPki pki = DevPki.openOrCreate(dev.resolve("pki"), "CN=OpenSRM Dev CA,O=OpenSRM,DC=dev");
        try (GumsResponder gums = new GumsResponder(pki, pki.issueHost("localhost", List.of("localhost"),
                Duration.ofDays(1)), port, r -> GumsResponder.Reply.ok(accounts.containsKey(r.dn())
                        ? GumsResponder.permit(accounts.get(r.dn())) : GumsResponder.deny()))) {
            System.out.println("GUMS stub at " + gums.endpoint() + " for " + accounts.size() + " DNs");
            System.out.flush();
            new CountDownLatch(1).await();
        }
    }
}
