package g2048.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * A chart of x-y series on linear axes (the y axis optionally logarithmic), with a title, axis
 * titles and a legend. Series are lines or points; points that are not finite (or not positive on a
 * log axis) are left out. Not thread-safe: one thread builds and draws a chart.
 */
public final class LineChart {

    private static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c),
            new Color(0xff7f0e), new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f),
            new Color(0xbcbd22), new Color(0x17becf)};
    private static final int LEFT = 90;
    private static final int RIGHT = 30;
    private static final int TOP = 40;
    private static final int BOTTOM = 55;

    private record Series(String name, double[] x, double[] y, boolean line) {
    }

    private final String title;
    private final String xTitle;
    private final String yTitle;
    private final List<Series> series = new ArrayList<>();
    private boolean logY;

    public LineChart(String title, String xTitle, String yTitle) {
        this.title = title;
        this.xTitle = xTitle;
        this.yTitle = yTitle;
    }

    /** Makes the y axis logarithmic (base 10); values ≤ 0 are then left out. */
    public LineChart logY() {
        logY = true;
        return this;
    }

    /** Adds a series drawn as a line through its points in order. */
    public LineChart line(String name, double[] x, double[] y) {
        return add(new Series(name, x.clone(), y.clone(), true));
    }

    /** Adds a series drawn as separate points. */
    public LineChart points(String name, double[] x, double[] y) {
        return add(new Series(name, x.clone(), y.clone(), false));
    }

    private LineChart add(Series s) {
        if (s.x().length != s.y().length) {
            throw new IllegalArgumentException("series " + s.name() + ": " + s.x().length + " x values, " + s.y().length
                    + " y values");
        }
        series.add(s);
        return this;
    }

    /** Writes {@code charts} stacked top to bottom as one PNG image, each {@code width} × {@code height}. */
    public static void writePng(OutputStream out, int width, int height, LineChart... charts) throws IOException {
        BufferedImage image = new BufferedImage(width, height * charts.length, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, image.getWidth(), image.getHeight());
            for (int i = 0; i < charts.length; i++) {
                Graphics2D panel = (Graphics2D) g.create(0, i * height, width, height);
                try {
                    charts[i].draw(panel, width, height);
                } finally {
                    panel.dispose();
                }
            }
        } finally {
            g.dispose();
        }
        // encoded in memory: ImageIO's disk cache would add a temporary file of its own
        ImageIO.setUseCache(false);
        if (!ImageIO.write(image, "png", out)) {
            throw new IOException("this JDK has no PNG writer");
        }
    }

    /** The y value as plotted: its logarithm on a log axis, NaN where it cannot be shown. */
    private double plotted(double y) {
        if (!Double.isFinite(y)) {
            return Double.NaN;
        }
        return logY ? (y > 0 ? Math.log10(y) : Double.NaN) : y;
    }

    private void draw(Graphics2D g, int width, int height) {
        double xMin = Double.POSITIVE_INFINITY;
        double xMax = Double.NEGATIVE_INFINITY;
        double yMin = Double.POSITIVE_INFINITY;
        double yMax = Double.NEGATIVE_INFINITY;
        for (Series s : series) {
            for (int i = 0; i < s.x().length; i++) {
                double y = plotted(s.y()[i]);
                if (Double.isFinite(s.x()[i]) && !Double.isNaN(y)) {
                    xMin = Math.min(xMin, s.x()[i]);
                    xMax = Math.max(xMax, s.x()[i]);
                    yMin = Math.min(yMin, y);
                    yMax = Math.max(yMax, y);
                }
            }
        }
        if (xMin > xMax) {
            // nothing to show: empty axes over [0, 1]
            xMin = 0;
            xMax = 1;
            yMin = 0;
            yMax = 1;
        }
        double[] xr = widen(xMin, xMax);
        double[] yr = logY ? new double[] {Math.floor(yMin), Math.max(Math.ceil(yMax), Math.floor(yMin) + 1)}
                : widen(yMin, yMax);
        Axis x = new Axis(xr[0], xr[1], LEFT, width - RIGHT);
        Axis y = new Axis(yr[0], yr[1], height - BOTTOM, TOP);

        Font plain = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
        FontMetrics tm = g.getFontMetrics();
        g.setColor(Color.BLACK);
        g.drawString(title, (width - tm.stringWidth(title)) / 2, 25);

        g.setFont(plain);
        FontMetrics fm = g.getFontMetrics();
        // grid and tick labels
        for (double t : ticks(x.lo, x.hi, false)) {
            int px = x.pixel(t);
            g.setColor(new Color(0xe6e6e6));
            g.drawLine(px, TOP, px, height - BOTTOM);
            g.setColor(Color.DARK_GRAY);
            String label = label(t, false);
            g.drawString(label, px - fm.stringWidth(label) / 2, height - BOTTOM + 16);
        }
        for (double t : ticks(y.lo, y.hi, logY)) {
            int py = y.pixel(t);
            g.setColor(new Color(0xe6e6e6));
            g.drawLine(LEFT, py, width - RIGHT, py);
            g.setColor(Color.DARK_GRAY);
            String label = label(t, logY);
            g.drawString(label, LEFT - 6 - fm.stringWidth(label), py + fm.getAscent() / 2 - 1);
        }
        g.setColor(Color.BLACK);
        g.drawRect(LEFT, TOP, width - LEFT - RIGHT, height - TOP - BOTTOM);
        g.drawString(xTitle, LEFT + (width - LEFT - RIGHT - fm.stringWidth(xTitle)) / 2, height - 15);
        Graphics2D vertical = (Graphics2D) g.create();
        vertical.rotate(-Math.PI / 2);
        vertical.drawString(yTitle, -(TOP + (height - TOP - BOTTOM + fm.stringWidth(yTitle)) / 2), 18);
        vertical.dispose();

        // series, clipped to the plot area
        Graphics2D area = (Graphics2D) g.create();
        area.clipRect(LEFT, TOP, width - LEFT - RIGHT + 1, height - TOP - BOTTOM + 1);
        area.setStroke(new BasicStroke(2f));
        for (int k = 0; k < series.size(); k++) {
            Series s = series.get(k);
            area.setColor(PALETTE[k % PALETTE.length]);
            Path2D.Double path = new Path2D.Double();
            boolean open = false;
            for (int i = 0; i < s.x().length; i++) {
                double v = plotted(s.y()[i]);
                if (!Double.isFinite(s.x()[i]) || Double.isNaN(v)) {
                    open = false;
                    continue;
                }
                double px = x.exact(s.x()[i]);
                double py = y.exact(v);
                if (s.line()) {
                    if (open) {
                        path.lineTo(px, py);
                    } else {
                        path.moveTo(px, py);
                        open = true;
                    }
                } else {
                    area.fillOval((int) Math.round(px) - 3, (int) Math.round(py) - 3, 7, 7);
                }
            }
            if (s.line()) {
                area.draw(path);
            }
        }
        area.dispose();

        // legend, top left inside the plot
        int ly = TOP + 8;
        int legendWidth = 0;
        for (Series s : series) {
            legendWidth = Math.max(legendWidth, fm.stringWidth(s.name()));
        }
        if (!series.isEmpty()) {
            g.setColor(new Color(255, 255, 255, 220));
            g.fillRect(LEFT + 8, ly, legendWidth + 40, series.size() * 18 + 6);
            g.setColor(Color.GRAY);
            g.drawRect(LEFT + 8, ly, legendWidth + 40, series.size() * 18 + 6);
        }
        for (int k = 0; k < series.size(); k++) {
            int row = ly + 15 + k * 18;
            g.setColor(PALETTE[k % PALETTE.length]);
            if (series.get(k).line()) {
                g.setStroke(new BasicStroke(2f));
                g.drawLine(LEFT + 14, row - 4, LEFT + 32, row - 4);
            } else {
                g.fillOval(LEFT + 20, row - 7, 7, 7);
            }
            g.setColor(Color.BLACK);
            g.drawString(series.get(k).name(), LEFT + 40, row);
        }
    }

    /** A range with room around it; a single value gets a range of its own size. */
    private static double[] widen(double lo, double hi) {
        if (lo == hi) {
            double d = lo == 0 ? 1 : Math.abs(lo) / 2;
            return new double[] {lo - d, hi + d};
        }
        double pad = (hi - lo) * 0.04;
        return new double[] {lo - pad, hi + pad};
    }

    /** Round tick values in [lo, hi]: 1, 2 or 5 times a power of ten apart, or every power of ten on a log axis. */
    static List<Double> ticks(double lo, double hi, boolean log) {
        List<Double> out = new ArrayList<>();
        if (log) {
            int every = (int) Math.max(1, Math.ceil((hi - lo) / 8));
            for (double t = Math.ceil(lo); t <= hi + 1e-9; t += every) {
                out.add(t);
            }
            return out;
        }
        double raw = (hi - lo) / 6;
        double p = Math.pow(10, Math.floor(Math.log10(raw)));
        double step = raw / p < 1.5 ? p : raw / p < 3.5 ? 2 * p : raw / p < 7.5 ? 5 * p : 10 * p;
        // whole multiples of the step, counted as integers: adding steps up would drift off the round values
        for (long k = (long) Math.ceil(lo / step - 1e-9); k <= (long) Math.floor(hi / step + 1e-9); k++) {
            out.add(k * step);
        }
        return out;
    }

    static String label(double t, boolean log) {
        if (log) {
            return "1e" + Math.round(t);
        }
        double a = Math.abs(t);
        if (a != 0 && (a >= 1e7 || a < 1e-3)) {
            return String.format(Locale.ROOT, "%.2g", t);
        }
        if (t == Math.rint(t)) {
            return String.format(Locale.ROOT, "%,d", (long) t);
        }
        // three significant digits, without trailing zeros: 0.25, 0.6, 1.5
        return new BigDecimal(String.format(Locale.ROOT, "%.3g", t)).stripTrailingZeros().toPlainString();
    }

    /** A linear map from data values to pixels. */
    private record Axis(double lo, double hi, int from, int to) {
        double exact(double v) {
            return from + (v - lo) / (hi - lo) * (to - from);
        }

        int pixel(double v) {
            return (int) Math.round(exact(v));
        }
    }
}
