package g2048.train;

import g2048.chart.ChartRuntime;
import g2048.chart.LineChart;
import g2048.files.AtomicFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * The learning curve of a training run: a CSV with a header of named columns and one row per
 * report (an evaluation, a snapshot, a checkpoint, where the run stopped), and a PNG plot of it
 * ({@link LineChart}). Both files are rewritten whole through {@link AtomicFile}, so they are never
 * half written; a resumed run reads the rows already there and continues them. What a row holds,
 * how it reads as cells and how the rows are plotted is the run's {@link Columns}.
 *
 * @param <R> one row
 */
public final class LearningCurve<R> {

    /** A run's rows as CSV cells under named columns, and their plot. */
    public interface Columns<R> {

        /** The column names, in order. */
        List<String> names();

        /**
         * Headers of curves written before the columns had these names, read as these columns and
         * rewritten under the new header (none unless a run renamed its columns).
         */
        default List<String> formerHeaders() {
            return List.of();
        }

        /** The row's cells, joined by commas (an empty cell for a value not measured). */
        String csv(R row);

        /** The row of these cells (as many as the names); throws IllegalArgumentException on a bad cell. */
        R parse(String[] cells);

        /** The plot of {@code rows} under {@code title}. */
        Plot plot(String title, List<R> rows);
    }

    /** A PNG of {@code width} × {@code height} pixels holding {@code charts} one above the other. */
    public record Plot(int width, int height, LineChart... charts) {
    }

    private final Path csv;
    private final Path png;
    private final String title;
    private final Columns<R> columns;
    private final String header;
    private final List<R> rows = new ArrayList<>();
    private boolean plotSkipSaid;

    /** Opens the curve in {@code csv}, reading the rows already there (a resumed run continues them). */
    public LearningCurve(Path csv, Path png, String title, Columns<R> columns) throws IOException {
        this.csv = csv;
        this.png = png;
        this.title = title;
        this.columns = columns;
        this.header = String.join(",", columns.names());
        if (Files.exists(csv)) {
            List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
            if (lines.isEmpty() || !(lines.get(0).equals(header) || columns.formerHeaders().contains(lines.get(0)))) {
                throw new IllegalArgumentException(csv + ": not a learning curve of this run (expected the header " + header + ")");
            }
            for (int i = 1; i < lines.size(); i++) {
                if (!lines.get(i).isBlank()) {
                    rows.add(parse(lines.get(i), i + 1));
                }
            }
        }
    }

    /** The header line: the column names. */
    public String header() {
        return header;
    }

    public List<R> rows() {
        return List.copyOf(rows);
    }

    /** Drops the rows {@code drop} accepts (a resumed run repeats the work after its checkpoint); rewrites nothing yet. */
    public void removeIf(Predicate<R> drop) {
        rows.removeIf(drop);
    }

    /** Adds a row and rewrites the CSV and the plot (the plot only where java.desktop is present; else it says so once). */
    public void append(R row) throws IOException {
        rows.add(row);
        StringBuilder sb = new StringBuilder(header).append('\n');
        for (R r : rows) {
            sb.append(columns.csv(r)).append('\n');
        }
        AtomicFile.writeString(csv, sb);
        if (!ChartRuntime.drawable()) {
            if (!plotSkipSaid) {
                System.err.println(ChartRuntime.notDrawn(png, csv));
                plotSkipSaid = true;
            }
            return;
        }
        Plot plot = columns.plot(title, List.copyOf(rows));
        // encode in memory: ImageIO's disk cache adds a temporary file
        javax.imageio.ImageIO.setUseCache(false);
        AtomicFile.writeStream(png, out -> LineChart.writePng(out, plot.width(), plot.height(), plot.charts()));
    }

    private R parse(String line, int lineNo) {
        String[] cells = line.split(",", -1);
        if (cells.length != columns.names().size()) {
            throw new IllegalArgumentException(csv + ":" + lineNo + ": expected " + columns.names().size() + " columns, got "
                    + cells.length);
        }
        try {
            return columns.parse(cells);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(csv + ":" + lineNo + ": " + e.getMessage());
        }
    }

    /** A cell's number; an empty cell is a value not measured (NaN). */
    public static double number(String cell) {
        return cell.isEmpty() ? Double.NaN : Double.parseDouble(cell);
    }

    /** A value as a cell in {@code format}; NaN (not measured) as an empty cell. */
    public static String cell(double value, String format) {
        return Double.isNaN(value) ? "" : String.format(Locale.ROOT, format, value);
    }
}
