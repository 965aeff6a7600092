package org.opensrm.core.full;

import java.util.Objects;
import java.util.Optional;
import java.util.function.IntSupplier;
import org.opensrm.authz.DelegatedCredentials;
import org.opensrm.core.copy.CopyPeers;
import org.opensrm.core.copy.RemoteSrm;
import org.opensrm.core.copy.ThirdPartyTransfer;

/**
 * What full mode's srmCopy needs besides the engine: the data path, the SRM client towards other storage elements,
 * the allowed copy peers (this server's own doors are always allowed), the delegated credentials the transport
 * keeps (the same instance), and this server's SRM port (a SURL naming one of its hosts on another port belongs to
 * another storage element). {@link #NONE}: srmCopy is not offered.
 */
public record CopySetup(Optional<Parts> parts) {
    public static final CopySetup NONE = new CopySetup(Optional.empty());

    public CopySetup {
        Objects.requireNonNull(parts, "parts");
    }

    public static CopySetup of(ThirdPartyTransfer transfer, RemoteSrm remote, CopyPeers peers,
                               DelegatedCredentials credentials, IntSupplier localPort) {
        return new CopySetup(Optional.of(new Parts(transfer, remote, peers, credentials, localPort)));
    }

    /** @param localPort this server's SRM port, asked when needed (known once the listener is bound) */
    public record Parts(ThirdPartyTransfer transfer, RemoteSrm remote, CopyPeers peers,
                        DelegatedCredentials credentials, IntSupplier localPort) {
        public Parts {
            Objects.requireNonNull(transfer, "transfer");
            Objects.requireNonNull(remote, "remote");
            Objects.requireNonNull(peers, "peers");
            Objects.requireNonNull(credentials, "credentials");
            Objects.requireNonNull(localPort, "localPort");
        }
    }
}
