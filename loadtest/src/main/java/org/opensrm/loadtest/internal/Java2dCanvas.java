package org.opensrm.loadtest.internal;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;

/** Draws onto an in-memory image with Java2D (works headless). */
final class Java2dCanvas implements Canvas {
    private final BufferedImage image;
    private final Graphics2D g;

    Java2dCanvas(int width, int height) {
        image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    }

    @Override
    public void fill(Color color) {
        g.setColor(color);
        g.fillRect(0, 0, image.getWidth(), image.getHeight());
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, Color color, float width, boolean dashed) {
        g.setColor(color);
        g.setStroke(dashed
                ? new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10, new float[] {6, 4}, 0)
                : new BasicStroke(width));
        g.draw(new Line2D.Double(x1, y1, x2, y2));
    }

    @Override
    public void polyline(double[] xs, double[] ys, Color color, float width) {
        Path2D.Double path = new Path2D.Double();
        path.moveTo(xs[0], ys[0]);
        for (int i = 1; i < xs.length; i++) {
            path.lineTo(xs[i], ys[i]);
        }
        g.setColor(color);
        g.setStroke(new BasicStroke(width, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        g.draw(path);
    }

    @Override
    public void dot(double x, double y, double radius, Color color) {
        g.setColor(color);
        g.fill(new Ellipse2D.Double(x - radius, y - radius, 2 * radius, 2 * radius));
    }

    @Override
    public void text(double x, double y, String text, int size, Anchor anchor, boolean vertical, Color color) {
        g.setColor(color);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, size));
        FontMetrics metrics = g.getFontMetrics();
        double shift = switch (anchor) {
            case START -> 0;
            case MIDDLE -> metrics.stringWidth(text) / 2.0;
            case END -> metrics.stringWidth(text);
        };
        AffineTransform saved = g.getTransform();
        g.translate(x, y);
        if (vertical) {
            g.rotate(-Math.PI / 2);
        }
        g.drawString(text, (float) -shift, 0f);
        g.setTransform(saved);
    }

    /** The finished image; no drawing after this. */
    BufferedImage image() {
        g.dispose();
        return image;
    }
}
