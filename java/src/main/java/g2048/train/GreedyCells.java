package g2048.train;

import java.util.Locale;

/**
 * The greedy evaluation's cells of a value-learning curve's row, eight columns: the games played,
 * their mean, standard deviation and best score, and the rates of reaching 2048 … 16384. A row
 * without an evaluation holds {@link #NONE}: 0 games and empty cells.
 */
public record GreedyCells(int games, double mean, double sd, long max, double reach2048, double reach4096,
        double reach8192, double reach16384) {

    /** No evaluation at this row. */
    public static final GreedyCells NONE = new GreedyCells(0, Double.NaN, Double.NaN, 0, Double.NaN, Double.NaN,
            Double.NaN, Double.NaN);

    /** How many cells a row gives these columns. */
    public static final int CELLS = 8;

    /** The cells, joined by commas. */
    public String csv() {
        if (games == 0) {
            return "0,,,,,,,";
        }
        return String.format(Locale.ROOT, "%d,%.1f,%.1f,%d,%.4f,%.4f,%.4f,%.4f", games, mean, sd, max, reach2048,
                reach4096, reach8192, reach16384);
    }

    /** The cells {@code f[from]} … {@code f[from + 7]}. */
    public static GreedyCells parse(String[] f, int from) {
        return new GreedyCells(Integer.parseInt(f[from]), LearningCurve.number(f[from + 1]),
                LearningCurve.number(f[from + 2]), f[from + 3].isEmpty() ? 0 : Long.parseLong(f[from + 3]),
                LearningCurve.number(f[from + 4]), LearningCurve.number(f[from + 5]), LearningCurve.number(f[from + 6]),
                LearningCurve.number(f[from + 7]));
    }
}
