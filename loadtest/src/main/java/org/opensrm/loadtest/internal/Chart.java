package org.opensrm.loadtest.internal;

import java.util.List;

/**
 * A line chart: what is plotted, independent of the output format.
 *
 * @param xTicks explicit x ticks (value, label); empty to derive them from the data
 */
public record Chart(String title, String xLabel, String yLabel, boolean logX, List<Series> series,
                    List<Tick> xTicks) {
    public Chart {
        series = List.copyOf(series);
        xTicks = List.copyOf(xTicks);
    }

    /** One line: points in x order. */
    public record Series(String name, List<Point> points) {
        public Series {
            points = List.copyOf(points);
        }
    }

    public record Point(double x, double y) {
    }

    public record Tick(double value, String label) {
    }
}
