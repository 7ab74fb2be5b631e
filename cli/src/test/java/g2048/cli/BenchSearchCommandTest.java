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

    /**
     * {@code --late-model}: the model itself as the late model (from 256, which these games make)
     * plays exactly as the model alone, offset +0; a late model is the ntuple player's only.
     */
    @Test
    void aLateModelIsTheNtuplePlayersOnly(@TempDir Path dir) {
        String a = PlayCommandTest.trainedModel(dir.resolve("a.g2n"), 1).toString();
        CommandRun alone = run("bench", "search", "--model", a, "--depth", "2", "--games", "3", "--downgrade", "0", "--json", "--quiet");
        CommandRun self = run("bench", "search", "--model", a, "--late-model", a, "--late-from", "256", "--depth", "2",
                "--games", "3", "--json", "--quiet");
        assertEquals(0, alone.exit(), alone.err());
        assertEquals(0, self.exit(), self.err());
        for (String key : new String[] {"mean", "max", "moves"}) {
            assertEquals(MiniJson.object(alone.out()).get(key), MiniJson.object(self.out()).get(key), key);
        }
        String player = String.valueOf(MiniJson.object(self.out()).get("player"));
        assertTrue(player.contains("from 256: ") && player.contains("+0 (levelled on"), player);

        assertBadInput(run("bench", "search", "--model", a, "--late-model", a, "--late-from", "100", "--games", "1"),
                "--late-from: expected a tile, a power of two from 4 to 32768, got 100");
        for (String other : new String[] {"lines", "heuristic", "policy"}) {
            assertBadInput(run("bench", "search", "--player", other, "--depth", "1", "--late-model", a, "--games", "1"),
                    "--late-model: only the ntuple player values the late game with a second model, the player is '" + other + "'");
        }
        // the latency log never overwrites the late model
        assertBadInput(run("bench", "search", "--model", dir.resolve("none.g2n").toString(), "--late-model", a, "--hlog", a,
                "--games", "1"), "--hlog: " + a + " is --late-model " + a + ", which this command reads");
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
