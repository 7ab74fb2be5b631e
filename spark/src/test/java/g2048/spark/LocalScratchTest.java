package g2048.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two local jobs, one after the other in one JVM (as a program embedding the solver runs them), each
 * keep Spark's files in their own {@code --scratch} and leave nothing in it when they end; nor does a
 * context started otherwise after them.
 */
class LocalScratchTest {

    @TempDir
    Path tmp;

    @Test
    void aSecondJobWritesNothingIntoTheFirstJobsScratch() throws Exception {
        Path first = tmp.resolve("first");
        Path second = tmp.resolve("second");
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        Path own = first.resolve("g2048-spark-" + ProcessHandle.current().pid());
        try (SparkJob.Context a = SparkJob.Context.start("first", "local[1]", first, out)) {
            assertEquals(12, a.sc().parallelize(List.of(1, 2, 3)).map(x -> x * 2).reduce(Integer::sum));
            assertTrue(Files.isDirectory(own), "the first job's scratch space: " + own);
        }
        assertEquals(List.of(), entries(first), "the first job's scratch after it ended");
        try (SparkJob.Context b = SparkJob.Context.start("second", "local[1]", second, out)) {
            assertEquals(12, b.sc().parallelize(List.of(1, 2, 3)).map(x -> x * 2).reduce(Integer::sum));
            assertEquals(List.of(), entries(first), "the first job's scratch while the second runs");
        }
        assertEquals(List.of(), entries(first), "the first job's scratch after the second ended");
        assertEquals(List.of(), entries(second), "the second job's scratch after it ended");
        // a context started otherwise, later in the same JVM, keeps its files where its own settings say
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        try (JavaSparkContext other = new JavaSparkContext(new SparkConf().setMaster("local[1]").setAppName("other")
                .set("spark.driver.host", "127.0.0.1").set("spark.driver.bindAddress", "127.0.0.1")
                .set("spark.ui.enabled", "false").set("spark.local.dir", elsewhere.toString()))) {
            assertEquals(12, other.parallelize(List.of(1, 2, 3)).map(x -> x * 2).reduce(Integer::sum));
            assertEquals(List.of(), entries(second), "the second job's scratch while another context runs");
        }
        assertEquals(List.of(), entries(second), "the second job's scratch after another context ended");
    }

    private static List<Path> entries(Path dir) throws java.io.IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        }
    }
}
