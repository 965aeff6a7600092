/**
 * The HTTP/TLS front of the SRM server: one Jetty port speaking GSI "httpg" (TLS with a client proxy chain,
 * then one byte '0' or 'D', then HTTP/1.1 keep-alive) and plain HTTPS, proxy-chain validation with canl, and
 * the authenticated {@link org.opensrm.authz.ClientIdentity} of each request ({@link org.opensrm.transport.Peers}).
 *
 * <p>Connection pipeline: {@code SslConnectionFactory} → {@code GsiConnectionFactory} (first application bytes:
 * '0' consumed; a lone 'D' = GSI delegation: certificate request, the client's signed proxy validated and kept in
 * {@link org.opensrm.authz.DelegatedCredentials}; anything else passed on untouched) →
 * {@code HttpConnectionFactory} (HTTP/1.1, no Server header, absolute-form {@code httpg://} request lines
 * accepted whatever the Host header says). Work per connection: chain validation (handshake) and identity
 * resolution (first request, kept in the connection's attributes); per request: one attribute lookup.
 */
package org.opensrm.transport;
