package org.opensrm.gridftp;

import java.time.Duration;

/**
 * Where the load figures of a door come from (a Prometheus exporter, Ganglia gmond, ...). Called only by the
 * background prober, never on the request path; one call per door per probe round, possibly from several
 * threads at once for different doors. The contract is {@code org.opensrm.gridftp.contract.LoadSourceContract}.
 */
public interface LoadSource {

    /** A source that reports nothing: the load figure is the time to the 220 banner alone. */
    LoadSource NONE = (door, timeout) -> LoadSample.NONE;

    /**
     * Reads the figures of one door, returning or throwing within {@code timeout}.
     *
     * @throws ProbeException when the endpoint does not answer in time, answers garbage or too much, or reports
     *                        negative or absurd figures
     */
    LoadSample sample(GridFtpNode door, Duration timeout) throws ProbeException;
}
