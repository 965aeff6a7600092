package org.opensrm.benchmarks.scalability;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Checks that listings are always current while a directory changes under the server: in a loop, it changes
 * the directory on disk directly (not through SRM, so no server-side invalidation can help) and lists it with
 * srmLs right after each change, checking that the answer shows the change:
 * <ol>
 * <li>creates an entry ({@code fresh-<run>-<i>}; a file of a known size, or every other time a directory) →
 * the listing has one entry more, and that entry with its type (and size for a file);</li>
 * <li>for a file: appends to it → the listing shows the new size;</li>
 * <li>removes it → the listing has it no more and the original number of entries.</li>
 * </ol>
 * Every answer must be SRM_SUCCESS. Meant to run beside {@code bin/srm-loadtest} against the same directory
 * ({@code benchmarks/run-scalability dirsize}), so its own srmLs calls are of the same directory size as the
 * measured ones.
 *
 * <pre>
 * ListingFreshness --endpoint httpg://localhost:8443/srm/managerv2 --proxy FILE --cadir DIR
 *                  --surl srm://localhost/d1000 --dir /srv/srm/d1000 --duration 30s [--interval 200ms]
 *                  [--out FILE]
 * </pre>
 * Prints (and appends to --out) one line {@code changes=N listings=N stale=N errors=N}; exit status 0 when no
 * listing was stale and none failed. The first stale answers are described on stderr.
 */
public final class ListingFreshness {
    static final String USAGE = "usage: ListingFreshness --endpoint URL --proxy FILE --cadir DIR --surl SURL --dir PATH"
            + " --duration 30s [--interval 200ms] [--timeout 60s] [--out FILE]";
    private static final int MAX_REPORTED = 10;

    private final SrmLsClient client;
    private final String surl;
    private final PrintStream log = System.err;
    private long listings;
    private long stale;
    private long errors;

    private ListingFreshness(SrmLsClient client, String surl) {
        this.client = client;
        this.surl = surl;
    }

    public static void main(String[] args) throws Exception {
        Options o = new Options(args, Set.of("endpoint", "proxy", "cadir", "surl", "dir", "duration", "interval",
                "timeout", "out"), USAGE);
        Path dir = Path.of(o.require("dir", USAGE));
        Duration duration = Options.parseDuration(o.require("duration", USAGE));
        Duration interval = o.duration("interval", Duration.ofMillis(200));
        int timeout = (int) o.duration("timeout", Duration.ofSeconds(60)).toMillis();
        String surl = o.require("surl", USAGE);
        if (!Files.isDirectory(dir)) {
            System.err.println("--dir " + dir + " is not a directory");
            System.exit(2);
        }
        String line;
        try (SrmLsClient client = new SrmLsClient(o.require("endpoint", USAGE), Path.of(o.require("proxy", USAGE)),
                o.path("cadir"), timeout)) {
            line = new ListingFreshness(client, surl).run(dir, duration, interval);
        }
        System.out.println(line);
        Path out = o.path("out");
        if (out != null) {
            Files.writeString(out, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        }
        System.exit(line.contains(" stale=0 errors=0") ? 0 : 1);
    }

    private String run(Path dir, Duration duration, Duration interval) throws InterruptedException {
        String run = Long.toString(ProcessHandle.current().pid());
        long end = System.nanoTime() + duration.toNanos();
        int base = -1;
        long changes = 0;
        for (int i = 0; System.nanoTime() - end < 0; i++) {
            if (base < 0) {
                Optional<Map<String, SrmLsClient.Entry>> before = list("initial listing");
                if (before.isEmpty()) {
                    Thread.sleep(interval.toMillis());
                    continue;
                }
                base = before.get().size();
            }
            String name = "fresh-" + run + "-" + i;
            Path entry = dir.resolve(name);
            boolean directory = i % 2 == 1;
            long size = 1 + (i * 37L) % 4096;
            try {
                if (directory) {
                    Files.createDirectory(entry);
                } else {
                    Files.write(entry, new byte[(int) size]);
                }
                changes++;
                expect("after creating " + name, base + 1, name, directory ? "DIRECTORY" : "FILE", directory ? -1 : size);
                if (!directory) {
                    Files.write(entry, new byte[100], StandardOpenOption.APPEND);
                    changes++;
                    expect("after appending 100 bytes to " + name, base + 1, name, "FILE", size + 100);
                }
            } catch (IOException e) {
                errors++;
                log.println("freshness: cannot change " + entry + ": " + e);
            } finally {
                try {
                    Files.deleteIfExists(entry);
                    changes++;
                } catch (IOException e) {
                    errors++;
                    log.println("freshness: cannot remove " + entry + ": " + e);
                }
            }
            expect("after removing " + name, base, name, null, -1);
            Thread.sleep(interval.toMillis());
        }
        return String.format(Locale.ROOT, "freshness %s: changes=%d listings=%d stale=%d errors=%d", surl, changes,
                listings, stale, errors);
    }

    /**
     * Lists and checks: {@code count} entries; {@code name} present with that type (and size when not -1), or
     * absent when {@code type} is null.
     */
    private void expect(String when, int count, String name, String type, long size) {
        Optional<Map<String, SrmLsClient.Entry>> got = list(when);
        if (got.isEmpty()) {
            return;
        }
        Map<String, SrmLsClient.Entry> entries = got.get();
        SrmLsClient.Entry e = entries.get(name);
        String problem = null;
        if (entries.size() != count) {
            problem = entries.size() + " entries listed, expected " + count;
        } else if (type == null && e != null) {
            problem = name + " still listed";
        } else if (type != null && e == null) {
            problem = name + " not listed";
        } else if (type != null && !type.equals(e.type())) {
            problem = name + " listed as " + e.type() + ", expected " + type;
        } else if (type != null && size >= 0 && e.size() != size) {
            problem = name + " listed with size " + e.size() + ", expected " + size;
        }
        if (problem != null) {
            stale++;
            if (stale <= MAX_REPORTED) {
                log.println("freshness: STALE listing " + when + ": " + problem);
            }
        }
    }

    private Optional<Map<String, SrmLsClient.Entry>> list(String when) {
        listings++;
        try {
            SrmLsClient.Listing l = client.ls(surl);
            if (!l.success()) {
                errors++;
                if (errors <= MAX_REPORTED) {
                    log.println("freshness: srmLs " + when + " answered HTTP " + l.httpStatus() + " " + l.status()
                            + " " + l.explanation());
                }
                return Optional.empty();
            }
            List<SrmLsClient.Entry> entries = l.entries();
            return Optional.of(entries.stream().collect(Collectors.toMap(SrmLsClient.Entry::name,
                    Function.identity(), (a, b) -> a)));
        } catch (IOException | RuntimeException e) {
            errors++;
            if (errors <= MAX_REPORTED) {
                log.println("freshness: srmLs " + when + " failed: " + e);
            }
            return Optional.empty();
        }
    }
}
