/**
 * The data path of srmCopy: moving one file between two GridFTP doors for a client, with the credential it
 * delegated (GSI delegation on httpg; {@link org.opensrm.authz.DelegatedCredentials} holds it, a lease on the DN
 * keeps it for as long as the copy runs).
 *
 * <p>{@link org.opensrm.core.copy.ThirdPartyTransfer} is the SPI (contract suite in the test sources,
 * {@code copy.contract.ThirdPartyTransferContracts}) and {@link org.opensrm.core.copy.RemoteSrm} the other storage
 * element's SRM; both are implemented outside the core, in the client module ({@code org.opensrm.client}:
 * {@code GlobusUrlCopyTransfer} with {@code globus-url-copy} as a child process, configured by
 * {@link org.opensrm.core.copy.GridFtpCopyConfig}; {@code HttpgSrmClient} over httpg), and wired in by the
 * composition root. Doors of the allow-list {@link org.opensrm.core.copy.CopyPeers} only. The engine (queued
 * srmCopy requests, the local side's hidden-name-then-rename) is built on these interfaces; no socket or process
 * is opened here.
 */
package org.opensrm.core.copy;
