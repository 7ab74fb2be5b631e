package g2048.train.cnn;

import g2048.train.GreedyCells;
import g2048.train.LearningCurve;
import g2048.train.ValueCurveColumns;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

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
    public record Row(long positions, long steps, double seconds, GreedyCells greedy, double trainMean100) {
    }

    /** The columns, their cells and the plot: greedy means as a line, the training games' as points. */
    public static final LearningCurve.Columns<Row> COLUMNS = new ValueCurveColumns<>(List.of(HEADER.split(",")), List.of(),
            "positions (millions)", "latest 100 training games", Row::new,
            new ValueCurveColumns.Cells<>(Row::positions, Row::steps, Row::seconds, Row::greedy, Row::trainMean100));

    private CnnCurve() {
    }

    /** The curve of the run in {@code dir}, continued if it is there. */
    public static LearningCurve<Row> in(Path dir, String title) throws IOException {
        return new LearningCurve<>(dir.resolve("curve.csv"), dir.resolve("curve.png"), title, COLUMNS);
    }
}
