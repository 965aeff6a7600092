package org.opensrm.loadtest.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.imageio.ImageIO;

/** Writes a chart as {@code <base>.svg} and {@code <base>.png}. */
public final class ChartFiles {
    private final ChartRenderer renderer = new ChartRenderer();

    public void write(Chart chart, Path directory, String baseName) throws IOException {
        SvgCanvas svg = new SvgCanvas(ChartRenderer.WIDTH, ChartRenderer.HEIGHT);
        renderer.draw(chart, svg);
        Files.writeString(directory.resolve(baseName + ".svg"), svg.document(), StandardCharsets.UTF_8);
        Java2dCanvas png = new Java2dCanvas(ChartRenderer.WIDTH, ChartRenderer.HEIGHT);
        renderer.draw(chart, png);
        if (!ImageIO.write(png.image(), "png", directory.resolve(baseName + ".png").toFile())) {
            throw new IOException("no PNG writer available");
        }
    }
}
