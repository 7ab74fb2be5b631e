package g2048.train.ntuple;

import g2048.ntuple.NtupleModel;
import g2048.ntuple.SelfPlay;
import g2048.ntuple.TrainingState;
import g2048.train.GreedyCells;
import g2048.train.LearningCurve;
import g2048.train.ValueCurveColumns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

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
    public record Row(long moves, long games, double seconds, GreedyCells greedy, double trainMean) {

        /** A row of the training state, its evaluation (null: none) and the training games' mean since the last row. */
        static Row of(TrainingState st, SelfPlay.Evaluation e, double trainMean) {
            if (e == null) {
                return new Row(st.moves(), st.games(), st.nanos() / 1e9, GreedyCells.NONE, trainMean);
            }
            double[] reach = new double[4];
            for (int k = 0; k < e.reachCodes().length; k++) {
                int slot = e.reachCodes()[k] - 11;
                if (slot >= 0 && slot < 4) {
                    reach[slot] = e.reachRates()[k];
                }
            }
            return new Row(st.moves(), st.games(), st.nanos() / 1e9,
                    new GreedyCells(e.games(), e.mean(), e.sd(), e.max(), reach[0], reach[1], reach[2], reach[3]), trainMean);
        }
    }

    /** The columns, their cells and the plot: greedy means as a line, the training games' means as points. */
    public static final LearningCurve.Columns<Row> COLUMNS = new ValueCurveColumns<>(
            List.of("moves", "games", "seconds", "eval_games", "mean", "sd", "max", "reach2048", "reach4096", "reach8192",
                    "reach16384", "train_mean"),
            List.of(FORMER_HEADER), "training moves (millions)", "training games since the previous row", Row::new,
            new ValueCurveColumns.Cells<>(Row::moves, Row::games, Row::seconds, Row::greedy, Row::trainMean));

    private NtupleCurve() {
    }

    /**
     * The curve beside the model file {@code out} ({@code NAME.curve.csv} and {@code .png}); a new run
     * ({@code fresh}) starts it afresh, a resumed one continues it.
     */
    public static LearningCurve<Row> besideModel(Path out, NtupleModel model, boolean fresh) throws IOException {
        Path csv = csvBeside(out);
        if (fresh) {
            Files.deleteIfExists(csv);
        }
        return new LearningCurve<>(csv, pngBeside(out), "train ntuple " + model.spec().name()
                + (model.stages().count() == 1 ? "" : " " + model.stages().count() + " stages") + ", "
                + model.method().text() + (model.coherent() ? " + TC" : ""), COLUMNS);
    }

    /** Where the curve of the model file {@code out} is. */
    public static Path csvBeside(Path out) {
        return beside(out, ".curve.csv");
    }

    /** Where the plot of the curve of the model file {@code out} is. */
    public static Path pngBeside(Path out) {
        return beside(out, ".curve.png");
    }

    /** {@code NAME + suffix} beside the model file {@code out} named {@code NAME.g2n} or {@code NAME.g2nz}. */
    private static Path beside(Path out, String suffix) {
        String name = out.getFileName().toString().replaceFirst("\\.g2nz?$", "");
        return out.toAbsolutePath().getParent().resolve(name + suffix);
    }
}
