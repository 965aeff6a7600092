/**
 * Choosing the GridFTP node a transfer is handed to. {@link org.opensrm.gridftp.GridFtpSelector} is the SPI the core
 * calls on the request path; {@link org.opensrm.gridftp.GridFtpSelectors#create(SelectorConfig)} builds the random or
 * round-robin selector together with its background {@link org.opensrm.gridftp.ProbingNodeHealth}. The contract
 * every selector keeps is {@code org.opensrm.gridftp.contract.GridFtpSelectorContract} in this module's test-jar.
 */
package org.opensrm.gridftp;
