package g2048.train.ntuple;

import g2048.chart.LineChart;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.SelfPlay;
import g2048.ntuple.TrainingState;
import g2048.train.LearningCurve;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The learning curve of an n-tuple run, {@code NAME.curve.csv} and {@code NAME.curve.png} beside
 * the model {@code NAME.g2n}: a row per report and one where the run ended or stopped. Columns:
 * <pre>
 *   moves,games,seconds,eval_games,mean,sd,max,reach2048,reach4096,reach8192,reach16384,train_mean
 * </pre>
 * {@code moves} and {@code games} are the training's so far (a move is one update), {@code seconds}
 * its learning time; {@code eval_games} … {@code reach16384} the greedy evaluation (0 and empty
 * cells at a row without one); {@code train_mean} the mean score of the training games since the
 * previous row (empty without any). Curves written before the columns had these names, under the
 * value networks' header, are read as these columns.
 */
public final class NtupleCurve {

    /** The header of curves written before the columns had their names. */
    static final String FORMER_HEADER =
            "positions,steps,seconds,games,mean,sd,max,reach2048,reach4096,reach8192,reach16384,train_mean100";

    /** One report. */
    public record Row(long moves, long games, double seconds, int evalGames, double mean, double sd, long max,
            double reach2048, double reach4096, double reach8192, double reach16384, double trainMean) {

        /** A row of the training state, its evaluation (null: none) and the training games' mean since the last row. */
        static Row of(TrainingState st, SelfPlay.Evaluation e, double trainMean) {
            if (e == null) {
                return new Row(st.moves(), st.games(), st.nanos() / 1e9, 0, Double.NaN, Double.NaN, 0, Double.NaN, Double.NaN,
                        Double.NaN, Double.NaN, trainMean);
            }
            double[] reach = new double[4];
            for (int k = 0; k < e.reachCodes().length; k++) {
                int slot = e.reachCodes()[k] - 11;
                if (slot >= 0 && slot < 4) {
                    reach[slot] = e.reachRates()[k];
                }
            }
            return new Row(st.moves(), st.games(), st.nanos() / 1e9, e.games(), e.mean(), e.sd(), e.max(), reach[0], reach[1],
                    reach[2], reach[3], trainMean);
        }
    }

    /** The columns, their cells and the plot: greedy means as a line, the training games' means as points. */
    public static final LearningCurve.Columns<Row> COLUMNS = new LearningCurve.Columns<>() {
        @Override
        public List<String> names() {
            return List.of("moves", "games", "seconds", "eval_games", "mean", "sd", "max", "reach2048", "reach4096", "reach8192",
                    "reach16384", "train_mean");
        }

        @Override
        public List<String> formerHeaders() {
            return List.of(FORMER_HEADER);
        }

        @Override
        public String csv(Row r) {
            String train = LearningCurve.cell(r.trainMean(), "%.1f");
            if (r.evalGames() == 0) {
                return String.format(Locale.ROOT, "%d,%d,%.1f,0,,,,,,,,%s", r.moves(), r.games(), r.seconds(), train);
            }
            return String.format(Locale.ROOT, "%d,%d,%.1f,%d,%.1f,%.1f,%d,%.4f,%.4f,%.4f,%.4f,%s", r.moves(), r.games(),
                    r.seconds(), r.evalGames(), r.mean(), r.sd(), r.max(), r.reach2048(), r.reach4096(), r.reach8192(),
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
            LineChart chart = new LineChart(title, "training moves (millions)", "average score");
            List<Row> evaluated = rows.stream().filter(r -> r.evalGames() > 0).toList();
            if (!evaluated.isEmpty()) {
                chart.line("greedy evaluation", evaluated.stream().mapToDouble(r -> r.moves() / 1e6).toArray(),
                        evaluated.stream().mapToDouble(Row::mean).toArray());
            }
            // rows without training games (NaN) are left out of the points
            chart.points("training games since the previous row", rows.stream().mapToDouble(r -> r.moves() / 1e6).toArray(),
                    rows.stream().mapToDouble(Row::trainMean).toArray());
            return new LearningCurve.Plot(900, 540, chart);
        }
    };

    private NtupleCurve() {
    }

    /**
     * The curve beside the model file {@code out} ({@code NAME.curve.csv} and {@code .png}); a new run
     * ({@code fresh}) starts it afresh, a resumed one continues it.
     */
    public static LearningCurve<Row> besideModel(Path out, NtupleModel model, boolean fresh) throws IOException {
        String name = out.getFileName().toString().replaceFirst("\\.g2nz?$", "");
        Path dir = out.toAbsolutePath().getParent();
        Path csv = dir.resolve(name + ".curve.csv");
        if (fresh) {
            Files.deleteIfExists(csv);
        }
        return new LearningCurve<>(csv, dir.resolve(name + ".curve.png"), "train ntuple " + model.spec().name()
                + (model.stages().count() == 1 ? "" : " " + model.stages().count() + " stages") + ", "
                + model.method().text() + (model.coherent() ? " + TC" : ""), COLUMNS);
    }

    /** Where the curve of the model file {@code out} is. */
    public static Path csvBeside(Path out) {
        return out.toAbsolutePath().getParent().resolve(out.getFileName().toString().replaceFirst("\\.g2nz?$", "") + ".curve.csv");
    }
}
