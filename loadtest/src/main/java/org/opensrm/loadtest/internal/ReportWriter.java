package org.opensrm.loadtest.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.opensrm.loadtest.LevelResult;
import org.opensrm.loadtest.TargetSurl;

/**
 * Writes a run's reports into a directory: {@code results.csv} (one row per level), {@code statuses.csv} (one row
 * per level and observed status), {@code connect-failures.csv} (one row per level and reason a connection could not
 * be set up), {@code rate-vs-concurrency.svg/.png} and, when several targets were run,
 * {@code latency-vs-dirsize.svg/.png}.
 */
public final class ReportWriter {
    public static final String RESULTS_HEADER = "concurrency,op,connection,requests,ok,srm_other,http_errors,"
            + "conn_errors,rate_per_s,p50_ms,p90_ms,p99_ms,max_ms,http_503,malformed,handshakes,clients,"
            + "seconds,label,surl,clients_connected,clients_answered,all_answered_s,"
            + "level_connections,level_conn_errors,client_answer_max_ms,client_stall_max_ms";
    private final ChartFiles charts = new ChartFiles();

    /** @return the files written */
    public List<Path> write(Path directory, List<LevelResult> results, List<TargetSurl> targets) throws IOException {
        Files.createDirectories(directory);
        List<Path> written = new ArrayList<>();
        written.add(writeLines(directory.resolve("results.csv"), RESULTS_HEADER, resultRows(results)));
        written.add(writeLines(directory.resolve("statuses.csv"), "concurrency,op,connection,label,status,count",
                statusRows(results)));
        written.add(writeLines(directory.resolve("connect-failures.csv"), "concurrency,label,reason,count",
                failureRows(results)));
        charts.write(ResultCharts.rateVsConcurrency(results), directory, "rate-vs-concurrency");
        written.add(directory.resolve("rate-vs-concurrency.svg"));
        written.add(directory.resolve("rate-vs-concurrency.png"));
        if (targets.size() > 1) {
            charts.write(ResultCharts.latencyVsDirectorySize(results, targets), directory, "latency-vs-dirsize");
            written.add(directory.resolve("latency-vs-dirsize.svg"));
            written.add(directory.resolve("latency-vs-dirsize.png"));
        }
        return written;
    }

    private static List<String> resultRows(List<LevelResult> results) {
        List<String> rows = new ArrayList<>();
        for (LevelResult r : results) {
            rows.add(String.format(Locale.ROOT, "%d,%s,%s,%d,%d,%d,%d,%d,%.2f,%.3f,%.3f,%.3f,%.3f,%d,%d,%d,%d,%.3f,%s,%s,%d,%d,%.3f,%d,%d,%.1f,%.1f",
                    r.concurrency(), r.operation().label(), r.connectionMode().label(), r.requests(), r.ok(),
                    r.srmOther(), r.httpErrors(), r.connErrors(), r.ratePerSecond(), r.p50Millis(), r.p90Millis(),
                    r.p99Millis(), r.maxMillis(), r.http503(), r.malformed(), r.handshakes(), r.clients(),
                    r.measuredSeconds(), csv(r.target().label()), csv(r.target().surl()), r.clientsConnected(),
                    r.clientsAnswered(), r.allAnsweredSeconds(), r.levelConnections(), r.levelConnErrors(), r.longestAnswerMillis(),
                    r.longestStallMillis()));
        }
        return rows;
    }

    private static List<String> statusRows(List<LevelResult> results) {
        List<String> rows = new ArrayList<>();
        for (LevelResult r : results) {
            for (Map.Entry<String, Long> e : new java.util.TreeMap<>(r.statusCounts()).entrySet()) {
                rows.add(r.concurrency() + "," + r.operation().label() + "," + r.connectionMode().label() + ","
                        + csv(r.target().label()) + "," + csv(e.getKey()) + "," + e.getValue());
            }
        }
        return rows;
    }

    private static List<String> failureRows(List<LevelResult> results) {
        List<String> rows = new ArrayList<>();
        for (LevelResult r : results) {
            for (Map.Entry<String, Long> e : new java.util.TreeMap<>(r.connectFailures()).entrySet()) {
                rows.add(r.concurrency() + "," + csv(r.target().label()) + "," + csv(e.getKey()) + "," + e.getValue());
            }
        }
        return rows;
    }

    private static Path writeLines(Path file, String header, List<String> rows) throws IOException {
        List<String> lines = new ArrayList<>(rows.size() + 1);
        lines.add(header);
        lines.addAll(rows);
        Files.write(file, lines, StandardCharsets.UTF_8);
        return file;
    }

    /** RFC 4180 quoting when needed. */
    static String csv(String value) {
        if (value.contains(",") || value.contains("\"") || value.contains("\n")) {
            return "\"" + value.replace("\"", "\"\"") + "\"";
        }
        return value;
    }
}
