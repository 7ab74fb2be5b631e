package g2048.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The command's options: bad input is one line and exit code 2, before Spark starts. */
class SparkSolveTest {

    private static String refused(String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = SparkSolve.run(args, new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(2, rc);
        String text = err.toString(StandardCharsets.UTF_8).strip();
        assertEquals(1, text.lines().count(), text);
        return text;
    }

    @Test
    void badOptionsAreOneLine() {
        assertTrue(refused("--out", "x").contains("--shape: missing"));
        assertTrue(refused("--shape", "3x3").contains("--out: missing"));
        assertTrue(refused("--shape", "4x4", "--out", "x").contains("has 16 cells, expected at most 12"));
        assertTrue(refused("--shape", "3x3", "--out", "x", "--max-age", "7").contains("--max-age: expected an even age"));
        assertTrue(refused("--shape", "3x3", "--out", "x", "--partition-states", "0").contains("--partition-states: '0'"));
        assertTrue(refused("--shape", "3x3", "--out", "x", "--threads", "2").contains("unknown option '--threads'"));
        assertTrue(refused("--shape", "3x3", "--out").contains("--out: expected a value"));
    }

    @Test
    void optionsParse() {
        SparkSolve.Options o = SparkSolve.parse(new String[] {"--shape", "2x3", "--out", "hdfs://nn/db", "--master", "local[1]",
            "--partition-states", "1_000", "--max-age", "40"});
        assertEquals("2x3", o.shape().name());
        assertEquals("hdfs://nn/db", o.out());
        assertEquals(1000, o.partitionStates());
        assertEquals(40, o.maxAge());
    }
}
