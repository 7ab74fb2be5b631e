package g2048.train;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run on a small runtime without java.desktop (as carried to a GPU machine) keeps its curve's CSV
 * and says once that the PNG was not drawn, instead of dying when it first plots. The child JVM is
 * limited to the modules such a runtime has.
 */
class LearningCurveWithoutDesktopTest {

    /** The child: three rows through one curve, as a training run appends them. */
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        LearningCurve<LearningCurveTest.Point> curve =
                new LearningCurve<>(dir.resolve("c.csv"), dir.resolve("c.png"), "t", LearningCurveTest.COLUMNS);
        for (int i = 1; i <= 3; i++) {
            curve.append(new LearningCurveTest.Point(i * 10, i));
        }
    }

    @Test
    void theCsvIsWrittenAndTheMissingPlotIsSaidOnce(@TempDir Path dir) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "--limit-modules", "java.base,java.logging,java.management,jdk.unsupported",
                "-cp", System.getProperty("java.class.path"), LearningCurveWithoutDesktopTest.class.getName(), dir.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(60, TimeUnit.SECONDS);
        assertEquals(0, p.exitValue(), out);
        assertEquals(List.of("work,score", "10,1.0", "20,2.0", "30,3.0"), Files.readAllLines(dir.resolve("c.csv")));
        assertFalse(Files.exists(dir.resolve("c.png")));
        assertEquals(dir.resolve("c.png") + ": not drawn: this Java runtime has no java.desktop module (the figures are in "
                + dir.resolve("c.csv") + ")\n", out);
    }
}
