package org.opensrm.transport.internal;

import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.AbstractConnectionFactory;
import org.eclipse.jetty.server.ConnectionFactory;
import org.eclipse.jetty.server.Connector;
import org.opensrm.authz.DelegatedCredentials;

import eu.emi.security.authn.x509.X509CertChainValidator;

/**
 * The protocol step between TLS and HTTP/1.1: reads the first application bytes of a connection, consumes the
 * GSI byte {@code '0'} that Globus clients send after the handshake, performs the GSI delegation exchange after a
 * lone {@code 'D'} (the delegated credential goes to {@link DelegatedCredentials}), and hands everything else (plain
 * HTTPS) untouched to {@code nextProtocol}.
 *
 * <p>Like Jetty's {@code DetectorConnectionFactory} it passes the bytes it read on through
 * {@link Connection.UpgradeFrom}/{@link Connection.UpgradeTo}, but it reports refused handshakes quietly (the
 * trust manager has logged the reason) instead of a warning with a stack trace per refused client.
 */
public final class GsiConnectionFactory extends AbstractConnectionFactory {
    public static final String PROTOCOL = "gsi";

    private final String nextProtocol;
    private final Delegation delegation;
    private final DelegatedCredentials credentials;

    /**
     * @param nextProtocol the protocol that follows the GSI byte, e.g. {@code HTTP/1.1}
     * @param validator    validates delegated chains as the handshake validates client chains
     * @param credentials  where accepted delegations go
     */
    public GsiConnectionFactory(String nextProtocol, X509CertChainValidator validator,
            DelegatedCredentials credentials) {
        super(PROTOCOL);
        this.nextProtocol = nextProtocol;
        this.delegation = new Delegation(validator);
        this.credentials = credentials;
    }

    @Override
    public Connection newConnection(Connector connector, EndPoint endPoint) {
        ConnectionFactory next = connector.getConnectionFactory(nextProtocol);
        if (next == null) {
            throw new IllegalStateException("no connection factory for " + nextProtocol + " on " + connector);
        }
        return configure(new GsiConnection(endPoint, connector, next, getInputBufferSize(),
                delegation, credentials), connector, endPoint);
    }
}
