/**
 * Implementation detail of the client module: PEM proxy files and CA directories, the TLS context of an httpg
 * client, the transfer tools as child processes ({@code ToolRun}), the delegated proxy as a 0600 file
 * ({@code ProxyFile}) and what a tool's failure means ({@code Failures}).
 */
package org.opensrm.client.internal;
