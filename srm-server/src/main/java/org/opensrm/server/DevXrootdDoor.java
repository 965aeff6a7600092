package org.opensrm.server;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Comparator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The XRootD door of {@code srm-server --dev}, beside its GridFTP door when Debian's {@code xrootd-server} and
 * {@code xrootd-server-plugins} are installed: {@code root://} (GSI, the development grid-mapfile) and
 * {@code https://} (XrdHttp with HTTP-TPC) on one port it picks itself, exporting the data directory, allowing
 * nothing but what a macaroon of the server grants ({@code doors.macaroon.*}: the secret {@code macaroon-secret}
 * of the development directory, made on first start). XRootD refuses to run as root: started as root it runs as
 * the {@code xrootd} account with {@code CAP_DAC_OVERRIDE} (it writes uploads into the accounts' own staging
 * directories), otherwise as the caller. Its files are under {@code xrootd/} of the development directory.
 */
final class DevXrootdDoor implements AutoCloseable {
    static final Path EXECUTABLE = Path.of("/usr/bin/xrootd");
    /** The plug-in that makes XRootD speak HTTP (xrootd-server-plugins). */
    static final String HTTP_PLUGIN = "libXrdHttp-5.so";
    static final String SITE = "OpenSRM-dev";
    private static final String ACCOUNT = "xrootd";
    private static final Pattern READY = Pattern.compile("------ xrootd \\S+:(\\d+) initialization completed");
    private static final Duration START_TIMEOUT = Duration.ofSeconds(30);

    private final Process process;
    private final int port;

    private DevXrootdDoor(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** The settings that make the server's root:// and https:// TURLs carry macaroons for this door. */
    static List<String> macaroonSettings(Path devDir) {
        return List.of("doors.macaroon.secret=" + devDir.resolve("macaroon-secret"), "doors.macaroon.location=" + SITE);
    }

    /**
     * Starts the door and returns once it accepts connections.
     *
     * @throws IOException when it cannot start or is not up within 30 s (the message names its log)
     */
    static DevXrootdDoor start(Path devDir, Path data, Path hostCert, Path hostKey, Path trustDir, Path gridMap)
            throws IOException {
        Path secret = devDir.resolve("macaroon-secret");
        if (!Files.exists(secret)) {
            byte[] key = new byte[64];
            new SecureRandom().nextBytes(key);
            Files.createFile(secret, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(secret, Base64.getEncoder().encodeToString(key) + "\n", StandardCharsets.US_ASCII);
        }
        Path work = Files.createDirectories(devDir.resolve("xrootd"));
        Path trust = Files.createDirectories(work.resolve("certificates"));
        try (Stream<Path> files = Files.list(trustDir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.copy(f, trust.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Path admin = work.resolve("admin");
        deleteTree(admin); // the last run's sockets and links: runtime state, made anew by each door
        Files.createDirectories(admin);
        Files.copy(hostCert, work.resolve("hostcert.pem"), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(hostKey, work.resolve("hostkey.pem"), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(secret, work.resolve("macaroon-secret"), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(gridMap, work.resolve("grid-mapfile"), StandardCopyOption.REPLACE_EXISTING);
        Files.writeString(work.resolve("authdb"), "# no rule: only a macaroon of the server grants access\n");
        Files.writeString(work.resolve("xrootd.cfg"), configuration(work, data));
        boolean root = "root".equals(System.getProperty("user.name"));
        if (root) {
            UserPrincipal door = work.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(ACCOUNT);
            try (Stream<Path> all = Files.walk(work)) {
                for (Path p : (Iterable<Path>) all::iterator) {
                    Files.getFileAttributeView(p, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                            .setOwner(door);
                }
            }
        }
        Path log = work.resolve("xrootd.log");
        Files.deleteIfExists(log);
        List<String> cmd = new ArrayList<>();
        if (root) {
            cmd.addAll(List.of("setpriv", "--reuid=" + ACCOUNT, "--regid=" + ACCOUNT, "--init-groups",
                    "--inh-caps=+dac_override", "--ambient-caps=+dac_override", "--"));
        }
        cmd.addAll(List.of(EXECUTABLE.toString(), "-c", work.resolve("xrootd.cfg").toString(), "-l", log.toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().keySet().removeIf(k -> k.startsWith("X509_") || k.startsWith("XRD"));
        pb.directory(work.toFile());
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.redirectOutput(work.resolve("stdout.txt").toFile());
        pb.redirectError(work.resolve("stderr.txt").toFile());
        Process process = pb.start();
        try {
            long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
            int port = announcedPort(process, log, deadline);
            while (!accepts(port)) {
                DoorProcesses.waitOrGiveUp(process, "xrootd", deadline, START_TIMEOUT,
                        "no connection accepted on port " + port);
            }
            return new DevXrootdDoor(process, port);
        } catch (IOException e) {
            DoorProcesses.stop(process);
            throw new IOException("the development XRootD door did not start: " + e.getMessage() + " (see "
                    + work.resolve("stderr.txt") + " and " + log + ")", e);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) all.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        }
    }

    private static String configuration(Path work, Path data) {
        String cert = work.resolve("hostcert.pem").toString();
        String key = work.resolve("hostkey.pem").toString();
        String trust = work.resolve("certificates").toString();
        String gridMap = work.resolve("grid-mapfile").toString();
        return "# development door of srm-server --dev, rewritten on every start\n"
                + "all.export " + data + "/\n"
                + "all.adminpath " + work.resolve("admin") + "\n"
                + "all.pidpath " + work.resolve("admin") + "\n"
                + "all.sitename " + SITE + "\n"
                + "xrd.port any\n"
                + "xrd.network nodnr\n"
                + "xrootd.chksum adler32\n"
                + "xrootd.seclib libXrdSec.so\n"
                + "sec.protocol gsi -certdir:" + trust + " -cert:" + cert + " -key:" + key + " -gridmap:" + gridMap
                + " -gmapopt:2 -crl:1 -vomsat:0\n"
                + "sec.protbind * only gsi\n"
                + "xrd.protocol XrdHttp:any libXrdHttp.so\n"
                + "http.cert " + cert + "\n"
                + "http.key " + key + "\n"
                + "http.cadir " + trust + "\n"
                + "http.gridmap " + gridMap + "\n"
                + "http.exthandler xrdtpc libXrdHttpTPC.so\n"
                + "http.header2cgi Authorization authz\n" // a peer's HTTP third-party copy brings our macaroon so
                + "http.exthandler xrdmacaroons libXrdMacaroons.so\n"
                + "ofs.authorize 1\n"
                + "ofs.authlib libXrdMacaroons.so\n"
                + "acc.authdb " + work.resolve("authdb") + "\n"
                + "macaroons.secretkey " + work.resolve("macaroon-secret") + "\n"
                + "macaroons.onmissing deny\n";
    }

    private static int announcedPort(Process process, Path log, long deadline) throws IOException {
        while (true) {
            if (Files.exists(log)) {
                Matcher m = READY.matcher(Files.readString(log, StandardCharsets.UTF_8));
                if (m.find()) {
                    return Integer.parseInt(m.group(1));
                }
            }
            DoorProcesses.waitOrGiveUp(process, "xrootd", deadline, START_TIMEOUT, "it announced no port");
        }
    }

    private static boolean accepts(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The door as {@code doors} names it: {@code root://localhost:PORT|https://localhost:PORT}. */
    String node() {
        return "root://localhost:" + port + "|https://localhost:" + port;
    }

    int port() {
        return port;
    }

    /** Stops the door and whatever it started. */
    @Override
    public void close() {
        DoorProcesses.stop(process);
    }
}
