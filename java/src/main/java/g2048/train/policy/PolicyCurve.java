package g2048.train.policy;

import g2048.chart.LineChart;
import g2048.train.LearningCurve;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The learning curve of a policy run, {@code curve.csv} and {@code curve.png} in its directory: one
 * row per snapshot, plotted as losses and agreement above, greedy score below. Columns:
 * <pre>
 *   positions,epoch,seconds,train_loss,heldout_loss,heldout_agreement,games,mean,sd,max,reach2048,reach4096,reach8192
 * </pre>
 * {@code train_loss} is the mean cross-entropy of the batches since the previous row; the held-out
 * columns are measured on a fixed sample of held-out positions; the greedy columns are empty when
 * the snapshot was not played.
 */
public final class PolicyCurve {

    public static final String HEADER =
            "positions,epoch,seconds,train_loss,heldout_loss,heldout_agreement,games,mean,sd,max,reach2048,reach4096,reach8192";

    /** One snapshot. */
    public record Row(long positions, int epoch, double seconds, double trainLoss, double heldOutLoss, double agreement,
            int games, double mean, double sd, long max, double reach2048, double reach4096, double reach8192) {
    }

    /** The columns, their cells and the plot. */
    public static final LearningCurve.Columns<Row> COLUMNS = new LearningCurve.Columns<>() {
        @Override
        public List<String> names() {
            return List.of(HEADER.split(","));
        }

        @Override
        public String csv(Row r) {
            String head = String.format(Locale.ROOT, "%d,%d,%.1f,%.5f,%s,%s,%d", r.positions(), r.epoch(), r.seconds(),
                    r.trainLoss(), LearningCurve.cell(r.heldOutLoss(), "%.5f"), LearningCurve.cell(r.agreement(), "%.5f"), r.games());
            if (r.games() == 0) {
                return head + ",,,,,,";
            }
            return head + String.format(Locale.ROOT, ",%.1f,%.1f,%d,%.4f,%.4f,%.4f", r.mean(), r.sd(), r.max(), r.reach2048(),
                    r.reach4096(), r.reach8192());
        }

        @Override
        public Row parse(String[] f) {
            return new Row(Long.parseLong(f[0]), Integer.parseInt(f[1]), Double.parseDouble(f[2]), LearningCurve.number(f[3]),
                    LearningCurve.number(f[4]), LearningCurve.number(f[5]), Integer.parseInt(f[6]), LearningCurve.number(f[7]),
                    LearningCurve.number(f[8]), f[9].isEmpty() ? 0 : Long.parseLong(f[9]), LearningCurve.number(f[10]),
                    LearningCurve.number(f[11]), LearningCurve.number(f[12]));
        }

        @Override
        public LearningCurve.Plot plot(String title, List<Row> rows) {
            double[] x = rows.stream().mapToDouble(r -> r.positions() / 1e6).toArray();
            LineChart losses = new LineChart(title, "positions trained (millions)", "loss, agreement")
                    .line("training loss", x, rows.stream().mapToDouble(Row::trainLoss).toArray())
                    .line("held-out loss", x, rows.stream().mapToDouble(Row::heldOutLoss).toArray())
                    .line("held-out agreement", x, rows.stream().mapToDouble(Row::agreement).toArray());
            List<Row> played = rows.stream().filter(r -> r.games() > 0).toList();
            LineChart score = new LineChart("greedy games at snapshots", "positions trained (millions)", "greedy mean score")
                    .line("greedy mean score", played.stream().mapToDouble(r -> r.positions() / 1e6).toArray(),
                            played.stream().mapToDouble(Row::mean).toArray());
            return new LearningCurve.Plot(900, 400, losses, score);
        }
    };

    private PolicyCurve() {
    }

    /** The curve of the run in {@code dir}, continued if it is there. */
    public static LearningCurve<Row> in(Path dir, String title) throws IOException {
        return new LearningCurve<>(dir.resolve("curve.csv"), dir.resolve("curve.png"), title, COLUMNS);
    }
}
