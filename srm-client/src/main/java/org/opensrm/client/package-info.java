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
 *
 * <p>There is no other httpg client: srm-core's {@code HttpgCall}, the test kit's {@code HttpgSoapClient} and the
 * load tester's {@code HttpgConnection} were replaced by this one, and transport's test client wraps
 * {@link org.opensrm.client.HttpgConnection}. The test kit cannot hold it (srm-core's tests use the test kit, and
 * this module needs srm-core), so tests depend on this module directly.
 */
package org.opensrm.client;
