package g2048.bench;

import g2048.chart.LineChart;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The recipes of one {@code bench/ntuple-learning.sh} run side by side: reads each recipe's
 * {@code NAME.log} (the lines {@code train ntuple} prints at each evaluation) and writes
 * {@code comparison.csv} (recipe, games, moves, thread-CPU seconds of learning, greedy mean and
 * reach rates), {@code comparison.png} (greedy mean against training games, and against
 * thread-CPU seconds: equal games and equal core-seconds), and a Markdown table on standard output.
 *
 * <p>CPU seconds add up, evaluation by evaluation, the moves since the last one divided by the
 * log's moves per thread-CPU-second of that stretch (printed to two decimals: about 1% off); they
 * leave out the evaluations, as the log's times do.
 *
 * <pre>java -cp cli/target/g2048.jar bench/src/main/java/g2048/bench/LearningComparison.java DIR RECIPE...</pre>
 */
public final class LearningComparison {

    private static final Pattern ROW = Pattern.compile(
            "^games (\\d+) .*?\\(([0-9.]+)M per thread-CPU-s\\).*greedy \\d+ games: mean (\\d+) .*?2048 ([0-9.]+)%, 4096 ([0-9.]+)%,"
                    + " 8192 ([0-9.]+)%, 16384 ([0-9.]+)%");

    /** One evaluation of one recipe. */
    record Row(String recipe, long games, long moves, double cpuSeconds, double mean, double[] reach) {
    }

    private LearningComparison() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: LearningComparison DIR RECIPE...");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        List<List<Row>> all = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            all.add(read(dir, args[i]));
        }
        StringBuilder csv = new StringBuilder("recipe,games,moves,cpu_s,greedy_mean,reach2048,reach4096,reach8192,reach16384\n");
        LineChart byGames = new LineChart("greedy mean score at equal training games", "training games", "greedy mean");
        LineChart bySeconds = new LineChart("greedy mean score at equal core-seconds", "thread-CPU seconds of learning",
                "greedy mean");
        for (List<Row> rows : all) {
            double[] games = new double[rows.size()];
            double[] seconds = new double[rows.size()];
            double[] mean = new double[rows.size()];
            for (int i = 0; i < rows.size(); i++) {
                Row r = rows.get(i);
                games[i] = r.games();
                seconds[i] = r.cpuSeconds();
                mean[i] = r.mean();
                csv.append(String.format(Locale.ROOT, "%s,%d,%d,%.1f,%.0f,%.4f,%.4f,%.4f,%.4f%n", r.recipe(), r.games(), r.moves(),
                        r.cpuSeconds(), r.mean(), r.reach()[0], r.reach()[1], r.reach()[2], r.reach()[3]));
            }
            if (!rows.isEmpty()) {
                byGames.line(rows.getFirst().recipe(), games, mean);
                bySeconds.line(rows.getFirst().recipe(), seconds, mean);
            }
        }
        Files.writeString(dir.resolve("comparison.csv"), csv);
        try (OutputStream out = Files.newOutputStream(dir.resolve("comparison.png"))) {
            LineChart.writePng(out, 900, 420, byGames, bySeconds);
        }
        System.out.print(markdown(all));
    }

    /** The rows of {@code NAME.log}, with the moves taken from {@code NAME.curve.csv} row by row. */
    private static List<Row> read(Path dir, String recipe) throws IOException {
        List<String> curve = Files.readAllLines(dir.resolve(recipe + ".curve.csv"));
        List<Row> rows = new ArrayList<>();
        int line = 1;
        long lastMoves = 0;
        double cpu = 0;
        for (String s : Files.readAllLines(dir.resolve(recipe + ".log"))) {
            Matcher m = ROW.matcher(s);
            if (!m.find()) {
                continue;
            }
            long games = Long.parseLong(m.group(1));
            long moves = -1;
            for (; line < curve.size(); line++) {
                String[] f = curve.get(line).split(",");
                if (Long.parseLong(f[1]) == games) {
                    moves = Long.parseLong(f[0]);
                    break;
                }
            }
            if (moves < 0) {
                throw new IOException(recipe + ".curve.csv: no row for " + games + " games");
            }
            double rate = Double.parseDouble(m.group(2)) * 1e6;
            double[] reach = new double[4];
            for (int k = 0; k < 4; k++) {
                reach[k] = Double.parseDouble(m.group(4 + k)) / 100;
            }
            cpu += (moves - lastMoves) / rate;
            lastMoves = moves;
            rows.add(new Row(recipe, games, moves, cpu, Double.parseDouble(m.group(3)), reach));
        }
        return rows;
    }

    /** Greedy means at each evaluation, then the last row's moves, CPU seconds and reach rates. */
    private static String markdown(List<List<Row>> all) {
        StringBuilder sb = new StringBuilder("| games |");
        for (List<Row> rows : all) {
            sb.append(' ').append(rows.isEmpty() ? "?" : rows.getFirst().recipe()).append(" |");
        }
        sb.append("\n|---|").append("---|".repeat(all.size())).append('\n');
        int n = all.stream().mapToInt(List::size).max().orElse(0);
        for (int i = 0; i < n; i++) {
            long games = -1;
            StringBuilder cells = new StringBuilder();
            for (List<Row> rows : all) {
                if (i < rows.size()) {
                    games = rows.get(i).games();
                    cells.append(String.format(Locale.ROOT, " %,.0f |", rows.get(i).mean()));
                } else {
                    cells.append(" |");
                }
            }
            sb.append(String.format(Locale.ROOT, "| %,d |", games)).append(cells).append('\n');
        }
        String[] labels = {"thread-CPU s of learning", "moves (millions)", "moves per CPU-s (millions)", "2048 / 8192 / 16384 at the end"};
        for (int k = 0; k < labels.length; k++) {
            sb.append("| ").append(labels[k]).append(" |");
            for (List<Row> rows : all) {
                if (rows.isEmpty()) {
                    sb.append(" |");
                    continue;
                }
                Row r = rows.getLast();
                sb.append(switch (k) {
                    case 0 -> String.format(Locale.ROOT, " %,.0f |", r.cpuSeconds());
                    case 1 -> String.format(Locale.ROOT, " %.0f |", r.moves() / 1e6);
                    case 2 -> String.format(Locale.ROOT, " %.2f |", r.moves() / r.cpuSeconds() / 1e6);
                    default -> String.format(Locale.ROOT, " %.0f%% / %.0f%% / %.1f%% |", 100 * r.reach()[0], 100 * r.reach()[2],
                            100 * r.reach()[3]);
                });
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
