/**
 * Choosing the GridFTP node a transfer is handed to. {@link org.opensrm.gridftp.GridFtpSelector} is the SPI the core
 * calls on the request path; {@link org.opensrm.gridftp.GridFtpSelectors#create(SelectorConfig)} builds the random or
 * round-robin selector together with its background {@link org.opensrm.gridftp.ProbingNodeHealth}, or the load-probe
 * selector with its background load prober, which reads a {@link org.opensrm.gridftp.LoadSource} (Prometheus text,
 * gmond XML) for each door. The contracts every selector and every load source keep are
 * {@code org.opensrm.gridftp.contract.GridFtpSelectorContract} and {@code ...contract.LoadSourceContract} in this
 * module's test-jar.
 */
package org.opensrm.gridftp;
