package org.opensrm.core.copy.contract;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.zip.Adler32;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.copy.CopyOutcome;
import org.opensrm.core.copy.CopySpec;
import org.opensrm.core.copy.RunningTransfer;
import org.opensrm.core.copy.ThirdPartyTransfer;

/**
 * The {@link ThirdPartyTransfer} contract, one nested class per operation: copy, abort, and what {@code start}
 * refuses. An implementation binds it by extending this class and returning its {@link TransferFixture}.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
public abstract class ThirdPartyTransferContracts {
    static final int TWENTY_MB = 20 * 1024 * 1024;

    /** The binding's shared fixture. */
    protected abstract TransferFixture fixture();

    @Nested
    class Copy {
        @Test
        void twentyMegabytesArriveWithEqualBytesAndAdler32OwnedByTheMappedAccount() throws Exception {
            TransferFixture f = fixture();
            byte[] data = new byte[TWENTY_MB];
            new SecureRandom().nextBytes(data);
            writeSource(f, "twenty", data);
            String sourceAdler32 = String.format("%08x", adler32(f.sourceFile("twenty")));
            CopyOutcome outcome = run(f, new CopySpec(f.source("twenty"), f.destination("twenty"), "copy-1",
                    Optional.of(sourceAdler32.toUpperCase(java.util.Locale.ROOT))));
            assertEquals(SrmStatus.SRM_SUCCESS, outcome.status(), outcome.explanation());
            assertEquals(1, outcome.attempts());
            Path copied = f.destinationFile("twenty");
            assertEquals(Optional.of(String.format("%08x", adler32(copied))), outcome.adler32(),
                    "the outcome carries the destination's adler32");
            assertEquals(Optional.of(sourceAdler32), outcome.adler32());
            assertArrayEquals(data, Files.readAllBytes(copied));
            assertEquals(f.mappedAccount(), Files.getOwner(copied).getName());
        }

        @Test
        void aMissingSourceFailsAtOnceWithInvalidPathAndLeavesNoFile() throws Exception {
            TransferFixture f = fixture();
            CopyOutcome outcome = run(f, new CopySpec(f.source("never-written"), f.destination("never-written"),
                    "copy-2"));
            assertEquals(SrmStatus.SRM_INVALID_PATH, outcome.status(), outcome.explanation());
            assertEquals(1, outcome.attempts(), "a permanent error is not retried");
            assertFalse(Files.exists(f.destinationFile("never-written")), "a failed copy left a file");
        }

        @Test
        void aCopyWhoseAdler32DiffersFromTheSourcesReportedOneFailsAndLeavesNoFile() throws Exception {
            TransferFixture f = fixture();
            writeSource(f, "changed", new byte[] {7, 8, 9});
            CopyOutcome outcome = run(f, new CopySpec(f.source("changed"), f.destination("changed"), "copy-6",
                    Optional.of("0badc0de")));
            assertEquals(SrmStatus.SRM_FAILURE, outcome.status(), outcome.explanation());
            assertTrue(outcome.explanation().contains("differs from the source's 0badc0de"), outcome.explanation());
            assertEquals(1, outcome.attempts(), "not retried: the source is not what its storage element said");
            assertFalse(Files.exists(f.destinationFile("changed")), "a failed copy left a file");
        }

        @Test
        void aDoorThatDoesNotAnswerIsRetriedThenFails() throws Exception {
            TransferFixture f = fixture();
            writeSource(f, "to-nowhere", new byte[] {1, 2, 3});
            CopyOutcome outcome = run(f, new CopySpec(f.source("to-nowhere"), f.unreachable("to-nowhere"),
                    "copy-3"));
            assertEquals(SrmStatus.SRM_FAILURE, outcome.status(), outcome.explanation());
            assertEquals(f.attempts(), outcome.attempts(), "a transient error is retried: " + outcome);
        }

        @Test
        void aCredentialThatExpiresBetweenAttemptsEndsTheCopy() throws Exception {
            TransferFixture f = fixture();
            writeSource(f, "expiring", new byte[] {4, 5, 6});
            int[] asked = {0};
            // valid at the start and for the first attempt, expired from then on (no renewal)
            RunningTransfer t = f.transfer().start(new CopySpec(f.source("expiring"), f.unreachable("expiring"),
                    "copy-4"), () -> ++asked[0] <= 2 ? f.credential().get() : Optional.empty());
            CopyOutcome outcome = t.outcome().get(3, TimeUnit.MINUTES);
            assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, outcome.status(), outcome.explanation());
            assertTrue(outcome.explanation().contains("expired"), outcome.explanation());
        }
    }

    @Nested
    class Abort {
        @Test
        void anAbortWhileTransferringStopsItAndRemovesThePartialDestination() throws Exception {
            TransferFixture f = fixture();
            Path big = f.sourceFile("big");
            try (RandomAccessFile file = new RandomAccessFile(big.toFile(), "rw")) {
                file.setLength(256L * 1024 * 1024); // sparse
            }
            Files.setPosixFilePermissions(big, PosixFilePermissions.fromString("rw-r--r--"));
            try {
                RunningTransfer t = f.transfer().start(new CopySpec(f.source("big"), f.destination("big"), "copy-5"),
                        f.credential());
                Path partial = f.destinationFile("big");
                while (!(Files.exists(partial) && Files.size(partial) > 0) && !t.outcome().isDone()) {
                    Thread.sleep(20); // the class timeout bounds the wait
                }
                f.stallSource(); // the copy now hangs in the middle, with a partial destination
                try {
                    assertEquals(1, f.transfersRunningTo("big"));
                    assertFalse(t.outcome().isDone(), () -> "the copy ended before it could be aborted: "
                            + t.outcome().join());
                    long partialSize = Files.size(partial);
                    assertTrue(partialSize > 0 && partialSize < Files.size(big), "not partial: " + partialSize);
                    t.abort();
                    t.abort();
                    CopyOutcome outcome = t.outcome().get(2, TimeUnit.MINUTES);
                    assertEquals(SrmStatus.SRM_ABORTED, outcome.status(), outcome.explanation());
                    assertFalse(Files.exists(partial), "the partial destination is still there");
                    assertEquals(0, f.transfersRunningTo("big"), "the transfer still runs");
                } finally {
                    f.resumeSource();
                }
            } finally {
                Files.deleteIfExists(big);
            }
        }
    }

    @Nested
    class Refusals {
        @Test
        void aDoorOutsideTheAllowedPeersIsRefused() throws Exception {
            TransferFixture f = fixture();
            assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE, new CopySpec(f.source("x"), f.notAllowed("x"), "r-1"));
            assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE, new CopySpec(f.notAllowed("y"), f.destination("y"),
                    "r-2"));
        }

        @Test
        void aSourceThatIsItsOwnDestinationIsRefused() throws Exception {
            TransferFixture f = fixture();
            URI self = f.source("self");
            URI sameFile = URI.create(self.toString().replace("/self", "/./self"));
            assertStatus(SrmStatus.SRM_INVALID_REQUEST, new CopySpec(self, sameFile, "r-3"));
        }

        @Test
        void aCopyWithoutDelegatedCredentialIsRefusedSayingDelegationIsNeeded() {
            TransferFixture f = fixture();
            SrmException e = assertThrows(SrmException.class, () -> f.transfer().start(
                    new CopySpec(f.source("a"), f.destination("a"), "r-4"), Optional::empty));
            assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, e.status());
            assertTrue(e.getMessage().contains("delegat"), e.getMessage());
        }

        @Test
        void aUrlOfAnotherSchemeIsRefused() throws Exception {
            TransferFixture f = fixture();
            assertStatus(SrmStatus.SRM_INVALID_REQUEST, new CopySpec(URI.create("file:///etc/passwd"),
                    f.destination("p"), "r-5"));
        }

        private void assertStatus(SrmStatus expected, CopySpec spec) {
            SrmException e = assertThrows(SrmException.class, () -> fixture().transfer().start(spec,
                    fixture().credential()));
            assertEquals(expected, e.status(), e.getMessage());
        }
    }

    static CopyOutcome run(TransferFixture f, CopySpec spec) throws Exception {
        return f.transfer().start(spec, f.credential()).outcome().get(3, TimeUnit.MINUTES);
    }

    static void writeSource(TransferFixture f, String name, byte[] data) throws IOException {
        Path file = f.sourceFile(name);
        Files.write(file, data);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    }

    static long adler32(Path file) throws IOException {
        Adler32 sum = new Adler32();
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buf)) > 0;) {
                sum.update(buf, 0, n);
            }
        }
        return sum.getValue();
    }
}
