package org.opensrm.loadtest.internal;

import java.awt.Color;
import java.util.Locale;

/** Draws into an SVG 1.1 document held in memory. */
final class SvgCanvas implements Canvas {
    private final StringBuilder svg = new StringBuilder(16 * 1024);
    private final int width;
    private final int height;

    SvgCanvas(int width, int height) {
        this.width = width;
        this.height = height;
    }

    @Override
    public void fill(Color color) {
        svg.append("<rect x=\"0\" y=\"0\" width=\"").append(width).append("\" height=\"").append(height)
                .append("\" fill=\"").append(hex(color)).append("\"/>\n");
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, Color color, float width, boolean dashed) {
        svg.append(String.format(Locale.ROOT,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%.1f\"%s/>%n",
                x1, y1, x2, y2, hex(color), width, dashed ? " stroke-dasharray=\"6,4\"" : ""));
    }

    @Override
    public void polyline(double[] xs, double[] ys, Color color, float width) {
        svg.append("<polyline fill=\"none\" stroke=\"").append(hex(color)).append("\" stroke-width=\"")
                .append(String.format(Locale.ROOT, "%.1f", width)).append("\" points=\"");
        for (int i = 0; i < xs.length; i++) {
            svg.append(String.format(Locale.ROOT, "%s%.1f,%.1f", i == 0 ? "" : " ", xs[i], ys[i]));
        }
        svg.append("\"/>\n");
    }

    @Override
    public void dot(double x, double y, double radius, Color color) {
        svg.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\"/>%n",
                x, y, radius, hex(color)));
    }

    @Override
    public void text(double x, double y, String text, int size, Anchor anchor, boolean vertical, Color color) {
        String anchorName = switch (anchor) {
            case START -> "start";
            case MIDDLE -> "middle";
            case END -> "end";
        };
        svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" text-anchor=\"%s\""
                + " fill=\"%s\"%s>", x, y, size, anchorName, hex(color),
                vertical ? String.format(Locale.ROOT, " transform=\"rotate(-90 %.1f %.1f)\"", x, y) : ""))
                .append(SrmRequests.escape(text)).append("</text>\n");
    }

    /** The complete document. */
    String document() {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + width + "\" height=\""
                + height + "\" viewBox=\"0 0 " + width + " " + height + "\" font-family=\"DejaVu Sans, sans-serif\">\n"
                + svg + "</svg>\n";
    }

    private static String hex(Color color) {
        return String.format(Locale.ROOT, "#%06x", color.getRGB() & 0xFFFFFF);
    }
}
