package org.opensrm.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opensrm.server.config.ConfigKeys;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.GridUser;
import org.opensrm.testkit.TestGrid;

/**
 * The Debian package {@code mvn package} made, on this machine: installed with {@code dpkg -i}, the installed
 * server started from a generated configuration the way its systemd unit starts it (the unit's ExecStart, as its
 * User with only its AmbientCapabilities, under its LimitNOFILE), used with gfal2 (a directory made through it
 * belongs to the mapped account), stopped, and purged without a trace. Needs root, as {@code bin/run-tests} runs.
 */
class DebianPackageIT {
    private static final Path UNIT = Path.of("/lib/systemd/system/opensrm.service");
    private static final Pattern LISTENING = Pattern.compile("OpenSRM \\S+ listening on [^ ]+:(\\d+) ");
    private static final String ACCOUNT = "srmuser1";
    private static Path deb;
    private static Path dir;

    @BeforeAll
    static void install() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "installing a package needs root (bin/run-tests)");
        try (Stream<Path> files = Files.list(Path.of("target"))) {
            List<Path> debs = files.filter(p -> p.getFileName().toString().matches("opensrm_.*_all\\.deb")).toList();
            assertEquals(1, debs.size(), "one package in target/: " + debs);
            deb = debs.get(0).toAbsolutePath();
        }
        dir = Files.createTempDirectory("opensrm-deb-");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        dpkg("--purge", "opensrm");
        Command installed = dpkg("-i", deb.toString());
        assertTrue(installed.ok(), installed.describe());
    }

    @AfterAll
    static void purge() throws Exception {
        if (dir != null) {
            dpkg("--purge", "opensrm");
            Command.run(Path.of("/"), Map.of(), List.of("rm", "-rf", dir.toString()));
        }
    }

    private static Command dpkg(String... args) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of("dpkg"));
        argv.addAll(List.of(args));
        return Command.run(Path.of("/"), Map.of("DEBIAN_FRONTEND", "noninteractive"), argv);
    }

    /** {@code Key=value} settings of the installed unit's [Service] section. */
    private static Map<String, String> unit() throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(UNIT)) {
            int eq = line.indexOf('=');
            if (!line.startsWith("#") && eq > 0) {
                out.put(line.substring(0, eq).trim(), line.substring(eq + 1).trim());
            }
        }
        return out;
    }

    @Test
    void installsLauncherJarsAnnotatedConfigurationAndAServiceUnit() throws Exception {
        assertTrue(Files.isExecutable(Path.of("/usr/share/opensrm/bin/srm-server")));
        assertTrue(Files.isExecutable(Path.of("/usr/bin/srm-server")));
        try (Stream<Path> jars = Files.list(Path.of("/usr/share/opensrm/lib"))) {
            assertTrue(jars.anyMatch(j -> j.getFileName().toString().startsWith("opensrm-server-")));
        }
        String conf = Files.readString(Path.of("/etc/opensrm/srm.conf"));
        assertTrue(conf.contains("# jetty.max.connections=") && conf.contains("# srm.hostcert="), "annotated");
        Command conffiles = Command.run(Path.of("/"), Map.of(), List.of("dpkg-query", "-W", "-f=${Conffiles}",
                "opensrm"));
        assertTrue(conffiles.output().contains("/etc/opensrm/srm.conf"), conffiles.describe());
        assertTrue(Files.isDirectory(Path.of("/var/lib/opensrm")), "state directory made by postinst");
        assertTrue(Command.run(Path.of("/"), Map.of(), List.of("id", "srm")).ok(), "system account made");

        Map<String, String> unit = unit();
        assertEquals("/usr/share/opensrm/bin/srm-server -c /etc/opensrm/srm.conf", unit.get("ExecStart"));
        assertEquals("on-failure", unit.get("Restart"));
        assertEquals("srm", unit.get("User"), "not root");
        assertEquals("journal", unit.get("StandardOutput"));
        long connections = Long.parseLong(ConfigKeys.find("jetty.max.connections").orElseThrow().defaultValue());
        assertTrue(Long.parseLong(unit.get("LimitNOFILE")) >= connections + 256,
                "LimitNOFILE covers the default jetty.max.connections=" + connections);
        assertEquals("CAP_CHOWN CAP_FOWNER CAP_DAC_OVERRIDE", unit.get("AmbientCapabilities"));
        Command verify = Command.run(Path.of("/"), Map.of(), List.of("systemd-analyze", "verify", UNIT.toString()));
        assertTrue(verify.ok() && !verify.output().contains("opensrm"), verify.describe());
    }

    @Test
    void theInstalledServerStartsAsItsUnitSaysAndServesGfal2() throws Exception {
        TestGrid grid = TestGrid.create(dir.resolve("grid"));
        GridUser alice = grid.user("Alice");
        Path etc = Files.createDirectories(dir.resolve("etc"));
        grid.hostCredential().writeCertAndKey(etc.resolve("hostcert.pem"), etc.resolve("hostkey.pem"));
        // The host key stays as grid sites keep it, root's with mode 0600: the server, running as 'srm', reads it
        // through CAP_DAC_OVERRIDE (docs/operating.md).
        Files.setPosixFilePermissions(etc.resolve("hostkey.pem"),
                java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        Files.writeString(etc.resolve("grid-mapfile"), "\"" + alice.dn() + "\" " + ACCOUNT + "\n");
        Path data = Files.createDirectories(dir.resolve("data"));
        Command.run(Path.of("/"), Map.of(), List.of("chown", ACCOUNT, data.toString()));
        Path conf = etc.resolve("srm.conf");
        Files.writeString(conf, String.join("\n",
                "srm.host=127.0.0.1", "srm.port=0",
                "srm.hostcert=" + etc.resolve("hostcert.pem"), "srm.hostkey=" + etc.resolve("hostkey.pem"),
                "srm.cadir=" + grid.trustDir(), "srm.gridmap=" + etc.resolve("grid-mapfile"),
                "srm.token.key=" + "0123456789abcdef0123456789abcdef",
                "backend.root=" + data, ""), StandardCharsets.UTF_8);

        Map<String, String> unit = unit();
        String caps = capabilities(unit.get("AmbientCapabilities"));
        // The unit's LimitNOFILE, or this machine's hard limit when that is lower (a container may cap it).
        long nofile = Math.min(Long.parseLong(unit.get("LimitNOFILE")), hardOpenFileLimit());
        List<String> argv = new ArrayList<>(List.of("prlimit", "--nofile=" + nofile, "--",
                "setpriv", "--reuid=" + unit.get("User"), "--regid=" + unit.get("Group"), "--init-groups",
                "--inh-caps=-all," + caps, "--ambient-caps=-all," + caps, "--bounding-set=-all," + caps,
                "--no-new-privs"));
        argv.addAll(List.of(unit.get("ExecStart").replace("/etc/opensrm/srm.conf", conf.toString()).split(" ")));
        Path log = dir.resolve("server.log");
        ProcessBuilder pb = new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("X509_"));
        Process server = pb.start();
        try {
            int port = awaitPort(server, log);
            var clients = grid.clients(alice);
            ClientRun mkdir = clients.gfal("gfal-mkdir", "srm://localhost:" + port + "/made-by-alice");
            assertTrue(mkdir.ok(), mkdir.describe() + "\n" + Files.readString(log));
            ClientRun ls = clients.gfal("gfal-ls", "-l", "srm://localhost:" + port + "/");
            assertTrue(ls.ok() && ls.stdout().contains("made-by-alice"), ls.describe());
            Command owner = Command.run(Path.of("/"), Map.of(), List.of("stat", "-c", "%U",
                    data.resolve("made-by-alice").toString()));
            assertEquals(ACCOUNT, owner.output().trim(), "CAP_CHOWN gave the directory to the mapped account");
            assertEquals("775", mode(data.resolve("made-by-alice")), "backend.posix.dir.mode");
            ClientRun chmod = clients.gfal("gfal-chmod", "700", "srm://localhost:" + port + "/made-by-alice");
            assertTrue(chmod.ok(), chmod.describe());
            assertEquals("700", mode(data.resolve("made-by-alice")),
                    "CAP_FOWNER changed the mode of the account's directory (gfal-chmod 700: issue 22 point 11)");
            Files.writeString(data.resolve("made-by-alice/inside"), "x");
            ClientRun rm = clients.gfal("gfal-rm", "-r", "srm://localhost:" + port + "/made-by-alice");
            assertTrue(rm.ok(), rm.describe());
            assertFalse(Files.exists(data.resolve("made-by-alice")), "CAP_DAC_OVERRIDE reached into the 0700 directory");
            String status = Files.readString(Path.of("/proc/" + server.descendants().filter(p -> p.info().command()
                    .map(c -> c.endsWith("java")).orElse(false)).findFirst().map(ProcessHandle::pid)
                    .orElse(server.pid()) + "/status"));
            assertTrue(status.lines().anyMatch(l -> l.matches("Uid:\\s+[1-9].*")), "not running as root:\n" + status);
            assertFalse(Files.readString(log).contains("WARNING: open-file limit"), Files.readString(log));
        } finally {
            server.destroy();
            if (!server.waitFor(30, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
    }

    private static String mode(Path p) throws IOException, InterruptedException {
        return Command.run(Path.of("/"), Map.of(), List.of("stat", "-c", "%a", p.toString())).output().trim();
    }

    private static long hardOpenFileLimit() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/limits"))) {
            if (line.startsWith("Max open files")) {
                String hard = line.substring("Max open files".length()).trim().split("\\s+")[1];
                return hard.equals("unlimited") ? Long.MAX_VALUE : Long.parseLong(hard);
            }
        }
        return Long.MAX_VALUE;
    }

    private static String capabilities(String systemd) {
        List<String> out = new ArrayList<>();
        for (String c : systemd.split("\\s+")) {
            out.add("+" + c.substring("CAP_".length()).toLowerCase());
        }
        return String.join(",", out);
    }

    private static int awaitPort(Process server, Path log) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (System.nanoTime() < deadline) {
            String text = Files.readString(log, StandardCharsets.UTF_8);
            Matcher m = LISTENING.matcher(text);
            if (m.find()) {
                return Integer.parseInt(m.group(1));
            }
            assertTrue(server.isAlive(), "the installed server ended:\n" + text);
            Thread.sleep(200);
        }
        throw new AssertionError("the installed server did not come up:\n" + Files.readString(log));
    }

    @Test
    void purgeLeavesNothingBehind() throws Exception {

        Command purged = dpkg("--purge", "opensrm");
        assertTrue(purged.ok(), purged.describe());
        for (String p : List.of("/usr/share/opensrm", "/usr/bin/srm-server", "/etc/opensrm", UNIT.toString(),
                "/var/lib/opensrm", "/usr/share/doc/opensrm", "/etc/default/opensrm")) {
            assertFalse(Files.exists(Path.of(p), java.nio.file.LinkOption.NOFOLLOW_LINKS), p + " is gone");
        }
        Command query = Command.run(Path.of("/"), Map.of(), List.of("dpkg-query", "-W", "-f=${Status}", "opensrm"));
        assertFalse(query.output().contains("installed"), query.describe());
        Command again = dpkg("-i", deb.toString());
        assertTrue(again.ok(), again.describe());
    }
}
