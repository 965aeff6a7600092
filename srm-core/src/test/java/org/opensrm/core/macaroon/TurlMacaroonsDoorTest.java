package org.opensrm.core.macaroon;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.core.macaroon.TurlMacaroons.Activity;
import org.opensrm.testkit.ClientRun;
import org.opensrm.testkit.GridUser;
import org.opensrm.testkit.SrmClients;
import org.opensrm.testkit.TestGrid;
import org.opensrm.testkit.XrootdServerProcess;

/**
 * A TURL's macaroon against the real XRootD door (Debian's xrootd 5.5 with XrdMacaroons), with xrdcp, davix and
 * curl: its own path, activity and lifetime work; another path, writing with a read grant, an expired grant, a
 * grant signed with another secret, and a client the door does not map (root://) are refused by the door.
 */
@Tag("integration")
class TurlMacaroonsDoorTest {
    @TempDir
    static Path tmp;
    static TestGrid grid;
    static GridUser alice;
    static GridUser carol;
    static Path data;
    static XrootdServerProcess door;
    static TurlMacaroons turls;
    static byte[] content;

    @BeforeAll
    static void start() throws IOException {
        grid = TestGrid.create(tmp);
        alice = grid.user("Alice");
        carol = grid.user("Carol");
        data = Files.createTempDirectory(Path.of("/tmp"), "opensrm-door-data-");
        Files.setPosixFilePermissions(data, PosixFilePermissions.fromString("rwxrwxrwx"));
        content = new byte[200_000];
        new Random(7).nextBytes(content);
        Files.write(data.resolve("f"), content);
        Files.writeString(data.resolve("f2"), "next to f");
        Files.writeString(data.resolve("g"), "another file");
        door = XrootdServerProcess.start(grid.xrootdServer("door", data).map(alice.dn(), "srmuser1").build());
        turls = new TurlMacaroons(MacaroonSecret.read(door.macaroonSecret()), door.siteName(), Clock.systemUTC());
    }

    @AfterAll
    static void stop() throws IOException {
        if (door != null) {
            door.close();
        }
        try (Stream<Path> all = Files.walk(data)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private static String read(String path) {
        return turls.mint(path, Activity.READ, "srmuser1", Instant.now().plusSeconds(300));
    }

    /** The door path of a name in the data directory: its file system path. */
    private static String at(String name) {
        return data.resolve(name.substring(1)).toString();
    }

    private static SrmClients as(GridUser user) {
        return grid.clients(user);
    }

    @Test
    void itsOwnClientReadsItsOwnPathOverRootAndHttps() throws IOException {
        String m = read(at("/f"));
        Path viaRoot = tmp.resolve("via-root");
        ClientRun root = as(alice).run(List.of("xrdcp", "-f", TurlMacaroons.withAuthz(door.rootUrl(at("/f")), m),
                viaRoot.toString()));
        assertEquals(0, root.exitCode(), root.describe());
        assertArrayEquals(content, Files.readAllBytes(viaRoot));

        Path viaDavix = tmp.resolve("via-davix");
        ClientRun davix = as(alice).run(List.of("davix-get", "--capath", grid.trustDir().toString(),
                TurlMacaroons.withAuthz(door.httpsUrl(at("/f")), m), viaDavix.toString()));
        assertEquals(0, davix.exitCode(), davix.describe());
        assertArrayEquals(content, Files.readAllBytes(viaDavix));

        assertEquals("200", curl(alice, TurlMacaroons.withAuthz(door.httpsUrl(at("/f")), m)).stdout().trim());
    }

    @Test
    void anotherPathIsRefused() throws IOException {
        String m = read(at("/f"));
        ClientRun root = as(alice).run(List.of("xrdcp", "-f", TurlMacaroons.withAuthz(door.rootUrl(at("/g")), m),
                tmp.resolve("g-root").toString()));
        assertRefused(root);
        assertEquals("403", curl(alice, TurlMacaroons.withAuthz(door.httpsUrl(at("/g")), m)).stdout().trim());
        assertFalse(Files.exists(tmp.resolve("g-root")));
    }

    @Test
    void writingWithAReadTurlIsRefused() throws IOException {
        String m = read(at("/f"));
        Path other = Files.writeString(tmp.resolve("other"), "overwrite attempt");
        ClientRun root = as(alice).run(List.of("xrdcp", "-f", other.toString(),
                TurlMacaroons.withAuthz(door.rootUrl(at("/f")), m)));
        assertRefused(root);
        ClientRun put = as(alice).run(List.of("curl", "-sS", "-o", "/dev/null", "-w", "%{http_code}", "--capath",
                grid.trustDir().toString(), "-T", other.toString(),
                TurlMacaroons.withAuthz(door.httpsUrl(at("/f")), m)));
        assertEquals("403", put.stdout().trim(), put.describe());
        assertArrayEquals(content, Files.readAllBytes(data.resolve("f")), "the file is unchanged");
    }

    @Test
    void anExpiredTurlIsRefused() throws IOException {
        Clock hourAgo = Clock.offset(Clock.systemUTC(), Duration.ofHours(-1));
        TurlMacaroons earlier = new TurlMacaroons(MacaroonSecret.read(door.macaroonSecret()), door.siteName(), hourAgo);
        String m = earlier.mint(at("/f"), Activity.READ, "srmuser1", hourAgo.instant().plusSeconds(60));
        assertRefused(as(alice).run(List.of("xrdcp", "-f", TurlMacaroons.withAuthz(door.rootUrl(at("/f")), m),
                tmp.resolve("expired").toString())));
        assertEquals("403", curl(alice, TurlMacaroons.withAuthz(door.httpsUrl(at("/f")), m)).stdout().trim());
    }

    @Test
    void aMacaroonOfAnotherSecretIsRefused() throws IOException {
        byte[] other = new byte[64];
        new Random(1).nextBytes(other);
        String m = new TurlMacaroons(MacaroonSecret.of(other), door.siteName(), Clock.systemUTC())
                .mint(at("/f"), Activity.READ, "srmuser1", Instant.now().plusSeconds(300));
        assertEquals("403", curl(alice, TurlMacaroons.withAuthz(door.httpsUrl(at("/f")), m)).stdout().trim());
    }

    @Test
    void aClientTheDoorDoesNotMapIsRefusedOverRoot() throws IOException {
        ClientRun root = as(carol).run(List.of("xrdcp", "-f",
                TurlMacaroons.withAuthz(door.rootUrl(at("/f")), read(at("/f"))),
                tmp.resolve("carol").toString()));
        assertNotEquals(0, root.exitCode(), root.describe());
        assertFalse(Files.exists(tmp.resolve("carol")));
    }

    @Test
    void aWriteTurlWritesItsPathOnlyAndOnlyWrites() throws IOException {
        byte[] upload = new byte[150_000];
        new Random(3).nextBytes(upload);
        Path source = Files.write(tmp.resolve("upload"), upload);
        String m = turls.mint(at("/up1"), Activity.WRITE, "srmuser1", Instant.now().plusSeconds(300));
        ClientRun root = as(alice).run(List.of("xrdcp", source.toString(),
                TurlMacaroons.withAuthz(door.rootUrl(at("/up1")), m)));
        assertEquals(0, root.exitCode(), root.describe());
        assertArrayEquals(upload, Files.readAllBytes(data.resolve("up1")));

        ClientRun elsewhere = as(alice).run(List.of("xrdcp", source.toString(),
                TurlMacaroons.withAuthz(door.rootUrl(at("/up-other")), m)));
        assertRefused(elsewhere);
        assertFalse(Files.exists(data.resolve("up-other")));

        String m2 = turls.mint(at("/up2"), Activity.WRITE, "srmuser1", Instant.now().plusSeconds(300));
        ClientRun put = as(alice).run(List.of("davix-put", "--capath", grid.trustDir().toString(), source.toString(),
                TurlMacaroons.withAuthz(door.httpsUrl(at("/up2")), m2)));
        assertEquals(0, put.exitCode(), put.describe());
        assertArrayEquals(upload, Files.readAllBytes(data.resolve("up2")));
        assertEquals("403", curl(alice, TurlMacaroons.withAuthz(door.httpsUrl(at("/up2")), m2)).stdout().trim(),
                "a write TURL does not read");
    }

    private static ClientRun curl(GridUser user, String url) throws IOException {
        return as(user).run(List.of("curl", "-sS", "-o", "/dev/null", "-w", "%{http_code}", "--capath",
                grid.trustDir().toString(), url));
    }

    private static void assertRefused(ClientRun run) {
        assertNotEquals(0, run.exitCode(), run.describe());
        assertTrue(run.stderr().contains("permission denied") || run.stderr().contains("Permission denied"),
                run.describe());
    }
}
