package g2048.cli;

import static g2048.cli.MoveCommandTest.assertBadInput;
import static g2048.cli.MoveCommandTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchSearchCommandTest {

    @Test
    void reportsThroughputScoreLatencyAndWritesAnIntervalLog(@TempDir Path dir) throws IOException {
        Path hlog = dir.resolve("search.hlog");
        CommandRun r = run("bench", "search", "--player", "lines", "--depth", "2", "--games", "6",
                "--threads", "2", "--shape", "3x3", "--hlog", hlog.toString(), "--hlog-interval-ms", "5", "--json");
        assertEquals(0, r.exit(), r.err());
        String out = r.out();
        for (String key : new String[] {"\"games\":6", "\"moves_per_s\":", "\"mean\":", "\"p50\":", "\"p90\":",
            "\"p99\":", "\"p99_9\":", "\"max\":", "\"search\":{\"depth\":2", "\"hlog\":"}) {
            assertTrue(out.contains(key), key + " in " + out);
        }
        // the log's intervals add up to every move played
        long moves = Long.parseLong(out.replaceAll("(?s).*\"moves\":([0-9]+).*", "$1"));
        long logged = 0;
        HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
        for (Histogram h; (h = (Histogram) reader.nextIntervalHistogram()) != null; ) {
            logged += h.getTotalCount();
        }
        assertEquals(moves, logged);
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(1, files.count(), "no temporary file left behind");
        }
        CommandRun text = run("bench", "search", "--player", "lines", "--depth", "1", "--games", "3",
                "--shape", "2x3", "--warmup-games", "2");
        assertEquals(0, text.exit(), text.err());
        assertTrue(text.out().contains("moves/s") && text.out().contains("p99") && text.out().contains("search    per move"),
                text.out());
    }

    @Test
    void badInputGetsOneLineAndExitCode2(@TempDir Path dir) {
        assertBadInput(run("bench"), "expected a subcommand");
        assertBadInput(run("bench", "search", "--games", "0"), "--games");
        assertBadInput(run("bench", "search", "--threads", "0"), "--threads");
        assertBadInput(run("bench", "search", "--depth", "0"), "--depth");
        assertBadInput(run("bench", "search", "--player", "random"), "does not search");
        assertBadInput(run("bench", "search", "--shape", "5x5"), "--shape");
        assertBadInput(run("bench", "search", "--hlog", dir.resolve("missing/x.hlog").toString()), "--hlog");
        assertBadInput(run("bench", "search", "--hlog", dir.toString()), "--hlog");
        assertBadInput(run("bench", "search", "--games", "many"), "--games");
    }
}
