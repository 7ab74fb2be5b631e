package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.cuda.CudaProbe;
import g2048.nn.Architectures;
import g2048.nn.Initializer;
import g2048.nn.Network;
import g2048.nn.NetworkFile;
import g2048.nn.TrainedNetwork;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code g2048 play}: the summary as text and JSON, reproducibility, and its one-line errors. */
class PlayCommandTest {

    @Test
    void jsonHasEveryField() {
        CommandRun run = CommandRun.of("play", "--player", "random", "--games", "50", "--threads", "2", "--seed", "3", "--json");
        assertEquals(0, run.exit(), run.err());
        Map<String, Object> json = MiniJson.object(run.out());
        assertTrue(json.keySet().containsAll(Set.of("games", "mean", "sd", "max", "reach", "moves", "moves_per_s",
                "latency_us")), json.keySet().toString());
        assertEquals(50.0, json.get("games"));
        assertEquals("random", json.get("player"));
        assertEquals("4x4", json.get("shape"));
        assertEquals(2.0, json.get("threads"));
        double mean = (Double) json.get("mean");
        assertTrue(mean > 200 && mean < 5000, "a random player's mean score " + mean);
        assertTrue((Double) json.get("sd") > 0);
        assertTrue((Double) json.get("max") >= mean);
        assertTrue((Double) json.get("moves") > 50 * 30);
        assertTrue((Double) json.get("moves_per_s") > 0);
        @SuppressWarnings("unchecked")
        Map<String, Object> reach = (Map<String, Object>) json.get("reach");
        assertEquals(Set.of("2048", "4096", "8192", "16384", "32768"), reach.keySet());
        @SuppressWarnings("unchecked")
        Map<String, Object> latency = (Map<String, Object>) json.get("latency_us");
        assertEquals(Set.of("p50", "p90", "p99", "p99_9", "max"), latency.keySet());
        assertTrue((Double) latency.get("p50") <= (Double) latency.get("p99_9"));
        assertTrue((Double) latency.get("p99_9") <= (Double) latency.get("max"));
    }

    @Test
    void theSameSeedGivesTheSameGamesWhateverTheThreads() {
        Map<String, Object> one = MiniJson.object(CommandRun.of("play", "--player", "random", "--games", "40",
                "--threads", "1", "--seed", "9", "--shape", "3x3", "--json").out());
        Map<String, Object> two = MiniJson.object(CommandRun.of("play", "--player", "random", "--games", "40",
                "--threads", "2", "--seed", "9", "--shape", "3x3", "--json").out());
        for (String key : new String[] {"games", "mean", "sd", "max", "moves", "reach"}) {
            assertEquals(one.get(key), two.get(key), key);
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> reach = (Map<String, Object>) one.get("reach");
        assertEquals(Set.of("64", "128", "256", "512", "1024"), reach.keySet(), "the largest tiles of 3x3");
    }

    @Test
    void textSummaryHasThePapersLines() {
        CommandRun run = CommandRun.of("play", "--player", "heuristic", "--games", "4", "--shape", "2x3", "--no-progress");
        assertEquals(0, run.exit(), run.err());
        for (String line : new String[] {"player    heuristic on 2x3", "games     4", "score     mean ", "reach    ",
            "moves/s", "latency   µs per move: p50 "}) {
            assertTrue(run.out().contains(line), "missing '" + line + "' in\n" + run.out());
        }
        assertEquals("", run.err(), "no progress bar when standard error is not a terminal");
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "--games,   0,     --games: expected at least 1",
        "--games,   -5,    --games: expected at least 1",
        "--games,   many,  --games",
        "--threads, 0,     --threads: expected at least 1",
        "--threads, x,     --threads",
        "--shape,   5x5,   --shape: shape must be RxC with R and C in 2..4",
        "--shape,   1x4,   --shape: shape must be RxC",
        "--shape,   big,   --shape: shape 'big': expected RxC",
        "--seed,    seven, --seed",
        "--player,  nobody, --player: unknown player 'nobody'",
        "--table,   int8,   --table: table precision 'int8': expected one of auto, float32, int16",
        "--late-from, 3000, --late-from: expected a tile",
    })
    void badOptionsAreOneLineAndExitCode2(String option, String value, String expected) {
        CommandRun run = option.equals("--games") ? CommandRun.of("play", option, value)
                : option.equals("--late-from") ? CommandRun.of("play", option, value, "--late-model", "models/none.g2n", "--games", "1")
                : CommandRun.of("play", option, value, "--games", "1");
        assertEquals(2, run.exit(), run.out() + run.err());
        assertEquals(1, run.errLines().length, run.err());
        assertTrue(run.err().contains(expected.trim()), run.err());
        assertEquals("", run.out());
    }

    @Test
    void unknownOptionsAndCommandsAreBadInput() {
        CommandRun option = CommandRun.of("play", "--gmaes", "3");
        assertEquals(2, option.exit());
        assertEquals(1, option.errLines().length, option.err());
        CommandRun command = CommandRun.of("plya");
        assertEquals(2, command.exit());
        assertEquals(1, command.errLines().length, command.err());
    }

    @Test
    void int16TablesServeTdAfterstateModelsOnly(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        java.nio.file.Path state = dir.resolve("state.g2n");
        java.nio.file.Path q = dir.resolve("q.g2n");
        for (Object[] m : new Object[][] {{g2048.ntuple.Method.TD_STATE, state}, {g2048.ntuple.Method.Q_LEARNING, q}}) {
            try (g2048.ntuple.NtupleModel model = g2048.ntuple.NtupleModel.create(g2048.ntuple.TupleSpec.parse("01,45:c16"),
                    g2048.game.Shape.S2x2, (g2048.ntuple.Method) m[0], 1, 0.1)) {
                g2048.ntuple.NtupleModels.save(model, (java.nio.file.Path) m[1]);
            }
        }
        for (java.nio.file.Path model : new java.nio.file.Path[] {state, q}) {
            CommandRun auto = CommandRun.of("play", "--model", model.toString(), "--shape", "2x2", "--games", "3", "--no-progress");
            assertEquals(0, auto.exit(), auto.err());
            assertTrue(!auto.out().contains("int16"), auto.out());
            CommandRun int16 = CommandRun.of("play", "--model", model.toString(), "--shape", "2x2", "--games", "3", "--table", "int16");
            assertEquals(2, int16.exit(), int16.out() + int16.err());
            assertEquals(1, int16.errLines().length, int16.err());
            assertTrue(int16.err().contains("--table int16") && int16.err().contains(model == state ? "td-state" : "q-learning"),
                    int16.err());
        }
    }

    @Test
    void searchOptionsReachTheSearchingPlayersOnly() {
        CommandRun timed = CommandRun.of("play", "--player", "lines", "--depth", "3", "--time-ms", "0.05", "--tt-bits", "10",
                "--games", "2", "--shape", "3x3", "--no-progress");
        assertEquals(0, timed.exit(), timed.err());
        assertTrue(timed.out().contains("iterative, 0.05 ms a move") && timed.out().contains("tt 2^10"), timed.out());
        CommandRun banked = CommandRun.of("play", "--player", "lines", "--depth", "3", "--time-ms", "0.05", "--time-bank",
                "--games", "2", "--shape", "3x3", "--no-progress");
        assertEquals(0, banked.exit(), banked.err());
        assertTrue(banked.out().contains("iterative, 0.05 ms a move on average"), banked.out());
        CommandRun cut = CommandRun.of("play", "--player", "lines", "--depth", "2", "--cutoff", "0.01", "--games", "2",
                "--no-progress");
        assertEquals(0, cut.exit(), cut.err());
        assertTrue(cut.out().contains("cutoff 0.01"), cut.out());
        CommandRun random = CommandRun.of("play", "--player", "random", "--time-ms", "5", "--games", "2");
        assertEquals(2, random.exit(), random.out() + random.err());
        assertEquals(1, random.errLines().length, random.err());
        assertTrue(random.err().contains("player 'random' does not search"), random.err());
    }

    @Test
    void aCnnPlayerSaysWhereItRunsAndCudaIsCheckedOrRefused(@TempDir Path dir) throws Exception {
        Network net = new Network(Architectures.cnn22("tiny", 4, 6, 8, 5));
        Path model = dir.resolve("tiny.g2nn");
        NetworkFile.save(model, new TrainedNetwork(net.spec(), Initializer.truncatedNormal(net, 3), null, 0));
        CommandRun auto = CommandRun.of("play", "--player", "cnn", "--model", model.toString(), "--games", "2", "--no-progress");
        assertEquals(0, auto.exit(), auto.err());
        CudaProbe.Result probe = CudaProbe.probe();
        CommandRun cuda = CommandRun.of("play", "--player", "cnn", "--model", model.toString(), "--games", "2",
                "--device", "cuda", "--no-progress");
        if (probe.available()) {
            assertTrue(auto.err().contains("device: cuda ") && auto.err().contains("checked against the CPU reference"), auto.err());
            assertEquals(0, cuda.exit(), cuda.err());
            assertTrue(cuda.err().contains("checked against the CPU reference on 256 boards"), cuda.err());
        } else {
            assertTrue(auto.err().contains("device: cpu (CUDA unavailable: " + probe.reason() + ")"), auto.err());
            assertEquals(2, cuda.exit());
            assertEquals("g2048 play: --device cuda: CUDA unavailable: " + probe.reason(), cuda.err().strip());
        }
        CommandRun graphs = CommandRun.of("play", "--player", "cnn", "--model", model.toString(), "--games", "1", "--device", "cpu",
                "--cuda-graphs", "maybe", "--no-progress");
        assertEquals(2, graphs.exit(), graphs.out() + graphs.err());
        assertEquals("g2048 play: --cuda-graphs maybe: expected on or off", graphs.err().strip());
        CommandRun search = CommandRun.of("bench", "search", "--player", "cnn", "--model", model.toString(), "--games", "1",
                "--depth", "1", "--device", "cpu", "--cuda-graphs", "off", "--no-progress");
        assertEquals(0, search.exit(), search.err());
    }

    /** {@code --model a,b}: an ensemble plays; one model twice plays exactly as the model alone. */
    @Test
    void anEnsembleOfModelFilesPlays(@TempDir Path dir) {
        Path a = trainedModel(dir.resolve("a.g2n"), 1);
        Path b = trainedModel(dir.resolve("b.g2n"), 2);
        CommandRun alone = CommandRun.of("play", "--model", a.toString(), "--games", "4", "--threads", "1", "--json", "--quiet");
        CommandRun twice = CommandRun.of("play", "--model", a + "," + a, "--games", "4", "--threads", "1", "--json", "--quiet");
        CommandRun both = CommandRun.of("play", "--model", a + "," + b, "--games", "4", "--threads", "1", "--depth", "2",
                "--downgrade", "1024", "--json", "--quiet");
        assertEquals(0, alone.exit(), alone.err());
        assertEquals(0, twice.exit(), twice.err());
        assertEquals(0, both.exit(), both.err());
        assertEquals(MiniJson.object(alone.out()).get("mean"), MiniJson.object(twice.out()).get("mean"));
        assertTrue(String.valueOf(MiniJson.object(both.out()).get("player")).contains("ensemble of 2"), both.out());
        assertTrue(String.valueOf(MiniJson.object(both.out()).get("player")).contains("downgrade from 1024"), both.out());
        // the default, auto: the networks' own threshold, said in the player line; 0 turns it off
        assertTrue(String.valueOf(MiniJson.object(alone.out()).get("player")).contains("greedy, downgrade from 24576"), alone.out());
        CommandRun off = CommandRun.of("play", "--model", a.toString(), "--games", "4", "--threads", "1", "--downgrade", "0",
                "--json", "--quiet");
        assertEquals(0, off.exit(), off.err());
        assertFalse(String.valueOf(MiniJson.object(off.out()).get("player")).contains("downgrade"), off.out());
        CommandRun given = CommandRun.of("play", "--model", a.toString(), "--games", "4", "--threads", "1", "--downgrade", "24576",
                "--json", "--quiet");
        assertEquals(MiniJson.object(given.out()).get("mean"), MiniJson.object(alone.out()).get("mean"));
    }

    /**
     * {@code --late-model}: the second model values the boards from {@code --late-from}, levelled on
     * the first model's hand-offs; the same model as both stages plays exactly as it alone, offset 0.
     */
    @Test
    void aLateModelValuesTheBoardsFromItsTile(@TempDir Path dir) {
        Path a = trainedModel(dir.resolve("a.g2n"), 1);
        Path b = trainedModel(dir.resolve("b.g2n"), 2);
        CommandRun alone = CommandRun.of("play", "--model", a.toString(), "--games", "6", "--threads", "1", "--downgrade", "0",
                "--json", "--quiet");
        CommandRun self = CommandRun.of("play", "--model", a.toString(), "--late-model", a.toString(), "--late-from", "256",
                "--games", "6", "--threads", "1", "--json", "--quiet");
        CommandRun other = CommandRun.of("play", "--model", a.toString(), "--late-model", b.toString(), "--late-from", "256",
                "--games", "6", "--threads", "1", "--depth", "2", "--json", "--quiet");
        assertEquals(0, alone.exit(), alone.err());
        assertEquals(0, self.exit(), self.err());
        assertEquals(0, other.exit(), other.err());
        assertEquals(MiniJson.object(alone.out()).get("mean"), MiniJson.object(self.out()).get("mean"));
        String selfPlayer = String.valueOf(MiniJson.object(self.out()).get("player"));
        assertTrue(selfPlayer.contains("from 256: ") && selfPlayer.contains("+0 (levelled on 64 hand-offs)")
                && !selfPlayer.contains("downgrade"), selfPlayer);
        String otherPlayer = String.valueOf(MiniJson.object(other.out()).get("player"));
        assertTrue(otherPlayer.contains("from 256: ") && otherPlayer.contains("b.g2n"), otherPlayer);

        CommandRun refused = CommandRun.of("play", "--player", "lines", "--late-model", b.toString(), "--games", "1");
        assertEquals(2, refused.exit(), refused.out() + refused.err());
        assertEquals(1, refused.errLines().length, refused.err());
        assertTrue(refused.err().contains("--late-model: only the ntuple player"), refused.err());
    }

    /** A small 4×4 model trained for 100 games from {@code seed}, saved as {@code file} (shared by the late-model tests of other commands). */
    static Path trainedModel(Path file, long seed) {
        try (g2048.ntuple.NtupleModel m = g2048.ntuple.NtupleModel.create(g2048.ntuple.TupleSpec.parse("0123,4567,0145:sym"),
                g2048.game.Shape.S4x4, g2048.ntuple.Method.TD_AFTERSTATE, seed, 0.01)) {
            new g2048.ntuple.SelfPlay(m, 0.01, 1).train(100, null);
            g2048.ntuple.NtupleModels.save(m, file);
        }
        return file;
    }
}
