package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchTablesCommandTest {

    @TempDir
    Path dir;

    /** Every figure is a positive rate, and a table read alone is cheaper than a whole evaluation. */
    @Test
    void measuresTheReadsAloneBesideEvaluationAndTrainingOnAMultiStageModel() {
        Path model = dir.resolve("m.g2n");
        assertEquals(0, CommandRun.of("train", "ntuple", "--net", "17x4", "--stages", "2048", "--games", "30", "--threads", "1",
                "--eval-every", "0", "--no-progress", "--out", model.toString()).exit());
        CommandRun r = CommandRun.of("bench", "tables", "--model", model.toString(), "--seconds", "0.2");
        assertEquals(0, r.exit(), r.err());
        Matcher rates = Pattern.compile("([0-9][0-9,]*) (evaluations|moves)/cpu-s").matcher(r.out());
        double[] found = new double[4];
        int n = 0;
        while (rates.find() && n < 4) {
            found[n++] = Double.parseDouble(rates.group(1).replace(",", ""));
        }
        assertEquals(4, n, r.out());
        for (double rate : found) {
            assertTrue(rate > 0, r.out());
        }
        assertTrue(found[0] > found[2], "reads alone faster than whole evaluations: " + r.out());
        CommandRun bad = CommandRun.of("bench", "tables", "--model", model.toString(), "--seconds", "0");
        assertEquals(2, bad.exit());
        assertTrue(bad.err().contains("--seconds"), bad.err());
    }
}
