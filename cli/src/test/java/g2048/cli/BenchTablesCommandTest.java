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

    /** Every figure is a positive rate, over the reads the network's features make. */
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
        // which is faster is the benchmark's finding, not a property to test (a 0.2 s window on a shared
        // machine can go either way); what is fixed is the work: 17 tuples on one image each
        assertTrue(r.out().contains("17 reads per evaluation"), r.out());
        assertTrue(r.out().contains("(checksum true)"), r.out());
        CommandRun bad = CommandRun.of("bench", "tables", "--model", model.toString(), "--seconds", "0");
        assertEquals(2, bad.exit());
        assertTrue(bad.err().contains("--seconds"), bad.err());
    }
}
