/**
 * The HTTP/TLS front of the SRM server: one Jetty port speaking GSI "httpg" (TLS with a client proxy chain,
 * then one byte '0' or 'D', then HTTP/1.1) and plain HTTPS, proxy-chain validation with canl, and the
 * authenticated {@link org.opensrm.authz.ClientIdentity} of each request ({@link org.opensrm.transport.Peers}).
 */
package org.opensrm.transport;
