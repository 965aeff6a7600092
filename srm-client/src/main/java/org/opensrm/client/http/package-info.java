/**
 * srmCopy's data path over HTTP: a WLCG HTTP third-party copy ({@code COPY} with {@code Source:} or
 * {@code Destination:}) run by this server's own XRootD door, each end authorised by the bearer token of its TURL
 * ({@link org.opensrm.client.http.HttpTpcTransfer}, settings {@link org.opensrm.client.http.HttpTpcConfig}).
 * It implements the {@link org.opensrm.core.copy.ThirdPartyTransfer} SPI beside GridFTP's;
 * {@link org.opensrm.core.copy.TransfersByScheme} chooses between them by the TURLs' scheme. The reasoning
 * (credentials, which side is active, what each door verifies) is in docs/architecture.md, "srmCopy over HTTP".
 */
package org.opensrm.client.http;
