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
     * Whether this source reports figures for {@code door}; for a door it does not, the load figure is the time its
     * health probe took (the 220 banner, XRootD's handshake, the HTTP answer). Every door but for {@link #NONE}.
     */
    default boolean reports(GridFtpNode door) {
        return this != NONE;
    }

    /**
     * A source per door kind ({@link GridFtpNode#kind()}: {@code gsiftp}, {@code root}, {@code https}), e.g. XRootD's
     * own reporting for {@code root} doors and the configured Prometheus endpoints for the others.
     *
     * @param byKind    the source of each kind named
     * @param otherwise the source of the doors of the other kinds
     */
    static LoadSource byKind(java.util.Map<String, LoadSource> byKind, LoadSource otherwise) {
        java.util.Map<String, LoadSource> copy = java.util.Map.copyOf(byKind);
        return new LoadSource() {
            @Override
            public LoadSample sample(GridFtpNode door, Duration timeout) throws ProbeException {
                return copy.getOrDefault(door.kind(), otherwise).sample(door, timeout);
            }

            @Override
            public boolean reports(GridFtpNode door) {
                return copy.getOrDefault(door.kind(), otherwise).reports(door);
            }
        };
    }

    /**
     * Reads the figures of one door, returning or throwing within {@code timeout}.
     *
     * @throws ProbeException when the endpoint does not answer in time, answers garbage or too much, or reports
     *                        negative or absurd figures
     */
    LoadSample sample(GridFtpNode door, Duration timeout) throws ProbeException;
}
