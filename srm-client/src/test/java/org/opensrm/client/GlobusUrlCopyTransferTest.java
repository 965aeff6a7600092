package org.opensrm.client;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.opensrm.authz.DelegatedCredential;
import org.opensrm.core.copy.CopyPeers;
import org.opensrm.core.copy.GridFtpCopyConfig;
import org.opensrm.core.copy.ThirdPartyTransfer;
import org.opensrm.core.copy.contract.ThirdPartyTransferContracts;
import org.opensrm.core.copy.contract.TransferFixture;
import org.opensrm.devpki.Credential;
import org.opensrm.devpki.ProxyStyle;
import org.opensrm.testkit.GridFtpServerProcess;
import org.opensrm.testkit.GridUser;
import org.opensrm.testkit.TwoGridFtpDoors;

/**
 * The transfer contract bound to {@link GlobusUrlCopyTransfer} between two real {@code globus-gridftp-server}
 * doors on loopback, each with its own storage directory, Alice mapped to {@code srmuser1} on both, and a
 * credential shaped as GSI delegation leaves it on the server (a proxy of Alice's proxy, with its own key).
 */
@Tag("integration")
class GlobusUrlCopyTransferTest extends ThirdPartyTransferContracts {
    static final String ACCOUNT = "srmuser1";

    static TwoGridFtpDoors doors;
    static GridFtpServerProcess doorA;
    static GridFtpServerProcess doorB;
    static ExecutorService executor;
    static Fixture fixture;

    @BeforeAll
    static void start() throws Exception {
        doors = TwoGridFtpDoors.start("copy", "Alice", ACCOUNT);
        doorA = doors.a();
        doorB = doors.b();
        GridUser alice = doors.user();
        Credential delegated = doors.grid().pki().proxy(alice.proxy(), Duration.ofHours(1), ProxyStyle.RFC3820);
        DelegatedCredential credential = new DelegatedCredential(alice.dn(), delegated.key(), delegated.chain());
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            closedPort = s.getLocalPort(); // nothing listens there once closed
        }
        CopyPeers peers = CopyPeers.of(List.of("localhost:" + doorA.port(), "localhost:" + doorB.port(),
                "localhost:" + closedPort));
        executor = Executors.newCachedThreadPool();
        GridFtpCopyConfig config = GridFtpCopyConfig.builder(doors.grid().trustDir(), doors.base().resolve("work"))
                .peers(peers).attempts(3).backoff(Duration.ofMillis(100), Duration.ofMillis(400)).build();
        fixture = new Fixture(new GlobusUrlCopyTransfer(config, executor), config.attempts(), doors.storageA(),
                doors.storageB(), closedPort, () -> Optional.of(credential));
    }

    @AfterAll
    static void stop() throws IOException {
        if (executor != null) {
            executor.shutdownNow();
        }
        if (doors != null) {
            doors.close();
        }
    }

    @Override
    protected TransferFixture fixture() {
        return fixture;
    }

    record Fixture(ThirdPartyTransfer transfer, int attempts, Path storageA, Path storageB, int closedPort,
                   Supplier<Optional<DelegatedCredential>> credential) implements TransferFixture {
        @Override
        public URI source(String name) {
            return URI.create(doorA.url(sourceFile(name).toString()));
        }

        @Override
        public URI destination(String name) {
            return URI.create(doorB.url(destinationFile(name).toString()));
        }

        @Override
        public Path sourceFile(String name) {
            return storageA.resolve(name);
        }

        @Override
        public Path destinationFile(String name) {
            return storageB.resolve(name);
        }

        @Override
        public URI unreachable(String name) {
            return URI.create("gsiftp://localhost:" + closedPort + destinationFile(name));
        }

        @Override
        public URI notAllowed(String name) {
            return URI.create("gsiftp://127.0.0.1:" + doorB.port() + destinationFile(name));
        }

        /** Stops (SIGSTOP) the source door's session processes: the transfer hangs where it is. */
        @Override
        public void stallSource() throws Exception {
            signalSessions(doorA, "-STOP");
        }

        @Override
        public void resumeSource() throws Exception {
            signalSessions(doorA, "-CONT");
        }

        private static void signalSessions(GridFtpServerProcess door, String signal) throws Exception {
            List<String> command = new java.util.ArrayList<>(List.of("kill", signal));
            ProcessHandle.of(door.pid()).orElseThrow().descendants()
                    .forEach(p -> command.add(Long.toString(p.pid())));
            if (command.size() > 2) {
                new ProcessBuilder(command).inheritIO().start().waitFor();
            }
        }

        /** globus-url-copy processes whose command line names the destination file. */
        @Override
        public long transfersRunningTo(String name) {
            String target = destination(name).toString();
            return ProcessHandle.allProcesses().filter(ProcessHandle::isAlive)
                    .filter(p -> p.info().commandLine().map(c -> c.contains("globus-url-copy") && c.contains(target))
                            .orElse(false))
                    .count();
        }

        @Override
        public String mappedAccount() {
            return ACCOUNT;
        }
    }
}
