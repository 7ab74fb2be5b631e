package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.ntuple.NtupleModel;
import g2048.ntuple.NtupleModels;
import g2048.ntuple.Stages;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The learning options of {@code train ntuple}: accepted combinations run, bad ones get one line and exit 2. */
class TrainNtupleOptionsTest {

    @TempDir
    Path dir;

    private static final String[] SMALL = {"train", "ntuple", "--net", "012,456:sym:c12", "--shape", "3x3", "--threads", "1",
        "--games", "40", "--eval-every", "0", "--no-progress"};

    @Test
    void everyRuleAndShapingRunsFromTheCommandLine() {
        String[][] variants = {
            {"--n-step", "3"}, {"--n-step", "4", "--lambda", "0.5"}, {"--backward"}, {"--backward", "--lambda", "0.5"},
            {"--backward", "--n-step", "2", "--tc"}, {"--shaping", "restart"}, {"--shaping", "carousel", "--stages", "64"}, {"--shaping", "late", "--stages", "32"},
            {"--init", "1000", "--tc"}};
        for (int k = 0; k < variants.length; k++) {
            Path out = dir.resolve("m" + k + ".g2n");
            CommandRun r = CommandRun.of(concat(concat(SMALL, variants[k]), "--out", out.toString()));
            assertEquals(0, r.exit(), String.join(" ", variants[k]) + ": " + r.err());
            assertTrue(Files.exists(out));
        }
        CommandRun r = CommandRun.of(concat(SMALL, "--n-step", "4", "--lambda", "0.5", "--tc", "--shaping", "restart",
                "--out", dir.resolve("x.g2n").toString()));
        assertTrue(r.out().contains("by TD(0.5) over 4 steps + temporal coherence, restart shaping"), r.out());
    }

    @Test
    void badCombinationsAreOneLineErrors() {
        String[][] bad = {
            {"--lambda", "0.5"}, {"--lambda", "1"}, {"--n-step", "0"}, {"--backward", "--n-step", "3", "--lambda", "0.2"},
            {"--method", "q-learning", "--net", "012,456:c12", "--n-step", "2"}, {"--shaping", "sometimes"},
            {"--stages", "128,64"}, {"--init", "NaN"}, {"--method", "td-state", "--shaping", "late", "--stages", "32"}};
        for (String[] b : bad) {
            Path out = dir.resolve("bad.g2n");
            CommandRun r = CommandRun.of(concat(concat(SMALL, b), "--out", out.toString()));
            assertEquals(2, r.exit(), String.join(" ", b));
            assertEquals(1, r.errLines().length, String.join(" ", b) + ": " + r.err());
            assertFalse(Files.exists(out), "nothing written for " + String.join(" ", b));
        }
    }

    @Test
    void lateShapingAlignsTheHandOffAtEveryReport() {
        Path out = dir.resolve("late.g2n");
        CommandRun r = CommandRun.of(concat(SMALL, "--shaping", "late", "--stages", "32", "--checkpoint-every", "20", "--json",
                "--out", out.toString()));
        assertEquals(0, r.exit(), r.err());
        long lines = r.out().lines().filter(l -> l.contains("\"event\":\"progress\"") && l.contains("\"hand_off\":{\"stage\":1,")).count();
        assertEquals(2, lines, "the reports at 20 and 40 games carry their alignments: " + r.out());
        assertTrue(r.err().contains("hand-off: stage 2 shifted by"), r.err());
    }

    @Test
    void anotherModelPlaysTheLatePrefixesWhenNamedAndIsRefusedWithoutLateShaping() {
        Path prefix = dir.resolve("prefix.g2n");
        assertEquals(0, CommandRun.of(concat(SMALL, "--out", prefix.toString())).exit());
        Path out = dir.resolve("late.g2n");
        CommandRun r = CommandRun.of(concat(SMALL, "--shaping", "late", "--stages", "32", "--late-prefix", prefix.toString(),
                "--out", out.toString()));
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("late shaping (prefixes played by ntuple 012,456:sym:c12 td-afterstate (" + prefix + "))"),
                r.out());
        String[][] bad = {{"--late-prefix", prefix.toString()}, {"--shaping", "late", "--stages", "32", "--late-prefix",
            dir.resolve("missing.g2n").toString()}};
        for (String[] b : bad) {
            Path none = dir.resolve("none.g2n");
            CommandRun e = CommandRun.of(concat(concat(SMALL, b), "--out", none.toString()));
            assertEquals(2, e.exit(), String.join(" ", b) + ": " + e.err());
            assertEquals(1, e.errLines().length, e.err());
            assertTrue(e.err().contains("--late-prefix"), e.err());
            assertFalse(Files.exists(none));
        }
    }

    @Test
    void lateShapingOnAPointNoGameReachesStopsWithOneLineAndWritesNothing() {
        // 3x3 games never hold a tile sum of 32768, so no late episode can start
        Path out = dir.resolve("late.g2n");
        CommandRun r = CommandRun.of(concat(SMALL, "--shaping", "late", "--stages", "32768", "--out", out.toString()));
        assertEquals(1, r.exit(), r.err());
        assertEquals(1, r.errLines().length, r.err());
        assertTrue(r.err().contains("--shaping late: 1000 greedy games in a row ended before the tile set reached 32768"),
                r.err());
        assertFalse(Files.exists(out));
    }

    @Test
    void compactBitsSetTheCompactFilesStepsAndAreRefusedElsewhere() throws Exception {
        Path full = dir.resolve("full.g2n");
        CommandRun first = CommandRun.of("train", "ntuple", "--net", "012,456:sym:c12", "--shape", "3x3", "--games", "300",
                "--eval-every", "0", "--no-progress", "--out", full.toString());
        assertEquals(0, first.exit(), first.err());
        long[] sizes = new long[2];
        float[] steps = new float[2];
        String[] bits = {"14", "10"};
        for (int k = 0; k < 2; k++) {
            Path compact = dir.resolve("c" + bits[k] + NtupleModels.COMPACT_EXTENSION);
            CommandRun r = CommandRun.of("train", "ntuple", "--resume", full.toString(), "--games", "300", "--eval-every", "0",
                    "--no-progress", "--compact-bits", bits[k], "--out", compact.toString());
            assertEquals(0, r.exit(), r.err());
            sizes[k] = Files.size(compact);
            try (NtupleModel trained = NtupleModels.loadForTraining(full); NtupleModel back = NtupleModels.loadForTraining(compact)) {
                float max = 0;
                long n = trained.network().banks() * trained.network().weights();
                for (long i = 0; i < n; i++) {
                    max = Math.max(max, Math.abs(trained.network().entry(i)));
                }
                steps[k] = max / ((1 << (Integer.parseInt(bits[k]) - 1)) - 1);
                for (long i = 0; i < n; i++) {
                    float w = trained.network().entry(i);
                    assertEquals(w, back.network().entry(i), steps[k] * 0.5001f, "entry " + i + " at " + bits[k] + " bits");
                }
            }
        }
        assertTrue(steps[1] > 15 * steps[0], steps[1] + " vs " + steps[0]);
        assertTrue(sizes[1] < sizes[0], sizes[1] + " vs " + sizes[0]);
        for (String[] b : new String[][] {{"--compact-bits", "7"}, {"--compact-bits", "16"}}) {
            Path out = dir.resolve("bad" + NtupleModels.COMPACT_EXTENSION);
            CommandRun r = CommandRun.of(concat(concat(SMALL, b), "--out", out.toString()));
            assertEquals(2, r.exit(), String.join(" ", b));
            assertEquals(1, r.errLines().length, r.err());
            assertTrue(r.err().strip().endsWith(": --compact-bits: expected 8 to 15, got " + b[1]), r.err());
            assertFalse(Files.exists(out));
        }
        Path plain = dir.resolve("plain.g2n");
        CommandRun r = CommandRun.of(concat(SMALL, "--compact-bits", "12", "--out", plain.toString()));
        assertEquals(2, r.exit());
        assertEquals(1, r.errLines().length, r.err());
        assertTrue(r.err().strip().endsWith(": --compact-bits: applies to a compact --out (.g2nz), got " + plain), r.err());
        assertFalse(Files.exists(plain));
    }

    @Test
    void aCompactCheckpointWithItsAccumulatorsResumesWithThem() {
        Path kept = dir.resolve("kept" + NtupleModels.COMPACT_EXTENSION);
        CommandRun r = CommandRun.of(concat(SMALL, "--tc", "--compact-accumulators", "--out", kept.toString()));
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().contains("TC accumulators coded"), r.err());
        try (NtupleModel m = NtupleModels.loadForTraining(kept)) {
            assertTrue(m.coherent(), "the accumulators came back");
        }
        // resumed: no prior to give, and the run goes on with them (a compact --out again keeps them)
        r = CommandRun.of("train", "ntuple", "--resume", kept.toString(), "--games", "80", "--threads", "1", "--eval-every", "0",
                "--no-progress", "--compact-accumulators", "--out", kept.toString());
        assertEquals(0, r.exit(), r.err());
        assertFalse(r.err().contains("fresh accumulators"), r.err());
        try (NtupleModel m = NtupleModels.loadForTraining(kept)) {
            assertTrue(m.coherent());
            assertEquals(80, m.training().games());
        }
        String[][] bad = {
            {"--tc", "--compact-accumulators", "--out", dir.resolve("full.g2n").toString()},
            {"--compact-accumulators", "--out", dir.resolve("none" + NtupleModels.COMPACT_EXTENSION).toString()}};
        String[] says = {"--compact-accumulators: applies to a compact --out", "--compact-accumulators: keeps temporal-coherence"
                + " accumulators, so it goes with --tc"};
        for (int k = 0; k < bad.length; k++) {
            r = CommandRun.of(concat(SMALL, bad[k]));
            assertEquals(2, r.exit(), r.err());
            assertEquals(1, r.errLines().length, r.err());
            assertTrue(r.err().contains(says[k]), r.err());
        }
    }

    @Test
    void resumingASingleStageModelWithStagesSplitsIt() {
        Path one = dir.resolve("one.g2n");
        assertEquals(0, CommandRun.of(concat(SMALL, "--tc", "--out", one.toString())).exit());
        Path two = dir.resolve("two.g2n");
        CommandRun r = CommandRun.of("train", "ntuple", "--resume", one.toString(), "--stages", "64", "--games", "60",
                "--threads", "1", "--eval-every", "0", "--no-progress", "--out", two.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().contains("split into 2 stages (64)"), r.err());
        try (NtupleModel m = NtupleModels.loadForTraining(two)) {
            assertEquals(Stages.parse("64"), m.stages());
            assertTrue(m.coherent());
            assertEquals(60, m.training().games());
        }
        // --tc off on resume drops the accumulators.
        r = CommandRun.of("train", "ntuple", "--resume", two.toString(), "--no-tc", "--games", "70", "--threads", "1",
                "--eval-every", "0", "--no-progress", "--out", two.toString());
        assertEquals(0, r.exit(), r.err());
        try (NtupleModel m = NtupleModels.loadForTraining(two)) {
            assertFalse(m.coherent());
        }
    }

    @Test
    void aSplitModelSplitsFurtherAndCoherenceCanStartWarm() {
        Path one = dir.resolve("plain.g2n");
        assertEquals(0, CommandRun.of(concat(SMALL, "--out", one.toString())).exit());
        Path two = dir.resolve("split.g2n");
        String[] resume = {"train", "ntuple", "--threads", "1", "--eval-every", "0", "--no-progress"};
        assertEquals(0, CommandRun.of(concat(resume, "--resume", one.toString(), "--stages", "64", "--games", "60",
                "--out", two.toString())).exit());
        Path three = dir.resolve("three.g2n");
        CommandRun r = CommandRun.of(concat(resume, "--resume", two.toString(), "--stages", "64,128", "--tc", "--tc-prior",
                "1e6", "--games", "70", "--out", three.toString()));
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().contains("split into 3 stages (64,128)"), r.err());
        assertTrue(r.err().contains("warm accumulators"), r.err());
        try (NtupleModel m = NtupleModels.loadForTraining(three)) {
            assertEquals(Stages.parse("64,128"), m.stages());
            assertTrue(m.coherent());
            assertEquals(70, m.training().games());
        }
        String[][] bad = {{"--stages", "128"}, {"--tc", "--tc-prior", "-1"}, {"--tc", "--tc-prior", "NaN"},
            {"--tc-prior", "5"}};
        for (String[] b : bad) {
            Path out = dir.resolve("refused.g2n");
            r = CommandRun.of(concat(concat(resume, "--resume", two.toString(), "--games", "80", "--out", out.toString()), b));
            assertEquals(2, r.exit(), String.join(" ", b) + ": " + r.err());
            assertEquals(1, r.errLines().length, r.err());
            assertTrue(r.err().contains(b[b.length - 2]), r.err());
            assertFalse(Files.exists(out), "nothing written for " + String.join(" ", b));
        }
    }

    @Test
    void resumingWithALargerNetworkGrowsItAndANetworkLackingATupleIsRefused() {
        Path small = dir.resolve("small.g2n");
        assertEquals(0, CommandRun.of(concat(SMALL, "--tc", "--out", small.toString())).exit());
        Path large = dir.resolve("large.g2n");
        String[] resume = {"train", "ntuple", "--threads", "1", "--eval-every", "0", "--no-progress", "--resume", small.toString()};
        CommandRun r = CommandRun.of(concat(resume, "--net", "012,159,456:sym:c12", "--games", "60", "--out", large.toString()));
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().contains("grown from 012,456:sym:c12 to 012,159,456:sym:c12: its 2 tuples start from " + small
                + ", 1 new tuple from 0"), r.err());
        try (NtupleModel m = NtupleModels.loadForTraining(large)) {
            assertEquals("012,159,456:sym:c12", m.spec().canonical());
            assertTrue(m.coherent());
            assertEquals(60, m.training().games());
        }
        Path refused = dir.resolve("refused.g2n");
        r = CommandRun.of(concat(resume, "--net", "012,159:sym:c12", "--games", "60", "--out", refused.toString()));
        assertEquals(2, r.exit(), r.err());
        assertEquals(1, r.errLines().length, r.err());
        assertTrue(r.err().contains("--net 012,159:sym:c12: network 012,159:sym:c12 lacks tuple 2 (456)"), r.err());
        assertFalse(Files.exists(refused));
    }

    @Test
    void aLearningCurveIsWrittenBesideTheModelAndContinuedOnResume() throws Exception {
        Path model = dir.resolve("curve.g2nz");
        String[] run = {"train", "ntuple", "--net", "012,456:sym:c12", "--shape", "3x3", "--threads", "1", "--eval-every", "20",
            "--eval-games", "10", "--no-progress", "--out", model.toString()};
        assertEquals(0, CommandRun.of(concat(run, "--games", "40")).exit());
        Path csv = dir.resolve("curve.curve.csv");
        assertEquals(3, Files.readAllLines(csv).size(), "header and a row per evaluation");
        assertTrue(Files.size(dir.resolve("curve.curve.png")) > 1000);
        assertEquals(0, CommandRun.of("train", "ntuple", "--resume", model.toString(), "--games", "60", "--threads", "1",
                "--eval-every", "20", "--eval-games", "10", "--no-progress", "--out", model.toString()).exit());
        java.util.List<String> lines = Files.readAllLines(csv);
        assertEquals(4, lines.size());
        assertTrue(lines.get(3).split(",")[1].equals("60"), "steps are the training games: " + lines.get(3));
    }

    @Test
    void theCurveNamesItsColumnsAndACurveUnderTheFormerHeaderIsContinued() throws Exception {
        Path model = dir.resolve("named.g2n");
        String[] run = {"train", "ntuple", "--net", "012,456:sym:c12", "--shape", "3x3", "--threads", "1", "--eval-every", "20",
            "--eval-games", "10", "--no-progress", "--out", model.toString()};
        assertEquals(0, CommandRun.of(concat(run, "--games", "40")).exit());
        Path csv = dir.resolve("named.curve.csv");
        java.util.List<String> lines = Files.readAllLines(csv);
        assertEquals("moves,games,seconds,eval_games,mean,sd,max,reach2048,reach4096,reach8192,reach16384,train_mean",
                lines.getFirst());
        // as a run wrote it before the columns had their names
        java.util.List<String> former = new java.util.ArrayList<>(lines);
        former.set(0, "positions,steps,seconds,games,mean,sd,max,reach2048,reach4096,reach8192,reach16384,train_mean100");
        Files.write(csv, former);
        assertEquals(0, CommandRun.of(concat(run, "--games", "60", "--resume", model.toString())).exit());
        java.util.List<String> after = Files.readAllLines(csv);
        assertEquals(lines, after.subList(0, 3), "the rows kept, under the named columns");
        assertEquals(4, after.size());
        assertEquals("60", after.get(3).split(",")[1], after.get(3));
    }

    @Test
    void withoutEvaluationsTheCurveFollowsTheTrainingGames() throws Exception {
        Path model = dir.resolve("plain.g2n");
        assertEquals(0, CommandRun.of(concat(SMALL, "--checkpoint-every", "20", "--out", model.toString())).exit());
        java.util.List<String> lines = Files.readAllLines(dir.resolve("plain.curve.csv"));
        assertEquals(3, lines.size(), "header and a row per checkpoint and the end: " + lines);
        assertTrue(lines.get(2).matches("\\d+,40,[0-9.]+,0,,,,,,,,[0-9.]+"), "the training mean alone: " + lines.get(2));
        assertTrue(Files.size(dir.resolve("plain.curve.png")) > 1000);
    }

    @Test
    void anUnwritableOutIsRefusedBeforeTrainingAndTwoRunsCannotShareOne() throws Exception {
        Path ro = dir.resolve("ro");
        Files.createDirectories(ro);
        ro.toFile().setWritable(false);
        try {
            if (!Files.isWritable(ro)) {
                CommandRun r = CommandRun.of(concat(SMALL, "--games", "100000", "--out", ro.resolve("m.g2n").toString()));
                assertEquals(2, r.exit());
                assertEquals(1, r.errLines().length, r.err());
                assertFalse(r.out().contains("games 100000"), "no game was played");
            }
        } finally {
            ro.toFile().setWritable(true);
        }
        CommandRun r = CommandRun.of(concat(SMALL, "--out", dir.toString()));
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("is a directory"), r.err());
        // The lock: held here, a run on the same --out is refused with one line naming the lock.
        Path out = dir.resolve("shared.g2n");
        try (g2048.files.LockFile held = g2048.files.LockFile.acquire(dir.resolve(".shared.g2n.lock"))) {
            r = CommandRun.of(concat(SMALL, "--out", out.toString()));
            assertEquals(2, r.exit());
            assertTrue(r.err().contains("in use by another run"), r.err());
        }
        assertEquals(0, CommandRun.of(concat(SMALL, "--out", out.toString())).exit());
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
