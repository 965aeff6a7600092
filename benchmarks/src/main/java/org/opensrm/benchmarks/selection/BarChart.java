package org.opensrm.benchmarks.selection;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/** A grouped bar chart as a PNG, drawn with Java2D (no plotting package needed). */
final class BarChart {
    private static final Color[] COLOURS = {new Color(0x4e79a7), new Color(0xf28e2b), new Color(0x59a14f),
            new Color(0xe15759), new Color(0x76b7b2)};

    private BarChart() {
    }

    /** {@code values[series][group]}. */
    static void write(Path file, String title, String[] groups, String[] series, double[][] values) throws IOException {
        int w = 1000;
        int h = 480;
        int left = 70;
        int right = 20;
        int top = 60;
        int bottom = 60;
        BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, w, h);
        double max = 0;
        for (double[] s : values) {
            for (double v : s) {
                max = Math.max(max, v);
            }
        }
        double step = niceStep(max / 5);
        double top_ = Math.ceil(max / step) * step;
        int plotH = h - top - bottom;
        int plotW = w - left - right;
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        for (double y = 0; y <= top_ + 1e-9; y += step) {
            int py = top + plotH - (int) Math.round(y / top_ * plotH);
            g.setColor(new Color(0xdddddd));
            g.drawLine(left, py, w - right, py);
            g.setColor(Color.DARK_GRAY);
            String label = String.format("%.1f", y);
            g.drawString(label, left - 8 - g.getFontMetrics().stringWidth(label), py + 4);
        }
        int groupW = plotW / groups.length;
        int barW = (groupW - 12) / series.length;
        for (int gi = 0; gi < groups.length; gi++) {
            int gx = left + gi * groupW + 6;
            for (int si = 0; si < series.length; si++) {
                int bh = (int) Math.round(values[si][gi] / top_ * plotH);
                g.setColor(COLOURS[si % COLOURS.length]);
                g.fillRect(gx + si * barW, top + plotH - bh, barW - 1, bh);
            }
            g.setColor(Color.DARK_GRAY);
            int sw = g.getFontMetrics().stringWidth(groups[gi]);
            g.drawString(groups[gi], left + gi * groupW + (groupW - sw) / 2, top + plotH + 18);
        }
        g.setColor(Color.BLACK);
        g.setStroke(new BasicStroke(1));
        g.drawLine(left, top + plotH, w - right, top + plotH);
        g.drawLine(left, top, left, top + plotH);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
        g.drawString(title, left, 24);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        int lx = left;
        for (int si = 0; si < series.length; si++) {
            g.setColor(COLOURS[si % COLOURS.length]);
            g.fillRect(lx, 36, 12, 12);
            g.setColor(Color.BLACK);
            g.drawString(series[si], lx + 16, 47);
            lx += 30 + g.getFontMetrics().stringWidth(series[si]);
        }
        g.drawString("door (link capacity)", left + plotW / 2 - 50, h - 16);
        g.dispose();
        ImageIO.write(img, "png", file.toFile());
    }

    private static double niceStep(double raw) {
        double mag = Math.pow(10, Math.floor(Math.log10(Math.max(raw, 1e-9))));
        for (double m : new double[] {1, 2, 2.5, 5, 10}) {
            if (raw <= m * mag) {
                return m * mag;
            }
        }
        return 10 * mag;
    }
}
