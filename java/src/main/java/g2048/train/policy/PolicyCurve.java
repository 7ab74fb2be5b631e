package g2048.train.policy;

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
 * A policy training run's curve: one CSV row per snapshot and a PNG plot of it ({@link LineChart}: losses and agreement above, greedy score below), both
 * rewritten whole and atomically. Columns:
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

        String csv() {
            String head = String.format(Locale.ROOT, "%d,%d,%.1f,%.5f,%s,%s,%d", positions, epoch, seconds, trainLoss,
                    cell(heldOutLoss, "%.5f"), cell(agreement, "%.5f"), games);
            if (games == 0) {
                return head + ",,,,,,";
            }
            return head + String.format(Locale.ROOT, ",%.1f,%.1f,%d,%.4f,%.4f,%.4f", mean, sd, max, reach2048, reach4096, reach8192);
        }

        private static String cell(double v, String format) {
            return Double.isNaN(v) ? "" : String.format(Locale.ROOT, format, v);
        }

        static Row parse(String line, Path file, int lineNo) {
            String[] f = line.split(",", -1);
            if (f.length != 13) {
                throw new IllegalArgumentException(file + ":" + lineNo + ": expected 13 columns, got " + f.length);
            }
            try {
                return new Row(Long.parseLong(f[0]), Integer.parseInt(f[1]), Double.parseDouble(f[2]), num(f[3]), num(f[4]),
                        num(f[5]), Integer.parseInt(f[6]), num(f[7]), num(f[8]), f[9].isEmpty() ? 0 : Long.parseLong(f[9]),
                        num(f[10]), num(f[11]), num(f[12]));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(file + ":" + lineNo + ": " + e.getMessage());
            }
        }

        private static double num(String s) {
            return s.isEmpty() ? Double.NaN : Double.parseDouble(s);
        }
    }

    private final Path csv;
    private final Path png;
    private final String title;
    private final List<Row> rows = new ArrayList<>();

    /** Opens the curve, reading the rows already in {@code csv} (a resumed run continues them). */
    public PolicyCurve(Path csv, Path png, String title) throws IOException {
        this.csv = csv;
        this.png = png;
        this.title = title;
        if (Files.exists(csv)) {
            List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
            if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
                throw new IllegalArgumentException(csv + ": not a policy training curve (expected the header " + HEADER + ")");
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

    /** Drops rows past {@code positions} (a resumed run repeats the work after its checkpoint). */
    public void truncateAfter(long positions) {
        rows.removeIf(r -> r.positions() > positions);
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
        double[] x = rows.stream().mapToDouble(r -> r.positions() / 1e6).toArray();
        LineChart losses = new LineChart(title, "positions trained (millions)", "loss, agreement")
                .line("training loss", x, rows.stream().mapToDouble(Row::trainLoss).toArray())
                .line("held-out loss", x, rows.stream().mapToDouble(Row::heldOutLoss).toArray())
                .line("held-out agreement", x, rows.stream().mapToDouble(Row::agreement).toArray());
        List<Row> played = rows.stream().filter(r -> r.games() > 0).toList();
        LineChart score = new LineChart("greedy games at snapshots", "positions trained (millions)", "greedy mean score")
                .line("greedy mean score", played.stream().mapToDouble(r -> r.positions() / 1e6).toArray(),
                        played.stream().mapToDouble(Row::mean).toArray());
        // encode in memory: ImageIO's disk cache adds a temporary file
        javax.imageio.ImageIO.setUseCache(false);
        AtomicFile.writeStream(png, out -> LineChart.writePng(out, 900, 400, losses, score));
    }
}
