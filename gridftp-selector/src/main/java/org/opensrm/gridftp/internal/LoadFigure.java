package org.opensrm.gridftp.internal;

import org.opensrm.gridftp.LoadProbeConfig;
import org.opensrm.gridftp.LoadSample;

/**
 * The one number doors are ranked by: the weighted mean of the figures a door reports, each as a fraction of its
 * capacity (sessions / sessions max, bytes/s / link, CPU load / cores). Figures not reported are left out.
 *
 * @param load NaN when no reported figure has a positive weight
 * @param full whether the door serves as many sessions as it can
 * @param sessionsMax the session limit the door was judged by
 */
public record LoadFigure(double load, boolean full, double sessionsMax) {

    public static LoadFigure of(LoadSample s, LoadProbeConfig c) {
        double num = 0;
        double den = 0;
        double max = s.sessionsMax() >= 1 ? s.sessionsMax() : c.sessionsMax();
        if (!Double.isNaN(s.sessions()) && c.weightSessions() > 0) {
            num += c.weightSessions() * s.sessions() / max;
            den += c.weightSessions();
        }
        if (!Double.isNaN(s.bytesPerSecond()) && c.weightThroughput() > 0) {
            double link = s.bytesPerSecondMax() > 0 ? s.bytesPerSecondMax() : c.linkBytesPerSecond();
            num += c.weightThroughput() * s.bytesPerSecond() / link;
            den += c.weightThroughput();
        }
        if (!Double.isNaN(s.cpu()) && c.weightCpu() > 0) {
            num += c.weightCpu() * s.cpu();
            den += c.weightCpu();
        }
        boolean full = !Double.isNaN(s.sessions()) && s.sessions() >= max;
        return new LoadFigure(den > 0 ? num / den : Double.NaN, full, max);
    }
}
