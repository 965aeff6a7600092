package org.opensrm.benchmarks.scalability;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;

/**
 * One srmLs (or a few on one connection) with its answer checked: used by {@code benchmarks/run-scalability} to
 * wait for a server, warm it up, capture the answer the static endpoint replays, check the test directories and
 * check that the server still answers after the 10,000-connection run.
 *
 * <pre>
 * LsOnce --endpoint httpg://localhost:8443/srm/managerv2 --proxy FILE --cadir DIR --surl srm://localhost/d10
 *        [--expect-entries N] [--repeat N] [--save FILE] [--wait 60s] [--timeout 30s]
 * </pre>
 * {@code --save FILE} writes the last answer's body to FILE and its Content-Type to FILE.type. {@code --wait}
 * retries connection errors (a server still starting) for that long. Prints one line; exit status 0 when every
 * answer was SRM_SUCCESS (with N entries when asked), 1 otherwise.
 */
public final class LsOnce {
    static final String USAGE = "usage: LsOnce --endpoint httpg://HOST:PORT/srm/managerv2 --proxy FILE --cadir DIR"
            + " --surl SURL [--expect-entries N] [--repeat N] [--save FILE] [--wait 60s] [--timeout 30s]";

    private LsOnce() {
    }

    public static void main(String[] args) throws Exception {
        Options o = new Options(args, Set.of("endpoint", "proxy", "cadir", "surl", "expect-entries", "repeat", "save",
                "wait", "timeout"), USAGE);
        String endpoint = o.require("endpoint", USAGE);
        String surl = o.require("surl", USAGE);
        int expect = o.integer("expect-entries", -1);
        int repeat = Math.max(1, o.integer("repeat", 1));
        Duration wait = o.duration("wait", Duration.ZERO);
        int timeout = (int) o.duration("timeout", Duration.ofSeconds(30)).toMillis();
        Path save = o.path("save");
        long deadline = System.nanoTime() + wait.toNanos();
        double[] ms = new double[repeat];
        SrmLsClient.Listing last = null;
        try (SrmLsClient client = new SrmLsClient(endpoint, Path.of(o.require("proxy", USAGE)), o.path("cadir"),
                timeout)) {
            for (int i = 0; i < repeat; i++) {
                while (true) {
                    try {
                        last = client.ls(surl);
                        break;
                    } catch (IOException e) {
                        if (System.nanoTime() - deadline >= 0) {
                            System.out.println("srmLs " + surl + ": FAILED " + e);
                            System.exit(1);
                        }
                        Thread.sleep(500);
                    }
                }
                ms[i] = last.millis();
                if (!last.success() || (expect >= 0 && last.entries().size() != expect)) {
                    break;
                }
            }
        }
        if (save != null) {
            Files.write(save, last.body());
            Files.writeString(Path.of(save + ".type"), last.contentType() == null ? "" : last.contentType(),
                    StandardCharsets.UTF_8);
        }
        boolean ok = last.success() && (expect < 0 || last.entries().size() == expect);
        Arrays.sort(ms);
        System.out.println(String.format(Locale.ROOT, "srmLs %s: %s HTTP %d %s%s, %d entries%s, %d bytes, %s",
                surl, ok ? "OK" : "FAILED", last.httpStatus(), last.status(),
                last.explanation() == null || last.success() ? "" : " (" + last.explanation() + ")",
                last.entries().size(), expect >= 0 ? " (expected " + expect + ")" : "", last.body().length,
                repeat == 1 ? String.format(Locale.ROOT, "%.1f ms", ms[0])
                        : String.format(Locale.ROOT, "%d calls, median %.2f ms, min %.2f ms", repeat,
                                ms[repeat / 2], ms[0])));
        System.exit(ok ? 0 : 1);
    }
}
