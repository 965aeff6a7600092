package org.opensrm.transport.internal;

import java.security.cert.X509Certificate;

import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.ConnectionMetaData;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.Request;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.transport.Peers;

/**
 * Puts the client's {@link ClientIdentity} into each request's attribute {@link Peers#IDENTITY_ATTRIBUTE}. The
 * identity is resolved on the first request of a connection and kept in the connection's attributes, so later
 * keep-alive requests cost one lookup.
 *
 * <p>It is deliberately not kept in the {@code SSLSession}: with TLS 1.3, JSSE answers every
 * {@code SSLSession.putValue} with another NewSessionTicket on the wire (JDK 17 {@code SSLSessionImpl.updateNST}),
 * and Globus clients, which expect exactly one post-handshake record, would read it as the HTTP answer.
 */
public final class IdentityCustomizer implements HttpConfiguration.Customizer {
    private static final String CONNECTION_KEY = "org.opensrm.transport.identity";

    private final IdentityResolver resolver;

    public IdentityCustomizer(IdentityResolver resolver) {
        this.resolver = resolver;
    }

    @Override
    public Request customize(Request request, HttpFields.Mutable responseHeaders) {
        ConnectionMetaData connection = request.getConnectionMetaData();
        Object identity = connection.getAttribute(CONNECTION_KEY);
        if (identity == null) {
            EndPoint.SslSessionData ssl = connection.getConnection().getEndPoint().getSslSessionData();
            X509Certificate[] chain = ssl == null ? null : ssl.peerCertificates();
            if (chain == null || chain.length == 0) {
                return request;
            }
            identity = resolver.resolve(chain);
            connection.setAttribute(CONNECTION_KEY, identity);
        }
        request.setAttribute(Peers.IDENTITY_ATTRIBUTE, identity);
        return request;
    }
}
