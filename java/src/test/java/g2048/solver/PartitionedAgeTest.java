package g2048.solver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.files.BadFileException;
import g2048.game.Shape;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A solution whose ages are split into partitions ({@link PartitionedAge}) reads exactly as the same
 * solution written whole: the partitioned copy is cut from the single-machine files through
 * {@link AgeBytes}, then every state and afterstate, the expected scores, the grades and the age
 * statistics are compared.
 */
class PartitionedAgeTest {

    private static final Shape SHAPE = Shape.S2x3;

    @TempDir
    static Path tmp;

    private static Path whole;
    private static Path split;

    @BeforeAll
    static void solveAndSplit() throws IOException {
        whole = tmp.resolve("whole");
        split = tmp.resolve("split");
        new Solver(SHAPE, whole, 2).run(Solver.Progress.quiet());
        Manifest m = Manifest.read(whole);
        Files.createDirectories(split);
        Files.copy(whole.resolve(Manifest.FILE), split.resolve(Manifest.FILE));
        for (int age = Manifest.FIRST_AGE; age <= m.lastAge(); age += 2) {
            // ages alternate between one partition, three, and seven (some of them empty)
            splitAge(age, new int[] {1, 3, 7}[(age / 2) % 3]);
        }
    }

    /** Writes {@code age} of {@code whole} into {@code split} as {@code parts} partitions at evenly spaced IDs. */
    private static void splitAge(int age, int parts) throws IOException {
        Path idsFile = AgeFiles.idsFile(whole, age);
        AgeBytes.Ids ids = AgeBytes.readIds(idsFile, Files.readAllBytes(idsFile), SHAPE, age);
        Path valuesFile = AgeFiles.valuesFile(whole, age);
        AgeBytes.Values values = AgeBytes.readValues(valuesFile, Files.readAllBytes(valuesFile), SHAPE, age);
        long max = 1;
        for (long x : ids.states()) {
            max = Math.max(max, x);
        }
        long[] splits = new long[parts - 1];
        for (int p = 0; p < splits.length; p++) {
            splits[p] = (max / parts) * (p + 1) + p;
        }
        long[] nStates = new long[parts];
        long[] nAfters = new long[parts];
        long[] terminal = new long[parts];
        // the single file counts terminal states for the age only: put them all in partition 0
        terminal[0] = ids.terminal();
        for (int p = 0; p < parts; p++) {
            long lo = p == 0 ? Long.MIN_VALUE : splits[p - 1];
            long hi = p == parts - 1 ? Long.MAX_VALUE : splits[p];
            int s0 = from(ids.states(), lo);
            int s1 = from(ids.states(), hi);
            int a0 = from(ids.afters(), lo);
            int a1 = from(ids.afters(), hi);
            nStates[p] = s1 - s0;
            nAfters[p] = a1 - a0;
            long t = Math.min(terminal[0], nStates[p]);
            if (p == 0) {
                terminal[0] = t;
            }
            double[] sv = Arrays.copyOfRange(values.states(), s0, s1);
            double[] av = Arrays.copyOfRange(values.afters(), a0, a1);
            // the stored values are rounded: the partition holding the best afterstate gets the exact best
            double best = Double.NaN;
            for (double v : av) {
                best = Double.isNaN(best) ? v : Math.max(best, v);
            }
            if (!Double.isNaN(best) && Math.abs(best - values.best()) <= PackedValues.ERROR_BOUND) {
                best = values.best();
            }
            Files.write(split.resolve(PartitionedAge.idsName(age, p)), AgeBytes.ids(SHAPE, age,
                    Arrays.copyOfRange(ids.states(), s0, s1), Arrays.copyOfRange(ids.afters(), a0, a1), p == 0 ? t : 0));
            Files.write(split.resolve(PartitionedAge.valuesName(age, p)), AgeBytes.values(SHAPE, age, sv, av, best));
        }
        PartitionedAge index = new PartitionedAge(age, splits, nStates, nAfters, terminal);
        Files.write(split.resolve(PartitionedAge.indexName(age)), index.bytes(SHAPE));
    }

    private static int from(long[] sorted, long id) {
        int i = Arrays.binarySearch(sorted, id);
        return i >= 0 ? i : -i - 1;
    }

    @Test
    void everyStateAndAfterstateReadsTheSame() throws IOException {
        Manifest m = Manifest.read(whole);
        long checked = 0;
        try (Solution a = Solution.open(whole); Solution b = Solution.open(split); Arena arena = Arena.ofConfined()) {
            for (int age = Manifest.FIRST_AGE; age <= m.lastAge(); age += 2) {
                AgeFiles.Ids ids = AgeFiles.readIds(whole, SHAPE, age, arena);
                try (IdSet states = ids.decodeStates(); IdSet afters = ids.decodeAfters()) {
                    for (long i = 0; i < states.size(); i++) {
                        assertEquals(a.stateValue(states.get(i)), b.stateValue(states.get(i)), 0.0);
                        assertEquals(a.bestMove(states.get(i)), b.bestMove(states.get(i)));
                        checked++;
                    }
                    for (long i = 0; i < afters.size(); i++) {
                        assertEquals(a.afterstateValue(afters.get(i)), b.afterstateValue(afters.get(i)), 0.0);
                    }
                }
                assertEquals(a.bestAfterstateValue(age), b.bestAfterstateValue(age), 0.0, "age " + age);
            }
            for (int start : new int[] {0, 4, 6, 8}) {
                assertEquals(a.expectedFromStart(start), b.expectedFromStart(start), 0.0);
            }
            // an absent board is absent in both
            assertTrue(Double.isNaN(b.stateValue(0x0000_0000_0000_0fffL)));
        }
        assertTrue(checked > 1000, "checked " + checked + " states");
    }

    @Test
    void gradesAndStatisticsAreTheSame() throws IOException {
        try (Solution a = Solution.open(whole); Solution b = Solution.open(split)) {
            PolicyGrader.Policy random = PolicyGrader.uniform("random");
            assertEquals(PolicyGrader.grade(a, random).expectedScore(), PolicyGrader.grade(b, random).expectedScore(), 0.0);
        }
        List<AgeStats> x = AgeStats.read(whole, Manifest.read(whole));
        List<AgeStats> y = AgeStats.read(split, Manifest.read(split));
        assertEquals(x.size(), y.size());
        for (int i = 0; i < x.size(); i++) {
            assertEquals(x.get(i).states(), y.get(i).states());
            assertEquals(x.get(i).afterstates(), y.get(i).afterstates());
            assertEquals(x.get(i).bestAfterstateValue(), y.get(i).bestAfterstateValue(), 0.0);
        }
    }

    @Test
    void indexRoundTripsAndRefusesDamage() throws IOException {
        PartitionedAge index = new PartitionedAge(10, new long[] {5, 9}, new long[] {3, 0, 4}, new long[] {2, 2, 1},
                new long[] {1, 0, 0});
        byte[] bytes = index.bytes(SHAPE);
        PartitionedAge back = PartitionedAge.parse(Path.of("x"), java.lang.foreign.MemorySegment.ofArray(bytes), SHAPE, 10);
        assertArrayEquals(index.splits(), back.splits());
        assertArrayEquals(index.states(), back.states());
        assertEquals(0, back.partOf(4));
        assertEquals(1, back.partOf(5));
        assertEquals(2, back.partOf(9));
        bytes[70] ^= 1;
        assertThrows(BadFileException.class,
                () -> PartitionedAge.parse(Path.of("x"), java.lang.foreign.MemorySegment.ofArray(bytes), SHAPE, 10));
        assertThrows(BadFileException.class, () -> PartitionedAge.parse(Path.of("x"),
                java.lang.foreign.MemorySegment.ofArray(index.bytes(SHAPE)), SHAPE, 12));
    }

    @Test
    void aDamagedPartitionIsNamed() throws IOException {
        Path copy = tmp.resolve("damaged");
        Files.createDirectories(copy);
        try (var files = Files.list(split)) {
            for (Path p : files.toList()) {
                Files.copy(p, copy.resolve(p.getFileName()));
            }
        }
        Path victim = copy.resolve(PartitionedAge.valuesName(8, 0));
        byte[] b = Files.readAllBytes(victim);
        b[b.length / 2] ^= 0x10;
        Files.write(victim, b);
        try (Solution s = Solution.open(copy)) {
            UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> s.expectedFromStart(8));
            assertTrue(e.getCause().getMessage().contains(victim.getFileName().toString()), e.getCause().getMessage());
        }
    }
}
