/**
 * The server as a client, and the one httpg client of the project.
 *
 * <p>{@link org.opensrm.client.HttpgClient} speaks GSI "httpg" (TLS with a proxy chain, the GSI byte {@code '0'}
 * or delegation {@code 'D'} with {@link org.opensrm.client.GsiDelegation}, then HTTP/1.1); srmCopy, the load
 * tester and the tests all use it. {@link org.opensrm.client.HttpgSrmClient} implements the core's
 * {@link org.opensrm.core.copy.RemoteSrm} over it (another storage element's SRM, called with the client's
 * delegated credential), {@link org.opensrm.client.GlobusUrlCopyTransfer} the core's
 * {@link org.opensrm.core.copy.ThirdPartyTransfer} with {@code globus-url-copy} as a child process. The
 * composition root ({@code SrmServer}) wires them into the core with {@code new}; the core sees only its interfaces.
 */
package org.opensrm.client;
