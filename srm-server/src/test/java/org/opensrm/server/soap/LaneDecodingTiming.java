package org.opensrm.server.soap;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.Map;
import org.opensrm.server.soap.gen.SrmPrepareToGetRequest;
import org.opensrm.server.soap.gen.SrmReleaseFilesRequest;
import org.opensrm.server.soap.gen.SrmStatusOfGetRequestRequest;

/**
 * Not a test: the CPU one request of a get's cycle costs to decode in its lane, by the plain reading
 * ({@link PlainRequests}) and by Woodstox+JAXB ({@link LaneRequestReader#parsed}), for gfal2's captured requests (what
 * the load tester sends). CPU time of this thread, so other load on the host barely changes it. Run with
 * {@code benchmarks/run-lane-decoding [seconds per row, default 5]}; prints a Markdown table.
 */
public final class LaneDecodingTiming {
    private static final Map<String, Class<?>> TYPES = Map.of("srmPrepareToGet", SrmPrepareToGetRequest.class,
            "srmStatusOfGetRequest", SrmStatusOfGetRequestRequest.class,
            "srmReleaseFiles", SrmReleaseFilesRequest.class);

    private LaneDecodingTiming() {
    }

    /** How one reading decodes one body of one operation. */
    private interface Reading {
        Object read(byte[] body, String operation, Class<?> type);
    }

    public static void main(String[] args) throws Exception {
        long seconds = args.length > 0 ? Long.parseLong(args[0]) : 5;
        LaneRequestReader jaxb = new LaneRequestReader(TYPES.values().toArray(Class<?>[]::new));
        List<CapturedRequest> gfal2 = CapturedRequest.all().stream().filter(c -> c.client().equals("gfal2")).toList();
        System.out.println("| request | bytes | plain: µs CPU | Woodstox+JAXB: µs CPU |");
        System.out.println("|---|---|---|---|");
        for (String operation : List.of("srmPrepareToGet", "srmStatusOfGetRequest", "srmReleaseFiles")) {
            byte[] body = gfal2.stream().filter(c -> c.name().endsWith("-" + operation)).findFirst().orElseThrow()
                    .body();
            Class<?> type = TYPES.get(operation);
            double plain = microsPerCall(PlainRequests::read, body, operation, type, seconds);
            double parsed = microsPerCall(jaxb::parsed, body, operation, type, seconds);
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
