package g2048.ntuple;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.cli.CommandRun;
import g2048.cli.Main;
import g2048.game.Shape;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Training resumed from a saved model continues exactly where it stopped (one thread). */
class ResumeTest {

    @TempDir
    Path dir;

    private static final TupleSpec SPEC = TupleSpec.parse("012,456:sym:c12");

    @Test
    void nGamesSavedThenNMoreEqualTwoNAtOnce() {
        Path half = dir.resolve("half.g2n");
        try (NtupleModel whole = NtupleModel.create(SPEC, Shape.S3x3, Method.TD_AFTERSTATE, 11, 0.01);
             NtupleModel first = NtupleModel.create(SPEC, Shape.S3x3, Method.TD_AFTERSTATE, 11, 0.01)) {
            new SelfPlay(whole, 0.01, 1).train(400, null);
            new SelfPlay(first, 0.01, 1).train(200, null);
            NtupleModels.save(first, half);
            try (NtupleModel resumed = NtupleModels.loadForTraining(half)) {
                assertEquals(200, resumed.training().games());
                new SelfPlay(resumed, 0.01, 1).train(400, null);
                assertEquals(whole.training().games(), resumed.training().games());
                assertEquals(whole.training().moves(), resumed.training().moves());
                assertTablesEqual(whole, resumed);
            }
        }
    }

    @Test
    void commandLineResumeMatchesOneRunAndChecksMismatches() {
        Path once = dir.resolve("once.g2n");
        Path part = dir.resolve("part.g2n");
        Path rest = dir.resolve("rest.g2nz");
        String[] common = {"train", "ntuple", "--net", "012,456:sym:c12", "--shape", "3x3", "--method", "td-state",
            "--alpha", "0.01", "--seed", "3", "--threads", "1", "--eval-every", "100", "--eval-games", "20",
            "--checkpoint-every", "100", "--no-progress"};
        assertEquals(0, Main.execute(concat(common, "--games", "300", "--out", once.toString())));
        assertEquals(0, Main.execute(concat(common, "--games", "100", "--out", part.toString())));
        assertEquals(0, Main.execute("train", "ntuple", "--resume", part.toString(), "--games", "300", "--threads", "1",
                "--eval-every", "0", "--no-progress", "--out", dir.resolve("rest.g2n").toString()));
        try (NtupleModel a = NtupleModels.load(once); NtupleModel b = NtupleModels.load(dir.resolve("rest.g2n"))) {
            assertEquals(300, b.training().games());
            assertTablesEqual(a, b);
        }
        // A resumed run refuses options that contradict the file (exit code 2 = bad input).
        assertEquals(2, Main.execute("train", "ntuple", "--resume", part.toString(), "--games", "300", "--net", "4x6",
                "--out", rest.toString()));
        assertEquals(2, Main.execute("train", "ntuple", "--resume", part.toString(), "--games", "300", "--method",
                "q-learning", "--out", rest.toString()));
        assertEquals(2, Main.execute("train", "ntuple", "--resume", dir.resolve("nothing.g2n").toString(), "--games", "3",
                "--out", rest.toString()));
        assertTrue(!rest.toFile().exists());
    }

    @Test
    void aResumedRunKeepsItsTdRuleAndShapingWithoutTheFlags() {
        Path once = dir.resolve("lambda-once.g2n");
        Path part = dir.resolve("lambda-part.g2n");
        String[] common = {"train", "ntuple", "--net", "012,456:sym:c12", "--shape", "3x3", "--lambda", "0.5", "--backward",
            "--shaping", "restart", "--alpha", "0.02", "--seed", "7", "--threads", "1", "--eval-every", "0", "--no-progress"};
        assertEquals(0, Main.execute(concat(common, "--games", "240", "--out", once.toString())));
        assertEquals(0, Main.execute(concat(common, "--games", "90", "--out", part.toString())));
        // Resumed with none of --lambda, --backward, --shaping: the model's own rule and shaping go on.
        assertEquals(0, Main.execute("train", "ntuple", "--resume", part.toString(), "--games", "240", "--threads", "1",
                "--eval-every", "0", "--no-progress", "--out", part.toString()));
        try (NtupleModel a = NtupleModels.load(once); NtupleModel b = NtupleModels.load(part)) {
            assertEquals(240, b.training().games());
            assertEquals(a.training().moves(), b.training().moves());
            assertTablesEqual(a, b);
        }
        // A resume that asks for another rule or shaping is refused, and writes nothing.
        Path other = dir.resolve("lambda-other.g2n");
        for (String[] change : new String[][] {{"--lambda", "0.25"}, {"--n-step", "3"}, {"--shaping", "none"}}) {
            CommandRun r = CommandRun.of(concat(new String[] {"train", "ntuple", "--resume", part.toString(), "--games", "300",
                "--threads", "1", "--eval-every", "0", "--no-progress", "--out", other.toString()}, change));
            assertEquals(2, r.exit(), String.join(" ", change) + ": " + r.err());
            assertEquals(1, r.errLines().length, r.err());
            assertTrue(r.err().contains(change[0] + " " + change[1] + " does not match the resumed model"), r.err());
            assertTrue(!other.toFile().exists());
        }
    }

    @Test
    void theTerminalValueIsKeptOnResumeAndCheckedOnTheCommandLine() {
        Path part = dir.resolve("network.g2n");
        Path whole = dir.resolve("network-once.g2n");
        String[] common = {"train", "ntuple", "--net", "012,456:sym:c12", "--shape", "3x3", "--method", "td-state",
            "--terminal-value", "network", "--seed", "5", "--threads", "1", "--eval-every", "0", "--no-progress"};
        assertEquals(0, Main.execute(concat(common, "--games", "200", "--out", whole.toString())));
        assertEquals(0, Main.execute(concat(common, "--games", "80", "--out", part.toString())));
        assertEquals(2, Main.execute("train", "ntuple", "--resume", part.toString(), "--games", "200",
                "--terminal-value", "zero", "--out", part.toString()));
        assertEquals(0, Main.execute("train", "ntuple", "--resume", part.toString(), "--games", "200", "--threads", "1",
                "--eval-every", "0", "--no-progress", "--out", part.toString()));
        try (NtupleModel a = NtupleModels.load(whole); NtupleModel b = NtupleModels.load(part)) {
            assertEquals(TerminalValue.NETWORK, b.terminal());
            assertTablesEqual(a, b);
        }
        // A different rule learns differently from the same seed.
        Path zero = dir.resolve("zero.g2n");
        assertEquals(0, Main.execute("train", "ntuple", "--net", "012,456:sym:c12", "--shape", "3x3", "--method", "td-state",
                "--seed", "5", "--threads", "1", "--eval-every", "0", "--no-progress", "--games", "200", "--out", zero.toString()));
        try (NtupleModel a = NtupleModels.load(whole); NtupleModel b = NtupleModels.load(zero)) {
            assertEquals(TerminalValue.ZERO, b.terminal());
            boolean differ = false;
            for (long i = 0; i < a.network().weights() && !differ; i++) {
                differ = a.network().entry(i) != b.network().entry(i);
            }
            assertTrue(differ, "the terminal rule changes what TD-state learns");
        }
        assertEquals(2, Main.execute("train", "ntuple", "--method", "td-afterstate", "--terminal-value", "network",
                "--games", "3", "--out", dir.resolve("x.g2n").toString()));
        assertEquals(2, Main.execute("train", "ntuple", "--method", "td-state", "--terminal-value", "maybe",
                "--games", "3", "--out", dir.resolve("x.g2n").toString()));
        assertTrue(!dir.resolve("x.g2n").toFile().exists());
    }

    @Test
    void stagesCoherenceAndInitialValueSurviveTheFileAndResumeExactly() {
        Path once = dir.resolve("tc-once.g2n");
        Path part = dir.resolve("tc-part.g2n");
        String[] common = {"train", "ntuple", "--net", "012,456:sym:c12", "--shape", "3x3", "--stages", "64,128",
            "--tc", "--init", "200", "--alpha", "0.05", "--seed", "9", "--threads", "1", "--eval-every", "0", "--no-progress"};
        assertEquals(0, Main.execute(concat(common, "--games", "300", "--out", once.toString())));
        assertEquals(0, Main.execute(concat(common, "--games", "120", "--out", part.toString())));
        // --init belongs to a new model; --stages must match the file.
        assertEquals(2, Main.execute("train", "ntuple", "--resume", part.toString(), "--games", "300", "--init", "5",
                "--out", part.toString()));
        assertEquals(2, Main.execute("train", "ntuple", "--resume", part.toString(), "--games", "300", "--stages", "64",
                "--out", part.toString()));
        assertEquals(0, Main.execute("train", "ntuple", "--resume", part.toString(), "--games", "300", "--threads", "1",
                "--eval-every", "0", "--no-progress", "--out", part.toString()));
        try (NtupleModel a = NtupleModels.load(once); NtupleModel b = NtupleModels.loadForTraining(part)) {
            assertEquals(Stages.parse("64,128"), b.stages());
            assertEquals(200.0, b.initialValue());
            assertTrue(b.coherent(), "the accumulators were saved and read back");
            assertEquals(3, b.network().banks());
            assertTablesEqual(a, b);
        }
        // Without accumulators in the file a resumed run would have learned differently: the
        // compact form drops them, and --tc on resume then starts fresh ones (OTD then TC).
        Path compact = dir.resolve("tc-part.g2nz");
        assertEquals(0, Main.execute(concat(common, "--games", "120", "--out", compact.toString())));
        try (NtupleModel c = NtupleModels.loadForTraining(compact)) {
            assertTrue(!c.coherent());
            assertEquals(Stages.parse("64,128"), c.stages());
        }
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private static void assertTablesEqual(NtupleModel a, NtupleModel b) {
        long n = a.network().banks() * a.network().weights();
        boolean anyNonZero = false;
        for (long i = 0; i < n; i++) {
            assertEquals(a.network().entry(i), b.network().entry(i), 0f, "entry " + i);
            anyNonZero |= a.network().entry(i) != 0;
        }
        assertTrue(anyNonZero, "training changed the tables");
    }
}
