package org.opensrm.transport.internal;

import java.security.cert.X509Certificate;

import java.util.List;
import java.util.Optional;

import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.ConnectionMetaData;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.Request;
import org.opensrm.authz.BearerToken;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.authz.DelegatedCredentials;
import org.opensrm.transport.Peers;

/**
 * Puts the client's {@link ClientIdentity} into each request's attribute {@link Peers#IDENTITY_ATTRIBUTE}. The
 * identity is resolved on the first request of a connection and kept in the connection's attributes, so later
 * keep-alive requests cost one lookup. When bearer tokens are on, a request on a connection without a client
 * certificate that carries {@code Authorization: Bearer} gets an identity holding the token (per request: each
 * request is judged by its own header); a certificate, when there is one, decides alone. A credential the client
 * delegated on the connection goes into {@link Peers#DELEGATED_CREDENTIAL_ATTRIBUTE} (one lookup per request
 * that finds nothing for the connections that did not delegate).
 *
 * <p>It is deliberately not kept in the {@code SSLSession}: with TLS 1.3, JSSE answers every
 * {@code SSLSession.putValue} with another NewSessionTicket on the wire (JDK 17 {@code SSLSessionImpl.updateNST}),
 * and Globus clients, which expect exactly one post-handshake record, would read it as the HTTP answer.
 */
public final class IdentityCustomizer implements HttpConfiguration.Customizer {
    private static final String CONNECTION_KEY = "org.opensrm.transport.identity";

    private static final String BEARER = "Bearer ";

    private final IdentityResolver resolver;
    private final boolean bearerTokens;
    private final DelegatedCredentials credentials;

    public IdentityCustomizer(IdentityResolver resolver, boolean bearerTokens, DelegatedCredentials credentials) {
        this.resolver = resolver;
        this.bearerTokens = bearerTokens;
        this.credentials = credentials;
    }

    @Override
    public Request customize(Request request, HttpFields.Mutable responseHeaders) {
        ConnectionMetaData connection = request.getConnectionMetaData();
        Object identity = connection.getAttribute(CONNECTION_KEY);
        if (identity == null) {
            EndPoint.SslSessionData ssl = connection.getConnection().getEndPoint().getSslSessionData();
            X509Certificate[] chain = ssl == null ? null : ssl.peerCertificates();
            if (chain == null || chain.length == 0) {
                if (bearerTokens) {
                    bearerOf(request).ifPresent(t -> request.setAttribute(Peers.IDENTITY_ATTRIBUTE,
                            ClientIdentity.of(t)));
                }
                return request;
            }
            identity = resolver.resolve(chain);
            connection.setAttribute(CONNECTION_KEY, identity);
        }
        request.setAttribute(Peers.IDENTITY_ATTRIBUTE, identity);
        credentials.ofConnection(connection.getConnection().getEndPoint())
                .ifPresent(c -> request.setAttribute(Peers.DELEGATED_CREDENTIAL_ATTRIBUTE, c));
        return request;
    }

    /** The token of the request's one {@code Authorization: Bearer} header (scheme case-insensitive, RFC 6750). */
    private static Optional<BearerToken> bearerOf(Request request) {
        List<String> values = request.getHeaders().getValuesList(HttpHeader.AUTHORIZATION);
        if (values.size() != 1) {
            return Optional.empty();
        }
        String value = values.get(0);
        if (value.length() <= BEARER.length() || !value.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            return Optional.empty();
        }
        String token = value.substring(BEARER.length()).strip();
        return token.isEmpty() ? Optional.empty() : Optional.of(new BearerToken(token));
    }
}
