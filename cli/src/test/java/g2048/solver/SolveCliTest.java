package g2048.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.cli.CommandRun;
import g2048.files.LockFile;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The solve, solve query, grade and play --player optimal commands: results, and bad input (exit 2, one line). */
class SolveCliTest {

    @TempDir
    static Path tmp;

    private static Path db;

    private static CommandRun run(String... args) {
        return CommandRun.of(args);
    }

    @BeforeAll
    static void solve() {
        db = tmp.resolve("s2x2");
        CommandRun r = run("solve", "--shape", "2x2", "--out", db.toString(), "--json");
        assertEquals(0, r.exit(), r.err());
        String json = r.out().trim();
        assertTrue(json.startsWith("{\"shape\":\"2x2\""), json);
        for (String key : new String[] {"\"states\":", "\"afterstates\":", "\"terminal\":", "\"start_2_2\":", "\"start_2_4\":",
            "\"start_4_4\":", "\"random_start\":", "\"elapsed_s\":"}) {
            assertTrue(json.contains(key), key + " in " + json);
        }
        // progress for people: a plain line every 10 s at most (none for a 2x2 solve), never a line per age, never NaN
        assertTrue(r.err().lines().count() <= 4, r.err());
        assertFalse(r.err().contains("NaN"), r.err());
        assertTrue(java.nio.file.Files.exists(db.resolve(AgeReport.CSV)));
        assertTrue(java.nio.file.Files.exists(db.resolve(AgeReport.PNG)));
    }

    private static void assertBadInput(String mustMention, String... args) {
        CommandRun r = run(args);
        assertEquals(2, r.exit(), String.join(" ", args) + " -> " + r.err());
        assertEquals(1, r.err().lines().count(), "one line: " + r.err());
        assertTrue(r.err().contains(mustMention), "'" + mustMention + "' in " + r.err());
    }

    @Test
    void badInputExitsWithTwoAndOneLine() {
        String out = tmp.resolve("bad").toString();
        assertBadInput("--shape", "solve", "--shape", "5x5", "--out", out);
        assertBadInput("--shape", "solve", "--shape", "4x4", "--out", out);
        assertBadInput("--shape", "solve", "--out", out);
        assertBadInput("--out", "solve", "--shape", "3x3");
        assertBadInput("--max-age", "solve", "--shape", "2x2", "--out", out, "--max-age", "5");
        assertBadInput("--threads", "solve", "--shape", "2x2", "--out", out, "--threads", "0");
        assertBadInput("2x2", "solve", "--shape", "2x3", "--out", db.toString());
        assertBadInput("--db", "solve", "query", "--db", tmp.resolve("none").toString(), "--board", "2,2/0,0");
        assertBadInput("--board", "solve", "query", "--db", db.toString(), "--board", "2,2,0/0,0,0");
        assertBadInput("--board", "solve", "query", "--db", db.toString(), "--board", "2,0/0,0");
        assertBadInput("--board", "solve", "query", "--db", db.toString(), "--board", "3,0/0,0");
        assertBadInput("--db", "grade", "--player", "heuristic");
        assertBadInput("--db", "grade", "--db", tmp.resolve("none").toString());
        assertBadInput("--db", "play", "--player", "optimal", "--shape", "2x2", "--games", "1");
        assertBadInput("--db", "play", "--player", "optimal", "--shape", "2x3", "--db", db.toString(), "--games", "1");
    }

    @Test
    void aSecondSolveOfTheSameDirectoryIsRefusedWhileTheFirstRuns() throws Exception {
        Path busy = tmp.resolve("busy");
        Manifest before;
        try (LockFile held = LockFile.inDirectory(busy)) {
            CommandRun r = run("solve", "--shape", "2x2", "--out", busy.toString());
            assertEquals(2, r.exit(), r.err());
            assertEquals(1, r.errLines().length, r.err());
            assertTrue(r.err().contains("--out: " + busy + " is in use by another run") && r.err().contains(held.file().toString()),
                    r.err());
            before = Manifest.read(busy);
        }
        assertEquals(null, before, "nothing written by the refused run");
        assertEquals(0, run("solve", "--shape", "2x2", "--out", busy.toString()).exit(), "solves once the lock is released");
    }

    @Test
    void queryGradeAndPlay() throws Exception {
        CommandRun q = run("solve", "query", "--db", db.toString(), "--board", "2,2/0,0", "--json");
        assertEquals(0, q.exit(), q.err());
        try (Solution sol = Solution.open(db)) {
            long board = 0x1L | 0x1L << 4;
            double[] values = new double[4];
            sol.moveValues(board, values);
            // The best of 2,2/0,0 is to merge (left or right) for 4 points.
            assertTrue(q.out().contains("\"move\":\"R\""), q.out());
            assertEquals(values[1], values[3], 1e-9);
            CommandRun g = run("grade", "--db", db.toString(), "--player", "random", "--json");
            assertEquals(0, g.exit(), g.err());
            assertTrue(g.out().contains("\"optimal_expected_score\":"), g.out());
            CommandRun p = run("play", "--player", "optimal", "--db", db.toString(), "--shape", "2x2", "--games", "200",
                    "--json", "--no-progress");
            assertEquals(0, p.exit(), p.err());
        }
    }
}
