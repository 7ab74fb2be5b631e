package g2048.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

class LineChartTest {

    private static BufferedImage draw(int width, int height, LineChart... charts) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        LineChart.writePng(out, width, height, charts);
        return ImageIO.read(new ByteArrayInputStream(out.toByteArray()));
    }

    private static boolean bluish(int rgb) {
        int r = rgb >> 16 & 0xFF;
        int g = rgb >> 8 & 0xFF;
        int b = rgb & 0xFF;
        return b > 120 && r < 120 && b > g;
    }

    /** The rows of column {@code x} (inside the plot) where the first series' colour is. */
    private static List<Integer> bluishRows(BufferedImage image, int x, int fromY, int toY) {
        return java.util.stream.IntStream.range(fromY, toY).filter(y -> bluish(image.getRGB(x, y))).boxed().toList();
    }

    @Test
    void aRisingLineIsDrawnLowOnTheLeftAndHighOnTheRight() throws IOException {
        LineChart chart = new LineChart("rising", "x", "y").line("y = x", new double[] {0, 10}, new double[] {0, 10});
        BufferedImage image = draw(600, 400, chart);
        assertEquals(600, image.getWidth());
        assertEquals(400, image.getHeight());
        // far from the legend (top left): the line's height at a quarter and at three quarters of the width
        List<Integer> left = bluishRows(image, 220, 40, 345);
        List<Integer> right = bluishRows(image, 480, 40, 345);
        assertTrue(!left.isEmpty() && !right.isEmpty(), left + " " + right);
        assertTrue(left.get(0) > right.get(0) + 100, "higher values are drawn higher: " + left + " vs " + right);
    }

    @Test
    void stackedChartsShareOneImageAndALogAxisDropsNonPositiveValues() throws IOException {
        LineChart counts = new LineChart("counts", "age", "count").logY()
                .line("states", new double[] {0, 1, 2, 3}, new double[] {0, 10, 1000, 100000});
        LineChart empty = new LineChart("nothing yet", "age", "value").line("value", new double[0], new double[0]);
        BufferedImage image = draw(500, 300, counts, empty);
        assertEquals(600, image.getHeight());
        assertTrue(java.util.stream.IntStream.range(100, 470).anyMatch(x -> !bluishRows(image, x, 40, 245).isEmpty()));
        // the empty chart below has axes and no line
        assertTrue(java.util.stream.IntStream.range(100, 470).allMatch(x -> bluishRows(image, x, 380, 545).isEmpty()));
    }

    @Test
    void ticksAreRoundAndInsideTheRange() {
        assertEquals(List.of(0.0, 200.0, 400.0, 600.0, 800.0, 1000.0), LineChart.ticks(0, 1000, false));
        List<Double> around = LineChart.ticks(-0.6, 0.6, false);
        assertEquals(7, around.size(), around.toString());
        assertEquals(0.0, around.get(3), "zero is a tick, exactly");
        for (int i = 0; i < around.size(); i++) {
            assertEquals(-0.6 + 0.2 * i, around.get(i), 1e-12, around.toString());
        }
        assertEquals(List.of(1.0, 2.0, 3.0), LineChart.ticks(0.5, 3.2, true));
        for (double t : LineChart.ticks(3.7, 91.3, false)) {
            assertTrue(t >= 3.7 && t <= 91.3, "tick " + t);
            assertEquals(0, t % 10, 1e-9, "tick " + t);
        }
        assertEquals("1,000,000", LineChart.label(1e6, false));
        assertEquals("1e5", LineChart.label(5, true));
        assertEquals("0.25", LineChart.label(0.25, false));
    }

    @Test
    void seriesOfUnequalLengthsAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new LineChart("t", "x", "y").line("s", new double[2], new double[3]));
        assertEquals("series s: 2 x values, 3 y values", e.getMessage());
    }
}
