package g2048.train;

import g2048.chart.LineChart;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * The columns of a value-learning curve (the CNN's and the n-tuple network's): two counts of the
 * training so far (the first is the plot's x axis), its seconds, the {@link GreedyCells} of an
 * evaluation, and the training games' mean (an empty cell when no game ended since the row
 * before). Plotted as the evaluations' means over a line and the training games' as points.
 *
 * @param <R> a run's row
 */
public final class ValueCurveColumns<R> implements LearningCurve.Columns<R> {

    /** A run's row made of its cells. */
    @FunctionalInterface
    public interface RowMaker<R> {
        R row(long first, long second, double seconds, GreedyCells greedy, double trainMean);
    }

    /** How a run's row gives its cells. */
    public record Cells<R>(ToLongFunction<R> first, ToLongFunction<R> second, ToDoubleFunction<R> seconds,
            Function<R, GreedyCells> greedy, ToDoubleFunction<R> trainMean) {
    }

    private final List<String> names;
    private final List<String> formerHeaders;
    private final String xLabel;
    private final String pointsLabel;
    private final RowMaker<R> maker;
    private final Cells<R> cells;

    /**
     * Columns named {@code names} (twelve: two counts, seconds, eight greedy cells, the training
     * mean); the plot's x axis is the first count in millions under {@code xLabel}, its points are
     * labelled {@code pointsLabel}.
     */
    public ValueCurveColumns(List<String> names, List<String> formerHeaders, String xLabel, String pointsLabel,
            RowMaker<R> maker, Cells<R> cells) {
        if (names.size() != 4 + GreedyCells.CELLS) {
            throw new IllegalArgumentException("a value curve has " + (4 + GreedyCells.CELLS) + " columns, got " + names);
        }
        this.names = List.copyOf(names);
        this.formerHeaders = List.copyOf(formerHeaders);
        this.xLabel = xLabel;
        this.pointsLabel = pointsLabel;
        this.maker = maker;
        this.cells = cells;
    }

    @Override
    public List<String> names() {
        return names;
    }

    @Override
    public List<String> formerHeaders() {
        return formerHeaders;
    }

    @Override
    public String csv(R r) {
        return String.format(Locale.ROOT, "%d,%d,%.1f,", cells.first().applyAsLong(r), cells.second().applyAsLong(r),
                cells.seconds().applyAsDouble(r)) + cells.greedy().apply(r).csv() + ","
                + LearningCurve.cell(cells.trainMean().applyAsDouble(r), "%.1f");
    }

    @Override
    public R parse(String[] f) {
        return maker.row(Long.parseLong(f[0]), Long.parseLong(f[1]), Double.parseDouble(f[2]), GreedyCells.parse(f, 3),
                LearningCurve.number(f[3 + GreedyCells.CELLS]));
    }

    @Override
    public LearningCurve.Plot plot(String title, List<R> rows) {
        LineChart chart = new LineChart(title, xLabel, "average score");
        List<R> evaluated = rows.stream().filter(r -> cells.greedy().apply(r).games() > 0).toList();
        if (!evaluated.isEmpty()) {
            chart.line("greedy evaluation", evaluated.stream().mapToDouble(this::x).toArray(),
                    evaluated.stream().mapToDouble(r -> cells.greedy().apply(r).mean()).toArray());
        }
        // rows without training games (NaN) are left out of the points
        chart.points(pointsLabel, rows.stream().mapToDouble(this::x).toArray(),
                rows.stream().mapToDouble(cells.trainMean()).toArray());
        return new LearningCurve.Plot(900, 540, chart);
    }

    private double x(R r) {
        return cells.first().applyAsLong(r) / 1e6;
    }
}
