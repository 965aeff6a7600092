package org.opensrm.core.copy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.opensrm.authz.DelegatedCredential;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;

/** {@link TransfersByScheme}: a copy goes to the transfer of its URLs' scheme; mixed or unknown ones do not run. */
class TransfersBySchemeTest {
    /** Records what it was asked to copy. */
    private static final class Recording implements ThirdPartyTransfer {
        final String scheme;
        final List<CopySpec> started = new ArrayList<>();

        Recording(String scheme) {
            this.scheme = scheme;
        }

        @Override
        public RunningTransfer start(CopySpec spec, Supplier<Optional<DelegatedCredential>> credential) {
            started.add(spec);
            return new RunningTransfer() {
                @Override
                public CompletableFuture<CopyOutcome> outcome() {
                    return CompletableFuture.completedFuture(CopyOutcome.failed(SrmStatus.SRM_FAILURE, "-", 0));
                }

                @Override
                public void abort() {
                }
            };
        }

        @Override
        public Capabilities capabilities() {
            return new Capabilities(Set.of(scheme), Optional.of("adler32"));
        }
    }

    @Test
    void eachSchemeGoesToItsTransferAndDavsIsHttps() throws SrmException {
        Recording gridFtp = new Recording("gsiftp");
        Recording http = new Recording("https");
        TransfersByScheme both = new TransfersByScheme(List.of(gridFtp, http));
        both.start(new CopySpec(URI.create("gsiftp://a/f"), URI.create("gsiftp://b/f"), "1"), Optional::empty);
        both.start(new CopySpec(URI.create("davs://a/f"), URI.create("https://b/f"), "2"), Optional::empty);
        assertEquals(1, gridFtp.started.size());
        assertEquals(1, http.started.size());
        assertEquals(Set.of("gsiftp", "https"), both.capabilities().schemes());
        assertEquals(Optional.of("adler32"), both.capabilities().checksums());
    }

    @Test
    void twoProtocolsOrOneNobodyMovesAreInvalidRequests() {
        TransfersByScheme gridFtpOnly = new TransfersByScheme(List.of(new Recording("gsiftp")));
        SrmException mixed = assertThrows(SrmException.class, () -> gridFtpOnly.start(new CopySpec(
                URI.create("gsiftp://a/f"), URI.create("https://b/f"), "3"), Optional::empty));
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, mixed.status());
        SrmException unknown = assertThrows(SrmException.class, () -> gridFtpOnly.start(new CopySpec(
                URI.create("https://a/f"), URI.create("https://b/f"), "4"), Optional::empty));
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, unknown.status());
    }
}
