package org.opensrm.gridftp.agent;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Throughput from globus-gridftp-server's transfer log ({@code -log-transfer FILE}, or the server log with the
 * {@code transfer} log level): each finished transfer's line carries {@code START=}, {@code DATE=} (its end, UTC)
 * and {@code NBYTES=}. The file is read on from where the last call stopped (from its start after it shrank, i.e.
 * was rotated); throughput over a window is the bytes of the transfers in it, each counted for the part of its
 * duration that falls inside the window. Not thread-safe: one caller (the scrape handler, synchronized).
 */
final class TransferLog {
    private static final Pattern FIELDS = Pattern.compile("DATE=(\\d{14}(?:\\.\\d+)?).*?START=(\\d{14}(?:\\.\\d+)?).*?NBYTES=(\\d+)");
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMddHHmmss");
    private static final int MAX_LINE = 64 * 1024;

    record Transfer(double start, double end, long bytes) {
    }

    private final Path file;
    private final Deque<Transfer> recent = new ArrayDeque<>();
    private long offset;
    private long totalBytes;
    private long totalTransfers;

    TransferLog(Path file) {
        this.file = file;
    }

    /** Reads the lines appended since the last call. */
    void catchUp() throws IOException {
        if (!Files.exists(file)) {
            return;
        }
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            if (f.length() < offset) {
                offset = 0;
            }
            f.seek(offset);
            byte[] chunk = new byte[(int) Math.min(f.length() - offset, 16L << 20)];
            f.readFully(chunk);
            int lineStart = 0;
            for (int i = 0; i < chunk.length; i++) {
                if (chunk[i] == '\n') {
                    if (i - lineStart <= MAX_LINE) {
                        line(new String(chunk, lineStart, i - lineStart, StandardCharsets.UTF_8));
                    }
                    lineStart = i + 1;
                }
            }
            offset += lineStart;
        }
    }

    void line(String line) {
        Matcher m = FIELDS.matcher(line);
        if (!m.find()) {
            return;
        }
        try {
            double end = epochSeconds(m.group(1));
            double start = epochSeconds(m.group(2));
            long bytes = Long.parseLong(m.group(3));
            recent.addLast(new Transfer(Math.min(start, end), end, bytes));
            totalBytes += bytes;
            totalTransfers++;
        } catch (DateTimeParseException | NumberFormatException e) {
            // a line we cannot read counts for nothing
        }
    }

    /** Bytes per second over the {@code window} seconds before {@code now} (epoch seconds). */
    double bytesPerSecond(double now, double window) {
        double from = now - window;
        while (!recent.isEmpty() && recent.peekFirst().end() < from) {
            recent.removeFirst();
        }
        double bytes = 0;
        for (Transfer t : recent) {
            double lo = Math.max(from, t.start());
            double hi = Math.min(now, t.end());
            if (hi < lo) {
                continue;
            }
            double duration = t.end() - t.start();
            bytes += duration <= 0 ? t.bytes() : t.bytes() * (hi - lo) / duration;
        }
        return bytes / window;
    }

    long totalBytes() {
        return totalBytes;
    }

    long totalTransfers() {
        return totalTransfers;
    }

    private static double epochSeconds(String stamp) {
        int dot = stamp.indexOf('.');
        String whole = dot < 0 ? stamp : stamp.substring(0, dot);
        double frac = dot < 0 ? 0 : Double.parseDouble("0" + stamp.substring(dot));
        return LocalDateTime.parse(whole, STAMP).toEpochSecond(ZoneOffset.UTC) + frac;
    }
}
