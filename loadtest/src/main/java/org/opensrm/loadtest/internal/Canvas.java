package org.opensrm.loadtest.internal;

import java.awt.Color;

/** The drawing operations a chart needs; one implementation per output format. Coordinates in pixels, y down. */
interface Canvas {
    enum Anchor { START, MIDDLE, END }

    void fill(Color color);

    void line(double x1, double y1, double x2, double y2, Color color, float width, boolean dashed);

    void polyline(double[] xs, double[] ys, Color color, float width);

    void dot(double x, double y, double radius, Color color);

    /** Text whose baseline starts, centres or ends at (x, y); {@code vertical} rotates it 90° anticlockwise. */
    void text(double x, double y, String text, int size, Anchor anchor, boolean vertical, Color color);
}
