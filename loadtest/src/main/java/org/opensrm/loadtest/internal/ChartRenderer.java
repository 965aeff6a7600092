package org.opensrm.loadtest.internal;

import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Lays a {@link Chart} out (axes, ticks, grid, lines, legend) on any {@link Canvas}. */
final class ChartRenderer {
    static final int WIDTH = 960;
    static final int HEIGHT = 560;
    private static final double LEFT = 80;
    private static final double RIGHT = 250;
    private static final double TOP = 50;
    private static final double BOTTOM = 60;
    private static final Color AXIS = new Color(0x333333);
    private static final Color GRID = new Color(0xDDDDDD);
    private static final Color[] PALETTE = {
        new Color(0x1F77B4), new Color(0xD62728), new Color(0x2CA02C), new Color(0xFF7F0E), new Color(0x9467BD),
        new Color(0x8C564B), new Color(0xE377C2), new Color(0x7F7F7F), new Color(0xBCBD22), new Color(0x17BECF),
    };

    void draw(Chart chart, Canvas canvas) {
        canvas.fill(Color.WHITE);
        double plotWidth = WIDTH - LEFT - RIGHT;
        double plotHeight = HEIGHT - TOP - BOTTOM;
        Axis x = xAxis(chart);
        Axis y = yAxis(chart);
        for (Chart.Tick tick : x.ticks) {
            double px = LEFT + x.fraction(tick.value()) * plotWidth;
            canvas.line(px, TOP, px, TOP + plotHeight, GRID, 1, false);
            canvas.text(px, TOP + plotHeight + 18, tick.label(), 12, Canvas.Anchor.MIDDLE, false, AXIS);
        }
        for (Chart.Tick tick : y.ticks) {
            double py = TOP + plotHeight - y.fraction(tick.value()) * plotHeight;
            canvas.line(LEFT, py, LEFT + plotWidth, py, GRID, 1, false);
            canvas.text(LEFT - 8, py + 4, tick.label(), 12, Canvas.Anchor.END, false, AXIS);
        }
        canvas.line(LEFT, TOP + plotHeight, LEFT + plotWidth, TOP + plotHeight, AXIS, 1.5f, false);
        canvas.line(LEFT, TOP, LEFT, TOP + plotHeight, AXIS, 1.5f, false);
        canvas.text(WIDTH / 2.0 - RIGHT / 2, 28, chart.title(), 16, Canvas.Anchor.MIDDLE, false, Color.BLACK);
        canvas.text(LEFT + plotWidth / 2, HEIGHT - 16, chart.xLabel(), 13, Canvas.Anchor.MIDDLE, false, AXIS);
        canvas.text(22, TOP + plotHeight / 2, chart.yLabel(), 13, Canvas.Anchor.MIDDLE, true, AXIS);
        for (int s = 0; s < chart.series().size(); s++) {
            Chart.Series series = chart.series().get(s);
            Color color = PALETTE[s % PALETTE.length];
            double[] xs = new double[series.points().size()];
            double[] ys = new double[xs.length];
            for (int i = 0; i < xs.length; i++) {
                Chart.Point p = series.points().get(i);
                xs[i] = LEFT + x.fraction(p.x()) * plotWidth;
                ys[i] = TOP + plotHeight - y.fraction(p.y()) * plotHeight;
            }
            if (xs.length > 1) {
                canvas.polyline(xs, ys, color, 2);
            }
            for (int i = 0; i < xs.length; i++) {
                canvas.dot(xs[i], ys[i], 3.5, color);
            }
            double ly = TOP + 10 + s * 20;
            double lx = LEFT + plotWidth + 16;
            canvas.line(lx, ly - 4, lx + 24, ly - 4, color, 2, false);
            canvas.dot(lx + 12, ly - 4, 3.5, color);
            canvas.text(lx + 32, ly, series.name(), 12, Canvas.Anchor.START, false, AXIS);
        }
    }

    /** Maps data values to [0, 1] along an axis and holds its ticks. */
    private record Axis(double min, double max, boolean log, List<Chart.Tick> ticks) {
        double fraction(double value) {
            if (log) {
                return (Math.log10(Math.max(value, min)) - Math.log10(min)) / (Math.log10(max) - Math.log10(min));
            }
            return (value - min) / (max - min);
        }
    }

    private static Axis xAxis(Chart chart) {
        double min = Double.MAX_VALUE;
        double max = -Double.MAX_VALUE;
        for (Chart.Series series : chart.series()) {
            for (Chart.Point p : series.points()) {
                min = Math.min(min, p.x());
                max = Math.max(max, p.x());
            }
        }
        for (Chart.Tick tick : chart.xTicks()) {
            min = Math.min(min, tick.value());
            max = Math.max(max, tick.value());
        }
        if (min > max) {
            min = 1;
            max = 10;
        }
        if (chart.logX() && min > 0) {
            double lo = Math.pow(10, Math.floor(Math.log10(min)));
            double hi = Math.pow(10, Math.ceil(Math.log10(max)));
            if (hi <= lo) {
                hi = lo * 10;
            }
            List<Chart.Tick> ticks = new ArrayList<>(chart.xTicks());
            if (ticks.isEmpty()) {
                for (double t = lo; t <= hi * 1.0001; t *= 10) {
                    ticks.add(new Chart.Tick(t, format(t)));
                }
            }
            return new Axis(lo, hi, true, ticks);
        }
        if (max - min < 1e-9) {
            min -= 1;
            max += 1;
        }
        double pad = (max - min) * 0.05;
        List<Chart.Tick> ticks = chart.xTicks().isEmpty() ? niceTicks(min, max) : chart.xTicks();
        return new Axis(min - pad, max + pad, false, ticks);
    }

    private static Axis yAxis(Chart chart) {
        double max = 0;
        for (Chart.Series series : chart.series()) {
            for (Chart.Point p : series.points()) {
                max = Math.max(max, p.y());
            }
        }
        List<Chart.Tick> ticks = niceTicks(0, max <= 0 ? 1 : max * 1.05);
        return new Axis(0, ticks.get(ticks.size() - 1).value(), false, ticks);
    }

    /** Ticks at 1, 2 or 5 times a power of ten, covering [min, max], about five of them. */
    static List<Chart.Tick> niceTicks(double min, double max) {
        double raw = (max - min) / 5;
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        double step = raw / magnitude < 1.5 ? magnitude : raw / magnitude < 3.5 ? 2 * magnitude : 5 * magnitude;
        List<Chart.Tick> ticks = new ArrayList<>();
        double first = Math.floor(min / step) * step;
        for (double t = first; t < max + step; t += step) {
            ticks.add(new Chart.Tick(t, format(t)));
            if (t >= max) {
                break;
            }
        }
        return ticks;
    }

    static String format(double value) {
        if (Math.abs(value - Math.rint(value)) < 1e-9) {
            return String.format(Locale.ROOT, "%d", (long) Math.rint(value));
        }
        return String.format(Locale.ROOT, "%.3g", value);
    }
}
