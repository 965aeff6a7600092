package org.opensrm.gridftp;

/**
 * The load figures one probe read from a door's host. A figure the source does not report is {@link Double#NaN}.
 *
 * @param sessions          live GridFTP sessions (control connections being served)
 * @param sessionsMax       the most sessions the door serves before it answers {@code 421} (its own report)
 * @param bytesPerSecond    network or transfer throughput now
 * @param bytesPerSecondMax what the door's link carries at most (its own report)
 * @param cpu               CPU load as a fraction of the host's cores (1-minute load average / cores)
 */
public record LoadSample(double sessions, double sessionsMax, double bytesPerSecond, double bytesPerSecondMax,
                         double cpu) {
    /** Figures above these are not believed (a misconfigured exporter, a counter reset read as a rate...). */
    public static final double ABSURD_SESSIONS = 1_000_000;
    public static final double ABSURD_BYTES_PER_SECOND = 1e13;
    public static final double ABSURD_CPU = 1_000;

    /** Only banner latency is known: every load figure is absent. */
    public static final LoadSample NONE = new LoadSample(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);

    /** @return whether at least one of sessions, throughput and CPU is reported */
    public boolean hasFigures() {
        return !Double.isNaN(sessions) || !Double.isNaN(bytesPerSecond) || !Double.isNaN(cpu);
    }

    /**
     * @return this sample when every reported figure is finite, not negative and below the absurd bounds
     * @throws ProbeException naming the first figure that is not
     */
    public LoadSample checked() throws ProbeException {
        check("sessions", sessions, ABSURD_SESSIONS);
        check("sessions max", sessionsMax, ABSURD_SESSIONS);
        check("bytes/s", bytesPerSecond, ABSURD_BYTES_PER_SECOND);
        check("link bytes/s", bytesPerSecondMax, ABSURD_BYTES_PER_SECOND);
        check("cpu load", cpu, ABSURD_CPU);
        return this;
    }

    private static void check(String what, double value, double absurd) throws ProbeException {
        if (Double.isNaN(value)) {
            return;
        }
        if (Double.isInfinite(value) || value < 0 || value > absurd) {
            throw new ProbeException("absurd " + what + " figure " + value);
        }
    }
}
