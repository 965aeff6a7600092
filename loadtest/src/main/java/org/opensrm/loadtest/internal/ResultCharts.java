package org.opensrm.loadtest.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.opensrm.loadtest.LevelResult;
import org.opensrm.loadtest.TargetSurl;

/** Turns level results into the two classic plots. */
final class ResultCharts {
    private ResultCharts() {
    }

    /** Effective processing rate (OK/s) against client concurrency; one line per target SURL. */
    static Chart rateVsConcurrency(List<LevelResult> results) {
        Map<String, List<Chart.Point>> lines = new LinkedHashMap<>();
        double min = Double.MAX_VALUE;
        double max = 0;
        for (LevelResult r : results) {
            lines.computeIfAbsent(seriesName(r), k -> new ArrayList<>())
                    .add(new Chart.Point(r.concurrency(), r.ratePerSecond()));
            min = Math.min(min, r.concurrency());
            max = Math.max(max, r.concurrency());
        }
        String op = results.isEmpty() ? "" : "srm" + capitalised(results.get(0).operation().label());
        return new Chart("Effective processing rate vs client concurrency (" + op + ")",
                "concurrent clients", "successful requests per second", max / min >= 10,
                toSeries(lines, ""), List.of());
    }

    /**
     * Median latency against directory size (the targets' labels); one line per concurrency level. Labels that are
     * not all numbers are placed in run order.
     */
    static Chart latencyVsDirectorySize(List<LevelResult> results, List<TargetSurl> targets) {
        boolean numeric = targets.stream().allMatch(t -> t.numericLabel() > 0);
        double min = targets.stream().mapToDouble(TargetSurl::numericLabel).min().orElse(1);
        double max = targets.stream().mapToDouble(TargetSurl::numericLabel).max().orElse(1);
        List<Chart.Tick> ticks = new ArrayList<>();
        for (int i = 0; i < targets.size(); i++) {
            ticks.add(new Chart.Tick(numeric ? targets.get(i).numericLabel() : i + 1, targets.get(i).label()));
        }
        Map<String, List<Chart.Point>> lines = new LinkedHashMap<>();
        for (LevelResult r : results) {
            if (r.ok() == 0) {
                continue;
            }
            double x = numeric ? r.target().numericLabel() : targets.indexOf(r.target()) + 1;
            lines.computeIfAbsent("c=" + r.concurrency() + " p50", k -> new ArrayList<>())
                    .add(new Chart.Point(x, r.p50Millis()));
        }
        String op = results.isEmpty() ? "" : "srm" + capitalised(results.get(0).operation().label());
        return new Chart(op + " latency vs directory size", numeric ? "entries in directory" : "target",
                "median latency (ms)", numeric && max / min >= 10, toSeries(lines, ""), ticks);
    }

    private static List<Chart.Series> toSeries(Map<String, List<Chart.Point>> lines, String suffix) {
        List<Chart.Series> series = new ArrayList<>();
        lines.forEach((name, points) -> {
            List<Chart.Point> sorted = new ArrayList<>(points);
            sorted.sort((a, b) -> Double.compare(a.x(), b.x()));
            series.add(new Chart.Series(name + suffix, sorted));
        });
        return series;
    }

    private static String seriesName(LevelResult r) {
        String target = r.target().equals(TargetSurl.NONE) ? "" : " " + r.target().label();
        return r.operation().label() + target + " (" + r.connectionMode().label() + ")";
    }

    private static String capitalised(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
