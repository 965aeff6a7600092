package org.opensrm.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * GSI delegation with the real client stack: a small client on CGSI-gSOAP 1.3 and Globus GSSAPI (what gfal2's
 * srm plugin is built on), compiled here from {@code cgsi-probe/probe.c}, connects with
 * {@code CGSI_OPT_DELEG_FLAG}: Globus itself sends 'D', signs the server's certificate request and returns the proxy
 * and its chain. The request that follows on the connection sees the delegated credential. Needs gcc, gsoap and
 * libcgsi-gsoap-dev (bin/setup-test-host installs them).
 */
@Timeout(180)
@Tag("integration")
class CgsiDelegationInteropTest {
    @TempDir
    static Path dir;
    static EchoSite site;
    static Path probe;

    @BeforeAll
    static void start() throws Exception {
        probe = compileProbe(Files.createDirectory(dir.resolve("probe")));
        // Globus expects the machine's own name for a loopback peer (host@<hostname>), so the host certificate
        // names it
        site = EchoSite.start(dir.resolve("site"), java.net.InetAddress.getLocalHost().getHostName(), b -> b);
    }

    @AfterAll
    static void stop() {
        if (site != null) {
            site.close();
        }
    }

    @Test
    void aGlobusClientDelegatesAndItsRequestSeesTheCredential() throws Exception {
        Path proxy = dir.resolve("x509up");
        site.proxy.writeProxyFile(proxy);
        Run r = run(List.of(probe.toString(), "httpg://127.0.0.1:" + site.server.port() + "/srm/managerv2",
                "<ping/>"), proxy);
        assertEquals(0, r.exit, r.output);
        assertTrue(r.output.contains("dn=/DC=test/O=OpenSRM/CN=Alice\n"), r.output);
        // the delegated proxy, Alice's proxy, Alice, and the CA: Globus presents its whole chain at the handshake
        assertTrue(r.output.contains("delegated=/DC=test/O=OpenSRM/CN=Alice chain 4\n"), r.output);
        assertTrue(r.output.endsWith("body=<ping/>"), r.output);
        while (site.server.delegatedCredentials().size() != 0) { // forgotten with the connection (timeout bounds it)
            Thread.sleep(20);
        }
    }

    private record Run(int exit, String output) {
    }

    private static Run run(List<String> command, Path proxy) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().keySet().removeIf(k -> k.startsWith("X509_"));
        pb.environment().put("X509_USER_PROXY", proxy.toString());
        pb.environment().put("X509_CERT_DIR", site.pki.trustDir().toString());
        Process p = pb.start();
        p.getOutputStream().close();
        String output;
        try (InputStream in = p.getInputStream()) {
            output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(command.get(0) + " did not end: " + output);
        }
        return new Run(p.exitValue(), output);
    }

    private static Path compileProbe(Path work) throws IOException, InterruptedException {
        try (InputStream source = CgsiDelegationInteropTest.class.getResourceAsStream("/cgsi-probe/probe.c")) {
            Files.copy(source, work.resolve("probe.c"));
        }
        Files.writeString(work.resolve("env.h"), "//gsoap ns service name: probe\n");
        for (List<String> step : List.of(List.of("soapcpp2", "-c", "-C", "-L", "-x", "-n", "-pprobe", "env.h"),
                List.of("gcc", "-o", "probe", "probe.c", "probeC.c", "-lcgsi_plugin", "-lgsoap"))) {
            Process p = new ProcessBuilder(step).directory(work.toFile()).redirectErrorStream(true).start();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0) {
                throw new AssertionError(String.join(" ", step) + " failed (the test host needs gcc, gsoap and "
                        + "libcgsi-gsoap-dev: bin/setup-test-host):\n" + output);
            }
        }
        return work.resolve("probe");
    }
}
