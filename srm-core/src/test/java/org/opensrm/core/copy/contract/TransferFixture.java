package org.opensrm.core.copy.contract;

import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Supplier;

import org.opensrm.authz.DelegatedCredential;
import org.opensrm.core.copy.ThirdPartyTransfer;

/**
 * Two storage elements a {@link ThirdPartyTransfer} copies between, whose files the tests also see locally, and a
 * client's delegated credential. Shared by the tests of a binding (the doors are expensive to start).
 */
public interface TransferFixture {
    /** The implementation under test, allowing exactly the two storage elements and {@link #unreachable}. */
    ThirdPartyTransfer transfer();

    /** How many attempts the implementation makes at most (its back-off kept short for the tests). */
    int attempts();

    URI source(String name);

    URI destination(String name);

    /** The local file behind {@link #source}; the test writes it (readable by the mapped account). */
    Path sourceFile(String name);

    /** The local file behind {@link #destination}. */
    Path destinationFile(String name);

    /** A URL on an allowed peer where nothing listens: every attempt fails with a transient error. */
    URI unreachable(String name);

    /** A URL on a host that is not an allowed copy peer. */
    URI notAllowed(String name);

    /** Makes the source storage element stop sending in the middle of a transfer, until {@link #resumeSource}. */
    void stallSource() throws Exception;

    void resumeSource() throws Exception;

    /** How many transfer processes (or other workers) still move data to {@link #destination}{@code (name)}. */
    long transfersRunningTo(String name);

    /** The client's delegated credential (as a lease yields it). */
    Supplier<Optional<DelegatedCredential>> credential();

    /** The account the client is mapped to at the destination, who must own copied files. */
    String mappedAccount();
}
