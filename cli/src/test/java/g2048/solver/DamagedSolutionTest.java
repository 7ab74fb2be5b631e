package g2048.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.cli.CommandRun;
import g2048.files.BadFileException;
import g2048.game.Shape;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A damaged or edited solution never gives an answer: every reader (grade, solve query, play
 * --player optimal) refuses it with exit code 2 and one line naming the file and what was expected.
 */
class DamagedSolutionTest {

    @TempDir
    static Path tmp;

    private static Path intact;
    private static int copies;

    /** A reachable 2x3 state and its exact value in the intact solution. */
    private static final String BOARD = "4,8,16/32,2,0";

    @BeforeAll
    static void solve() throws IOException {
        intact = tmp.resolve("intact");
        assertEquals(Solver.Outcome.SOLVED, new Solver(Shape.S2x3, intact, 2).run(Solver.Progress.quiet()));
        assertEquals(252, Manifest.read(intact).lastAge(), "the 2x3 solve ends at age 252");
    }

    private static Path copy() throws IOException {
        Path dir = tmp.resolve("copy-" + copies++);
        Files.createDirectories(dir);
        try (var files = Files.list(intact)) {
            for (Path f : files.toList()) {
                if (Files.isRegularFile(f)) {
                    Files.copy(f, dir.resolve(f.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        return dir;
    }

    private static void editManifest(Path dir, String from, String to) throws IOException {
        Path m = dir.resolve(Manifest.FILE);
        String text = Files.readString(m, StandardCharsets.US_ASCII);
        assertTrue(text.contains(from), text);
        Files.writeString(m, text.replace(from, to), StandardCharsets.US_ASCII);
    }

    /** Every reader refuses {@code dir} with exit 2 and one line holding each of {@code mention}. */
    private static void assertRefused(Path dir, String... mention) {
        List<String[]> commands = List.of(
                new String[] {"grade", "--db", dir.toString(), "--player", "heuristic", "--threads", "1"},
                new String[] {"solve", "query", "--db", dir.toString(), "--board", BOARD},
                new String[] {"play", "--player", "optimal", "--db", dir.toString(), "--shape", "2x3", "--games", "20", "--no-progress"});
        for (String[] args : commands) {
            CommandRun r = CommandRun.of(args);
            String what = String.join(" ", args) + " -> " + r.err();
            assertEquals(2, r.exit(), what);
            assertEquals(1, errorLines(r), what);
            for (String m : mention) {
                assertTrue(r.err().contains(m), "'" + m + "' in " + what);
            }
            assertFalse(r.err().contains("Exception"), "no Java class names: " + what);
        }
    }

    @Test
    void theIntactSolutionAnswers() {
        CommandRun q = CommandRun.of("solve", "query", "--db", intact.toString(), "--board", BOARD);
        assertEquals(0, q.exit(), q.err());
        CommandRun g = CommandRun.of("grade", "--db", intact.toString(), "--player", "heuristic", "--threads", "1");
        assertEquals(0, g.exit(), g.err());
    }

    @Test
    void anEditedManifestIsRefusedByItsChecksum() throws IOException {
        Path dir = copy();
        editManifest(dir, "lastAge=252", "lastAge=100");
        assertRefused(dir, dir.resolve(Manifest.FILE) + ": SHA-256 checksum mismatch");
    }

    @Test
    void aSecondValueForAKeyIsRefused() throws IOException {
        Path dir = copy();
        Files.writeString(dir.resolve(Manifest.FILE), "lastAge=100\n", StandardCharsets.US_ASCII,
                java.nio.file.StandardOpenOption.APPEND);
        assertRefused(dir, dir.resolve(Manifest.FILE) + ": line 9 follows the sha256 line, which must be the last");
        // before the checksum line, as an earlier release would have read it
        Path legacy = copy();
        stripChecksum(legacy);
        Files.writeString(legacy.resolve(Manifest.FILE), "lastAge=100\n", StandardCharsets.US_ASCII,
                java.nio.file.StandardOpenOption.APPEND);
        assertRefused(legacy, legacy.resolve(Manifest.FILE) + ": key 'lastAge' appears twice (again on line 8)");
    }

    @Test
    void numbersOutOfRangeAreNamed() throws IOException {
        Path dir = copy();
        stripChecksum(dir);
        editManifest(dir, "lastAge=252", "lastAge=99999999999");
        assertRefused(dir, dir.resolve(Manifest.FILE) + ": lastAge '99999999999', expected 0 or an even age 4..");
    }

    /** The ages every reader reads: the start (games, grading) and the queried board's. */
    private static final int[] READ_AGES = {4, 62};

    @Test
    void aDamagedValuesFileIsBadInputNamingIt() throws IOException {
        Path dir = copy();
        for (int age : READ_AGES) {
            Path values = AgeFiles.valuesFile(dir, age);
            byte[] b = Files.readAllBytes(values);
            b[b.length - 40] ^= 0x20;
            Files.write(values, b);
        }
        assertRefused(dir, dir.resolve("values-0000").toString(), ".bin: SHA-256 checksum mismatch (the file is damaged)");
    }

    @Test
    void aDirectoryInPlaceOfAValuesFileIsNamed() throws IOException {
        Path dir = copy();
        for (int age : READ_AGES) {
            Path values = AgeFiles.valuesFile(dir, age);
            Files.delete(values);
            Files.createDirectory(values);
        }
        assertRefused(dir, dir.resolve("values-0000").toString(), ".bin: a directory, expected a values file of a 2x3 solution");
    }

    @Test
    void aMissingInitialStateIsAnInconsistentSolution() throws IOException {
        Path dir = copy();
        // an ids file re-signed without its states: intact checksum, wrong content
        try (Arena arena = Arena.ofConfined()) {
            AgeFiles.Ids ids = AgeFiles.readIds(dir, Shape.S2x3, 4, arena);
            AgeFiles.Values values = AgeFiles.readValues(dir, Shape.S2x3, 4, arena);
            try (IdSet afters = ids.decodeAfters()) {
                AgeFiles.writeIds(dir, Shape.S2x3, 4, IdSet.empty(), afters, 0);
            }
            java.lang.foreign.MemorySegment after = arena.allocate(8 * ids.afters() + 8, 8);
            for (long i = 0; i < ids.afters(); i++) {
                after.setAtIndex(Layouts.DOUBLE, i, values.afterValues().get(i));
            }
            AgeFiles.writeValues(dir, Shape.S2x3, 4, arena.allocate(8, 8), 0, after, ids.afters(), values.best());
        }
        CommandRun g = CommandRun.of("grade", "--db", dir.toString(), "--player", "heuristic", "--threads", "1");
        assertEquals(2, g.exit(), g.err());
        assertEquals(1, errorLines(g), g.err());
        assertTrue(g.err().contains(AgeFiles.idsFile(dir, 4) + ": holds no initial state"), g.err());
        assertTrue(g.err().contains("the solution is inconsistent"), g.err());
    }

    /** The error lines (grading prints progress lines on standard error as well). */
    private static long errorLines(CommandRun r) {
        return java.util.Arrays.stream(r.errLines()).filter(l -> !l.startsWith("grade: ")).count();
    }

    private static void stripChecksum(Path dir) throws IOException {
        Path m = dir.resolve(Manifest.FILE);
        List<String> lines = Files.readAllLines(m, StandardCharsets.US_ASCII);
        assertTrue(lines.getLast().startsWith("sha256="), lines.toString());
        Files.write(m, lines.subList(0, lines.size() - 1), StandardCharsets.US_ASCII);
    }

    private static Map<String, Long> modified(Path dir) throws IOException {
        Map<String, Long> out = new TreeMap<>();
        try (var files = Files.list(dir)) {
            for (Path f : files.toList()) {
                if (f.getFileName().toString().endsWith(".bin")) {
                    out.put(f.getFileName().toString(), Files.getLastModifiedTime(f).toMillis());
                }
            }
        }
        return out;
    }

    @Test
    void aManifestOfAnEarlierReleaseIsRefusedUntilSolveChecksAndRewritesIt() throws IOException {
        Path dir = copy();
        stripChecksum(dir);
        assertRefused(dir, dir.resolve(Manifest.FILE) + ": no sha256 line (written by an earlier release); rerun 'g2048 solve"
                + " --shape 2x3 --out " + dir + "'");
        Map<String, Long> before = modified(dir);
        CommandRun s = CommandRun.of("solve", "--shape", "2x3", "--out", dir.toString());
        assertEquals(0, s.exit(), s.err());
        assertTrue(s.err().contains("written by an earlier release without a checksum; checked against the age files"
                + " and rewritten with one"), s.err());
        assertFalse(s.err().contains("forward  age"), "nothing solved again: " + s.err());
        assertEquals(before, modified(dir), "no age file rewritten");
        assertEquals(Files.readString(intact.resolve(Manifest.FILE)), Files.readString(dir.resolve(Manifest.FILE)));
        CommandRun q = CommandRun.of("solve", "query", "--db", dir.toString(), "--board", BOARD);
        assertEquals(0, q.exit(), q.err());
    }

    @Test
    void aManifestOfAnEarlierReleaseThatDisagreesWithTheFilesIsNotRewritten() throws IOException {
        Path dir = copy();
        stripChecksum(dir);
        editManifest(dir, "forwardComplete=252", "forwardComplete=100");
        editManifest(dir, "lastAge=252", "lastAge=100");
        String edited = Files.readString(dir.resolve(Manifest.FILE));
        CommandRun s = CommandRun.of("solve", "--shape", "2x3", "--out", dir.toString());
        assertEquals(2, s.exit(), s.err());
        assertEquals(1, s.errLines().length, s.err());
        assertTrue(s.err().contains(dir.resolve(Manifest.FILE) + ": says the forward pass ends at age 100, the ids files say it"
                + " goes on past it"), s.err());
        assertEquals(edited, Files.readString(dir.resolve(Manifest.FILE)), "left as it was");

        Path backward = copy();
        stripChecksum(backward);
        editManifest(backward, "backwardComplete=4", "backwardComplete=6");
        BadFileException e = assertThrows(BadFileException.class,
                () -> ManifestCheck.againstFiles(backward, Manifest.readAllowingLegacy(backward).manifest()));
        assertTrue(e.getMessage().contains("vs-000006.bin: no such file"), e.getMessage());
    }
}
