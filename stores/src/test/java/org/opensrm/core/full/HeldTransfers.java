package org.opensrm.core.full;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.opensrm.authz.DelegatedCredential;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.copy.Adler32s;
import org.opensrm.core.copy.CopyOutcome;
import org.opensrm.core.copy.CopySpec;
import org.opensrm.core.copy.RemoteSrm;
import org.opensrm.core.copy.RunningTransfer;
import org.opensrm.core.copy.ThirdPartyTransfer;
import org.opensrm.core.service.LocalAccounts;

/**
 * srmCopy's data path as a test holds it: each transfer runs until the test ends it, writing the destination as a
 * door would. Its abort comes too late to stop it (the bytes were moved already): it only records the abort, as a
 * transfer ending in success at the moment it is aborted does.
 */
final class HeldTransfers implements ThirdPartyTransfer {
    /** For copies within this storage element, which ask no remote SRM. */
    static final RemoteSrm NO_REMOTE_SRM = new RemoteSrm() {
        @Override
        public Prepared prepareToGet(URI surl, List<String> protocols, DelegatedCredential credential,
                                     BooleanSupplier wanted, Duration within) throws SrmException {
            throw new SrmException(SrmStatus.SRM_NOT_SUPPORTED, "no remote SRM in this test");
        }

        @Override
        public Prepared prepareToPut(URI surl, long size, boolean overwrite, Optional<String> spaceToken,
                                     List<String> protocols, DelegatedCredential credential, BooleanSupplier wanted,
                                     Duration within) throws SrmException {
            throw new SrmException(SrmStatus.SRM_NOT_SUPPORTED, "no remote SRM in this test");
        }

        @Override
        public void finish(Prepared prepared, boolean succeeded, DelegatedCredential credential) {
        }
    };

    private final List<Running> started = new CopyOnWriteArrayList<>();

    @Override
    public RunningTransfer start(CopySpec spec, Supplier<Optional<DelegatedCredential>> credential)
            throws SrmException {
        if (credential.get().isEmpty()) {
            throw SrmException.denied("no delegated credential");
        }
        Running r = new Running(spec);
        started.add(r);
        return r;
    }

    @Override
    public Capabilities capabilities() {
        return new Capabilities(Set.of("gsiftp"), Optional.of("adler32"));
    }

    /** The transfers started, in order. */
    List<Running> started() {
        return started;
    }

    /** One transfer: ended by the test. */
    static final class Running implements RunningTransfer {
        private final CopySpec spec;
        private final CompletableFuture<CopyOutcome> outcome = new CompletableFuture<>();
        private final AtomicBoolean aborted = new AtomicBoolean();

        Running(CopySpec spec) {
            this.spec = spec;
        }

        CopySpec spec() {
            return spec;
        }

        boolean aborted() {
            return aborted.get();
        }

        /** Writes {@code data} at {@code destination} (the destination TURL's local file) as srmuser1, then ends. */
        void succeed(Path destination, byte[] data) throws IOException {
            LocalAccounts.file(destination, LocalAccounts.SRMUSER1, data);
            java.util.zip.Adler32 sum = new java.util.zip.Adler32();
            sum.update(data);
            outcome.complete(new CopyOutcome(SrmStatus.SRM_SUCCESS, "", 1,
                    Optional.of(Adler32s.format(sum.getValue()))));
        }

        @Override
        public CompletableFuture<CopyOutcome> outcome() {
            return outcome;
        }

        @Override
        public void abort() {
            aborted.set(true);
        }
    }
}
