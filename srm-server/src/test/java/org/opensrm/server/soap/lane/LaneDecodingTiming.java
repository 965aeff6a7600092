package org.opensrm.server.soap.lane;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.Map;
import org.opensrm.server.soap.CapturedRequest;

/**
 * Not a test: the CPU one request of a lane costs to read before it is answered — the scan the servlet needs (the
 * operation, array items, mistyped values) and the decoding of the request — by the one reading without a parser
 * ({@link RequestScan#scan}, which decodes on the way) and by the parser's scan and Woodstox+JAXB
 * ({@link RequestScan#parse}, {@link LaneRequestReader#parsed}: what a body the reading leaves to the parser costs),
 * for gfal2's captured requests (what the load tester sends). CPU time of this thread, so other load on the host
 * barely changes it. Run with {@code benchmarks/run-lane-decoding [seconds per row, default 5]}; prints a Markdown
 * table.
 */
public final class LaneDecodingTiming {
    private static final Map<String, Class<?>> TYPES = SameAsJaxb.LANES;

    private LaneDecodingTiming() {
    }

    /** How one reading decodes one body of one operation. */
    private interface Reading {
        Object read(byte[] body, String operation, Class<?> type);
    }

    public static void main(String[] args) throws Exception {
        long seconds = args.length > 0 ? Long.parseLong(args[0]) : 5;
        LaneRequestReader jaxb = new LaneRequestReader(TYPES.values().toArray(Class<?>[]::new));
        RequestScan scan = new RequestScan();
        List<CapturedRequest> gfal2 = CapturedRequest.all().stream().filter(c -> c.client().equals("gfal2")).toList();
        System.out.println("| request | bytes | one reading without a parser: µs CPU | parser scan + Woodstox+JAXB: µs CPU |");
        System.out.println("|---|---|---|---|");
        for (String operation : List.of("srmLs", "srmPrepareToGet", "srmStatusOfGetRequest", "srmReleaseFiles")) {
            byte[] body = gfal2.stream().filter(c -> c.name().endsWith("-" + operation)).findFirst().orElseThrow()
                    .body();
            Class<?> type = TYPES.get(operation);
            double plain = microsPerCall((b, op, t) -> scan.scan(b).request(), body, operation, type, seconds);
            double parsed = microsPerCall((b, op, t) -> scan.parse(b).operation().isEmpty() ? null
                    : jaxb.parsed(b, op, t), body, operation, type, seconds);
            System.out.printf("| %s | %d | %.2f | %.2f |%n", operation, body.length, plain, parsed);
        }
    }

    /** Thread CPU µs per call over {@code seconds}, after as long a warm-up; fails if the reading gives nothing. */
    private static double microsPerCall(Reading reading, byte[] body, String operation, Class<?> type, long seconds) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        run(reading, body, operation, type, seconds);
        long cpu = threads.getCurrentThreadCpuTime();
        long calls = run(reading, body, operation, type, seconds);
        return (threads.getCurrentThreadCpuTime() - cpu) / 1000.0 / calls;
    }

    private static long run(Reading reading, byte[] body, String operation, Class<?> type, long seconds) {
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        long calls = 0;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 1000; i++) {
                if (reading.read(body, operation, type) == null) {
                    throw new IllegalStateException(operation + " was not decoded");
                }
            }
            calls += 1000;
        }
        return calls;
    }
}
