package g2048.solver;

import g2048.files.AtomicFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;

/**
 * The per-age report of a solve: {@code ages.csv} (age, states, afterstates, terminal states, best
 * afterstate value; the value is empty where the backward pass has not been) and {@code ages.png}
 * (the counts on a log scale above, the best afterstate value below), both written atomically.
 */
public final class AgeReport {

    public static final String CSV = "ages.csv";
    public static final String PNG = "ages.png";

    private AgeReport() {
    }

    public static void write(Path dir, String title, List<AgeStats> ages) throws IOException {
        StringBuilder sb = new StringBuilder("age,states,afterstates,terminal,best_afterstate_value\n");
        for (AgeStats a : ages) {
            sb.append(a.age()).append(',').append(a.states()).append(',').append(a.afterstates()).append(',')
                    .append(a.terminal()).append(',')
                    .append(Double.isNaN(a.bestAfterstateValue()) ? "" : String.format(Locale.ROOT, "%.6f", a.bestAfterstateValue()))
                    .append('\n');
        }
        AtomicFile.writeString(dir.resolve(CSV), sb);

        System.setProperty("java.awt.headless", "true");
        XYChart counts = new XYChartBuilder().width(1000).height(420).title(title + ": states and afterstates per age")
                .xAxisTitle("age (sum of tiles)").yAxisTitle("count").build();
        counts.getStyler().setYAxisLogarithmic(true);
        counts.getStyler().setMarkerSize(0);
        counts.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        List<Double> x = new ArrayList<>();
        List<Double> s = new ArrayList<>();
        List<Double> a = new ArrayList<>();
        List<Double> vx = new ArrayList<>();
        List<Double> v = new ArrayList<>();
        for (AgeStats r : ages) {
            // A log axis cannot show 0: ages without states are left out of the upper chart.
            if (r.states() > 0 && r.afterstates() > 0) {
                x.add((double) r.age());
                s.add((double) r.states());
                a.add((double) r.afterstates());
            }
            if (!Double.isNaN(r.bestAfterstateValue())) {
                vx.add((double) r.age());
                v.add(r.bestAfterstateValue());
            }
        }
        if (x.isEmpty()) {
            x.add(0.0);
            s.add(1.0);
            a.add(1.0);
        }
        counts.addSeries("states", x, s);
        counts.addSeries("afterstates", x, a);
        XYChart values = new XYChartBuilder().width(1000).height(420).title(title + ": best afterstate value per age")
                .xAxisTitle("age (sum of tiles)").yAxisTitle("expected future score").build();
        values.getStyler().setMarkerSize(0);
        values.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        if (vx.isEmpty()) {
            vx.add(0.0);
            v.add(0.0);
            values.setTitle(title + ": best afterstate value (backward pass not run)");
        }
        values.addSeries("best afterstate value", vx, v);
        // encode in memory: ImageIO's disk cache adds a temporary file, and a thread that fails noisily when the disk is full
        javax.imageio.ImageIO.setUseCache(false);
        AtomicFile.writeStream(dir.resolve(PNG),
                out -> BitmapEncoder.saveBitmap(List.of(counts, values), 2, 1, out, BitmapEncoder.BitmapFormat.PNG));
    }
}
