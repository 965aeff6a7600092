/**
 * Test kit used by every integration test: real {@code globus-gridftp-server} processes
 * ({@link org.opensrm.testkit.GridFtpServerProcess}) and the real SRM/GridFTP command-line clients
 * (gfal2, python3-gfal2, ARC, globus-url-copy) run with a clean, explicit environment
 * ({@link org.opensrm.testkit.SrmClients}).
 */
package org.opensrm.testkit;
