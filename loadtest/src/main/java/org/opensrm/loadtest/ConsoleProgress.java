package org.opensrm.loadtest;

import java.io.PrintStream;
import java.util.Locale;

/** Prints one line per second while a level runs and a summary line when it ends. */
public final class ConsoleProgress implements ProgressListener {
    private final PrintStream out;

    public ConsoleProgress(PrintStream out) {
        this.out = out;
    }

    @Override
    public void progress(LevelProgress p) {
        String phase = p.measuring() ? "measure"
                : p.connecting() ? "connecting (" + p.clientsConnected() + " of " + p.clientsStarted() + " connected)"
                : p.clientsStarted() < p.concurrency() ? "warmup (" + p.clientsStarted() + " clients started)"
                : "warmup";
        out.printf(Locale.ROOT, "[%s n=%d] %s %5.1fs %9.1f/s  ok=%d srm_other=%d http=%d conn=%d malformed=%d"
                        + " handshakes=%d%n", name(p.operation(), p.target(), p.connectionMode()), p.concurrency(),
                phase, p.elapsedSeconds(), p.lastSecondRate(), p.ok(), p.srmOther(),
                p.httpErrors(), p.connErrors(), p.malformed(), p.handshakes());
        out.flush();
    }

    @Override
    public void levelFinished(LevelResult r) {
        out.printf(Locale.ROOT, "== %s n=%d%s: %d requests in %.1fs, %.1f ok/s; latency ms p50 %.1f p90 %.1f p99 %.1f"
                        + " max %.1f; srm_other=%d http=%d (503: %d) conn=%d malformed=%d handshakes=%d%n",
                name(r.operation(), r.target(), r.connectionMode()), r.concurrency(),
                r.clients() < r.concurrency() ? " (only " + r.clients() + " clients started)" : "", r.requests(),
                r.measuredSeconds(), r.ratePerSecond(), r.p50Millis(), r.p90Millis(), r.p99Millis(), r.maxMillis(),
                r.srmOther(), r.httpErrors(), r.http503(), r.connErrors(), r.malformed(), r.handshakes());
        r.statusCounts().forEach((status, count) -> out.printf(Locale.ROOT, "     %-50s %d%n", status, count));
        out.printf(Locale.ROOT, "     clients over the level: %d connected, %d answered, the last first answer %.1fs after"
                + " the start; %d connections opened, %d connection errors%n", r.clientsConnected(),
                r.clientsAnswered(), r.allAnsweredSeconds(), r.levelConnections(), r.levelConnErrors());
        out.flush();
    }

    private static String name(Operation op, TargetSurl target, ConnectionMode mode) {
        return op.label() + (target.equals(TargetSurl.NONE) ? "" : " " + target.label()) + " " + mode.label();
    }
}
