package g2048.train.cnn;

import g2048.chart.LineChart;
import g2048.train.LearningCurve;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The learning curve of a value-network run, {@code curve.csv} and {@code curve.png} in its
 * directory: one row per snapshot. Columns:
 * <pre>
 *   positions,steps,seconds,games,mean,sd,max,reach2048,reach4096,reach8192,reach16384,train_mean100
 * </pre>
 * {@code games} … {@code reach16384} are the snapshot's greedy evaluation (0 and empty cells
 * without one); {@code train_mean100} the mean score of the latest 100 training games.
 */
public final class CnnCurve {

    public static final String HEADER = "positions,steps,seconds,games,mean,sd,max,reach2048,reach4096,reach8192,reach16384,train_mean100";

    /** One snapshot. */
    public record Row(long positions, long steps, double seconds, int games, double mean, double sd, long max,
            double reach2048, double reach4096, double reach8192, double reach16384, double trainMean100) {

        /** A snapshot without greedy evaluation ({@code --eval-games 0}): its greedy columns are empty. */
        public static Row unevaluated(long positions, long steps, double seconds, double trainMean100) {
            return new Row(positions, steps, seconds, 0, Double.NaN, Double.NaN, 0, Double.NaN, Double.NaN, Double.NaN,
                    Double.NaN, trainMean100);
        }
    }

    /** The columns, their cells and the plot: greedy means as a line, the training games' as points. */
    public static final LearningCurve.Columns<Row> COLUMNS = new LearningCurve.Columns<>() {
        @Override
        public List<String> names() {
            return List.of(HEADER.split(","));
        }

        @Override
        public String csv(Row r) {
            // no training games since the last row (a run stopped right after one): an empty cell, not NaN
            String train = LearningCurve.cell(r.trainMean100(), "%.1f");
            if (r.games() == 0) {
                return String.format(Locale.ROOT, "%d,%d,%.1f,0,,,,,,,,%s", r.positions(), r.steps(), r.seconds(), train);
            }
            return String.format(Locale.ROOT, "%d,%d,%.1f,%d,%.1f,%.1f,%d,%.4f,%.4f,%.4f,%.4f,%s", r.positions(), r.steps(),
                    r.seconds(), r.games(), r.mean(), r.sd(), r.max(), r.reach2048(), r.reach4096(), r.reach8192(),
                    r.reach16384(), train);
        }

        @Override
        public Row parse(String[] f) {
            return new Row(Long.parseLong(f[0]), Long.parseLong(f[1]), Double.parseDouble(f[2]), Integer.parseInt(f[3]),
                    LearningCurve.number(f[4]), LearningCurve.number(f[5]), f[6].isEmpty() ? 0 : Long.parseLong(f[6]),
                    LearningCurve.number(f[7]), LearningCurve.number(f[8]), LearningCurve.number(f[9]),
                    LearningCurve.number(f[10]), LearningCurve.number(f[11]));
        }

        @Override
        public LearningCurve.Plot plot(String title, List<Row> rows) {
            LineChart chart = new LineChart(title, "positions (millions)", "average score");
            List<Row> evaluated = rows.stream().filter(r -> r.games() > 0).toList();
            if (!evaluated.isEmpty()) {
                chart.line("greedy evaluation", evaluated.stream().mapToDouble(r -> r.positions() / 1e6).toArray(),
                        evaluated.stream().mapToDouble(Row::mean).toArray());
            }
            // rows without training games (NaN) are left out of the points
            chart.points("latest 100 training games", rows.stream().mapToDouble(r -> r.positions() / 1e6).toArray(),
                    rows.stream().mapToDouble(Row::trainMean100).toArray());
            return new LearningCurve.Plot(900, 540, chart);
        }
    };

    private CnnCurve() {
    }

    /** The curve of the run in {@code dir}, continued if it is there. */
    public static LearningCurve<Row> in(Path dir, String title) throws IOException {
        return new LearningCurve<>(dir.resolve("curve.csv"), dir.resolve("curve.png"), title, COLUMNS);
    }
}
