/**
 * The data path of srmCopy: moving one file between two GridFTP doors for a client, with the credential it
 * delegated (GSI delegation on httpg; {@link org.opensrm.authz.DelegatedCredentials} holds it, a lease on the DN
 * keeps it for as long as the copy runs).
 *
 * <p>{@link org.opensrm.core.copy.ThirdPartyTransfer} is the SPI (contract suite in the test sources,
 * {@code copy.contract.ThirdPartyTransferContracts}); {@link org.opensrm.core.copy.GlobusUrlCopyTransfer} implements
 * it with {@code globus-url-copy} as a child process ({@link org.opensrm.core.copy.GridFtpCopyConfig}: tools, CA
 * directory, private work directory, attempts and back-off, stall timeout) between doors of the allow-list
 * {@link org.opensrm.core.copy.CopyPeers}. The engine (queued srmCopy requests, the SRM client side towards a remote
 * storage element, the local side's hidden-name-then-rename) is built on it; none of that lives here.
 */
package org.opensrm.core.copy;
