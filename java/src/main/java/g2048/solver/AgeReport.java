package g2048.solver;

import g2048.chart.ChartRuntime;
import g2048.chart.LineChart;
import g2048.files.AtomicFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

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
        if (!ChartRuntime.drawable()) {
            System.err.println(ChartRuntime.notDrawn(dir.resolve(PNG), dir.resolve(CSV)));
            return;
        }

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
        LineChart counts = new LineChart(title + ": states and afterstates per age", "age (sum of tiles)", "count")
                .logY().line("states", array(x), array(s)).line("afterstates", array(x), array(a));
        LineChart values = new LineChart(title + (vx.isEmpty() ? ": best afterstate value (backward pass not run)"
                : ": best afterstate value per age"), "age (sum of tiles)", "expected future score")
                .line("best afterstate value", array(vx), array(v));
        AtomicFile.writeStream(dir.resolve(PNG), out -> LineChart.writePng(out, 1000, 420, counts, values));
    }

    private static double[] array(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
