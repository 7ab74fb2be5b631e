package g2048.train.cnn;

import g2048.chart.LineChart;
import g2048.files.AtomicFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The learning curve of a run: one CSV row per evaluated snapshot, and a PNG plot of it ({@link LineChart}).
 * Both files are rewritten whole through a temporary file and a rename, so they are never half
 * written. Columns:
 * <pre>
 *   positions,steps,seconds,games,mean,sd,max,reach2048,reach4096,reach8192,reach16384,train_mean100
 * </pre>
 */
public final class LearningCurve {

    public static final String HEADER = "positions,steps,seconds,games,mean,sd,max,reach2048,reach4096,reach8192,reach16384,train_mean100";

    /** One evaluated snapshot. */
    public record Row(long positions, long steps, double seconds, int games, double mean, double sd, long max,
            double reach2048, double reach4096, double reach8192, double reach16384, double trainMean100) {

        /** A snapshot without greedy evaluation ({@code --eval-games 0}): its greedy columns are empty. */
        public static Row unevaluated(long positions, long steps, double seconds, double trainMean100) {
            return new Row(positions, steps, seconds, 0, Double.NaN, Double.NaN, 0, Double.NaN, Double.NaN, Double.NaN,
                    Double.NaN, trainMean100);
        }

        String csv() {
            // no training games since the last row (a run stopped right after one): an empty cell, not NaN
            String train = Double.isNaN(trainMean100) ? "" : String.format(Locale.ROOT, "%.1f", trainMean100);
            if (games == 0) {
                return String.format(Locale.ROOT, "%d,%d,%.1f,0,,,,,,,,%s", positions, steps, seconds, train);
            }
            return String.format(Locale.ROOT, "%d,%d,%.1f,%d,%.1f,%.1f,%d,%.4f,%.4f,%.4f,%.4f,%s", positions, steps, seconds,
                    games, mean, sd, max, reach2048, reach4096, reach8192, reach16384, train);
        }

        static Row parse(String line, Path file, int lineNo) {
            String[] f = line.split(",", -1);
            if (f.length != 12) {
                throw new IllegalArgumentException(file + ":" + lineNo + ": expected 12 columns, got " + f.length);
            }
            try {
                return new Row(Long.parseLong(f[0]), Long.parseLong(f[1]), Double.parseDouble(f[2]), Integer.parseInt(f[3]),
                        number(f[4]), number(f[5]), f[6].isEmpty() ? 0 : Long.parseLong(f[6]), number(f[7]),
                        number(f[8]), number(f[9]), number(f[10]), number(f[11]));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(file + ":" + lineNo + ": " + e.getMessage());
            }
        }

        /** An empty cell is a value not measured (no greedy evaluation). */
        private static double number(String cell) {
            return cell.isEmpty() ? Double.NaN : Double.parseDouble(cell);
        }
    }

    private final Path csv;
    private final Path png;
    private final String title;
    private final List<Row> rows = new ArrayList<>();

    /** Opens the curve in {@code csv}, reading the rows already there (a resumed run continues them). */
    public LearningCurve(Path csv, Path png, String title) throws IOException {
        this.csv = csv;
        this.png = png;
        this.title = title;
        if (Files.exists(csv)) {
            List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
            if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
                throw new IllegalArgumentException(csv + ": not a learning curve (expected the header " + HEADER + ")");
            }
            for (int i = 1; i < lines.size(); i++) {
                if (!lines.get(i).isBlank()) {
                    rows.add(Row.parse(lines.get(i), csv, i + 1));
                }
            }
        }
    }

    public List<Row> rows() {
        return List.copyOf(rows);
    }

    /** Adds a row and rewrites the CSV and the plot. */
    public void append(Row row) throws IOException {
        rows.add(row);
        StringBuilder sb = new StringBuilder(HEADER).append('\n');
        for (Row r : rows) {
            sb.append(r.csv()).append('\n');
        }
        AtomicFile.writeString(csv, sb);
        plot();
    }

    private void plot() throws IOException {
        LineChart chart = new LineChart(title, "positions (millions)", "average score");
        List<Row> evaluated = rows.stream().filter(r -> r.games() > 0).toList();
        if (!evaluated.isEmpty()) {
            chart.line("greedy evaluation", evaluated.stream().mapToDouble(r -> r.positions() / 1e6).toArray(),
                    evaluated.stream().mapToDouble(Row::mean).toArray());
        }
        // rows without training games (NaN) are left out of the points
        chart.points("latest 100 training games", rows.stream().mapToDouble(r -> r.positions() / 1e6).toArray(),
                rows.stream().mapToDouble(Row::trainMean100).toArray());
        AtomicFile.writeStream(png, out -> LineChart.writePng(out, 900, 540, chart));
    }
}
