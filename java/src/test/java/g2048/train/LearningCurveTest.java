package g2048.train;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.chart.LineChart;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One learning curve for every run: named columns, rows read back on resume, former headers, one-line errors. */
class LearningCurveTest {

    /** A run's row: work done and a score (NaN: not measured). */
    record Point(long work, double score) {
    }

    static final LearningCurve.Columns<Point> COLUMNS = new LearningCurve.Columns<>() {
        @Override
        public List<String> names() {
            return List.of("work", "score");
        }

        @Override
        public List<String> formerHeaders() {
            return List.of("positions,mean");
        }

        @Override
        public String csv(Point p) {
            return p.work() + "," + LearningCurve.cell(p.score(), "%.1f");
        }

        @Override
        public Point parse(String[] cells) {
            return new Point(Long.parseLong(cells[0]), LearningCurve.number(cells[1]));
        }

        @Override
        public LearningCurve.Plot plot(String title, List<Point> rows) {
            return new LearningCurve.Plot(300, 200, new LineChart(title, "work", "score")
                    .line("score", rows.stream().mapToDouble(Point::work).toArray(), rows.stream().mapToDouble(Point::score).toArray()));
        }
    };

    @Test
    void rowsAreWrittenUnderTheNamedColumnsAndReadBackByAResumedRun(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("c.csv");
        LearningCurve<Point> curve = new LearningCurve<>(csv, dir.resolve("c.png"), "t", COLUMNS);
        curve.append(new Point(10, 5.25));
        curve.append(new Point(20, Double.NaN));
        assertEquals(List.of("work,score", "10,5.3", "20,"), Files.readAllLines(csv));
        assertTrue(Files.size(dir.resolve("c.png")) > 500);
        LearningCurve<Point> resumed = new LearningCurve<>(csv, dir.resolve("c.png"), "t", COLUMNS);
        assertEquals(2, resumed.rows().size());
        assertEquals(new Point(10, 5.3), resumed.rows().getFirst());
        assertTrue(Double.isNaN(resumed.rows().get(1).score()), "an empty cell reads as not measured");
        resumed.removeIf(p -> p.work() > 10);
        resumed.append(new Point(15, 1));
        assertEquals(List.of("work,score", "10,5.3", "15,1.0"), Files.readAllLines(csv));
    }

    @Test
    void aCurveUnderAFormerHeaderIsContinuedUnderTheNamedColumns(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("c.csv");
        Files.writeString(csv, "positions,mean\n7,2.0\n");
        LearningCurve<Point> curve = new LearningCurve<>(csv, dir.resolve("c.png"), "t", COLUMNS);
        curve.append(new Point(8, 3));
        assertEquals(List.of("work,score", "7,2.0", "8,3.0"), Files.readAllLines(csv));
    }

    @Test
    void anotherRunsCurveOrABadRowIsAOneLineErrorNamingTheFile(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("c.csv");
        Files.writeString(csv, "a,b,c\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new LearningCurve<>(csv, dir.resolve("c.png"), "t", COLUMNS));
        assertEquals(csv + ": not a learning curve of this run (expected the header work,score)", e.getMessage());
        Files.writeString(csv, "work,score\n1,2\n3\n");
        e = assertThrows(IllegalArgumentException.class, () -> new LearningCurve<>(csv, dir.resolve("c.png"), "t", COLUMNS));
        assertEquals(csv + ":3: expected 2 columns, got 1", e.getMessage());
        Files.writeString(csv, "work,score\nx,2\n");
        e = assertThrows(IllegalArgumentException.class, () -> new LearningCurve<>(csv, dir.resolve("c.png"), "t", COLUMNS));
        assertTrue(e.getMessage().startsWith(csv + ":2: "), e.getMessage());
        assertEquals(-1, e.getMessage().indexOf('\n'));
    }

    @Test
    void aScheduleCountsFromZeroSoAResumedRunKeepsIt() {
        Every every = new Every(1000);
        assertEquals(1000, every.nextAfter(0));
        assertEquals(2000, every.nextAfter(1000));
        assertEquals(2000, every.nextAfter(1999));
        assertTrue(every.at(3000));
        assertTrue(!every.at(3001));
        Every never = new Every(0);
        assertEquals(Long.MAX_VALUE, never.nextAfter(5));
        assertTrue(!never.at(0));
        assertThrows(IllegalArgumentException.class, () -> new Every(-1));
    }
}
