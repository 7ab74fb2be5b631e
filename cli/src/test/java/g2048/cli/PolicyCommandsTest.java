package g2048.cli;

import g2048.nn.Head;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.nn.Adam;
import g2048.nn.Architectures;
import g2048.nn.Network;
import g2048.policy.DatasetFile;
import g2048.nn.GemmKernel;
import g2048.policy.PolicyFile;
import g2048.policy.PolicyModel;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The policy networks' commands end to end: net info, dataset, train policy, the policy player, inspect. */
class PolicyCommandsTest {

    private static final String TINY = "name=tiny;convs=2;channels=8";

    @TempDir
    Path dir;

    @Test
    void netInfoGivesEveryArchitecturesWeightCount() {
        long[] expected = {817_068, 819_628, 820_228, 832_612};
        for (int k = 2; k <= 5; k++) {
            CommandRun r = CommandRun.of("net", "info", "--arch", "POLICY" + k, "--json");
            assertEquals(0, r.exit(), r.err());
            assertEquals(List.of(), JsonSchemaTest.errors("net-info", r.out().strip()), r.out());
            Map<String, Object> j = MiniJson.object(r.out().strip());
            assertEquals("POLICY" + k, j.get("arch"));
            assertEquals((double) expected[k - 2], ((Number) j.get("weights")).doubleValue());
            assertEquals(k + 1, ((List<?>) j.get("layers")).size());
        }
        for (String name : Architectures.names(Head.VALUE)) {
            CommandRun r = CommandRun.of("net", "info", "--arch", name, "--json");
            assertEquals(0, r.exit(), r.err());
            Map<String, Object> j = MiniJson.object(r.out().strip());
            assertEquals((double) new Network(Architectures.named(name)).paramCount(), ((Number) j.get("weights")).doubleValue(), name);
        }
        CommandRun bad = CommandRun.of("net", "info", "--arch", "POLICY9");
        assertEquals(2, bad.exit());
        assertEquals(1, bad.errLines().length, bad.err());
        assertTrue(bad.err().contains("--arch"), bad.err());
    }

    private CommandRun dataset(Path out, int games, int threads, long seed) {
        return CommandRun.of("dataset", "--player", "lines", "--games", Integer.toString(games), "--threads",
                Integer.toString(threads), "--seed", Long.toString(seed), "--out", out.toString(), "--no-progress");
    }

    @Test
    void aDatasetIsTheSameWhateverTheThreadsAndAfterATornEnd() throws Exception {
        Path one = dir.resolve("one.g2pd");
        Path two = dir.resolve("two.g2pd");
        assertEquals(0, dataset(one, 4, 1, 3).exit());
        CommandRun r = dataset(two, 4, 2, 3);
        assertEquals(0, r.exit(), r.err());
        byte[] full = Files.readAllBytes(one);
        assertArrayEquals(full, Files.readAllBytes(two));
        // a killed writer leaves a torn chunk: cut the file in the middle of its last game, then rerun
        long cut = full.length - 1000;
        try (FileChannel ch = FileChannel.open(two, StandardOpenOption.WRITE)) {
            ch.truncate(cut);
        }
        CommandRun torn = CommandRun.of("train", "policy", "--arch", TINY, "--data", two.toString(), "--out",
                dir.resolve("run-torn").toString());
        assertEquals(2, torn.exit());
        assertTrue(torn.err().contains("truncated") || torn.err().contains("damaged"), torn.err());
        assertEquals(0, dataset(two, 4, 2, 3).exit());
        assertArrayEquals(full, Files.readAllBytes(two));
        // growing a file continues it, with the same games first
        Path three = dir.resolve("three.g2pd");
        assertEquals(0, dataset(three, 2, 1, 3).exit());
        assertEquals(0, dataset(three, 4, 1, 3).exit());
        assertArrayEquals(full, Files.readAllBytes(three));
        // another seed is refused on an existing file
        CommandRun other = dataset(three, 5, 1, 4);
        assertEquals(2, other.exit());
        assertEquals(1, other.errLines().length, other.err());
        // every game is read back with its positions' legal recorded moves
        try (DatasetFile.Reader reader = DatasetFile.Reader.open(one)) {
            int games = 0;
            for (DatasetFile.Game g = reader.next(); g != null; g = reader.next()) {
                assertEquals(games++, g.index());
                assertTrue(g.size() > 0);
            }
            assertEquals(4, games);
        }
    }

    /**
     * {@code dataset --late-model}: the teacher's late model. The model itself as its late model (from
     * 256, which these games make) records the games and labels of the model alone, offset +0; a file
     * is continued only with the same late model; only the ntuple teacher takes one.
     */
    @Test
    void aLateModelTeachesAsTheModelItLevelsOn() throws Exception {
        String a = PlayCommandTest.trainedModel(dir.resolve("a.g2n"), 1).toString();
        Path alone = dir.resolve("alone.g2pd");
        Path staged = dir.resolve("staged.g2pd");
        CommandRun plain = CommandRun.of("dataset", "--model", a, "--games", "2", "--out", alone.toString(), "--no-progress");
        String[] late = {"dataset", "--model", a, "--late-model", a, "--late-from", "256", "--out", staged.toString(), "--no-progress"};
        CommandRun self = CommandRun.of(concat(late, "--games", "2"));
        assertEquals(0, plain.exit(), plain.err());
        assertEquals(0, self.exit(), self.err());
        try (DatasetFile.Reader want = DatasetFile.Reader.open(alone); DatasetFile.Reader got = DatasetFile.Reader.open(staged)) {
            assertTrue(got.meta().startsWith("teacher=ntuple:a.g2n+late:a.g2n@256;"), got.meta());
            int games = 0;
            for (DatasetFile.Game w = want.next(), g = got.next(); w != null || g != null; w = want.next(), g = got.next(), games++) {
                assertArrayEquals(w.boards(), g.boards(), "game " + games);
                assertArrayEquals(w.moves(), g.moves(), "game " + games);
                assertArrayEquals(w.values(), g.values(), "game " + games);
            }
            assertEquals(2, games);
        }
        assertEquals(0, CommandRun.of(concat(late, "--games", "3")).exit(), "the same late model continues the file");
        CommandRun other = CommandRun.of("dataset", "--model", a, "--late-model", a, "--late-from", "512", "--games", "4",
                "--out", staged.toString(), "--no-progress");
        assertEquals(2, other.exit(), "a file of another late model is not continued: " + other.err());
        assertEquals(1, other.errLines().length, other.err());

        Path bad = dir.resolve("bad.g2pd");
        CommandRun lines = CommandRun.of("dataset", "--player", "lines", "--late-model", a, "--games", "1", "--out", bad.toString());
        assertEquals(2, lines.exit(), lines.err());
        assertEquals(1, lines.errLines().length, lines.err());
        assertTrue(lines.err().contains("--late-model: only the ntuple player values the late game with a second model,"
                + " the player is 'lines'"), lines.err());
        CommandRun tile = CommandRun.of("dataset", "--model", a, "--late-model", a, "--late-from", "100", "--games", "1",
                "--out", bad.toString());
        assertEquals(2, tile.exit(), tile.err());
        assertEquals(1, tile.errLines().length, tile.err());
        assertTrue(tile.err().contains("--late-from: expected a tile, a power of two from 4 to 32768, got 100"), tile.err());
        assertFalse(Files.exists(bad), "nothing written for bad input");
    }

    @Test
    void aDamagedChunkIsNamedWithItsOffset() throws Exception {
        Path f = dir.resolve("d.g2pd");
        assertEquals(0, dataset(f, 2, 1, 5).exit());
        byte[] b = Files.readAllBytes(f);
        b[b.length / 2] ^= 0x10;
        Files.write(f, b);
        CommandRun r = CommandRun.of("train", "policy", "--arch", TINY, "--data", f.toString(), "--out", dir.resolve("x").toString());
        assertEquals(2, r.exit());
        assertEquals(1, r.errLines().length, r.err());
        assertTrue(r.err().contains("checksum mismatch") && r.err().contains("at byte"), r.err());
    }

    private CommandRun train(Path data, Path out, int epochs, boolean resume) {
        List<String> args = new java.util.ArrayList<>(List.of("train", "policy", "--arch", TINY, "--data", data.toString(),
                "--out", out.toString(), "--epochs", Integer.toString(epochs), "--batch", "32", "--threads", "1", "--device", "cpu",
                "--snapshot-every", "700", "--eval-games", "1", "--heldout-sample", "64", "--holdout", "0.25"));
        if (resume) {
            args.add("--resume");
        }
        return CommandRun.of(args.toArray(String[]::new));
    }

    @Test
    void aFallingRateIsAnnouncedAndABadFinalRateRefused() throws Exception {
        Path data = dir.resolve("lr.g2pd");
        assertEquals(0, dataset(data, 2, 1, 4).exit());
        String[] common = {"train", "policy", "--arch", TINY, "--data", data.toString(), "--batch", "32", "--threads", "1",
            "--device", "cpu", "--eval-games", "0", "--heldout-sample", "16", "--holdout", "0.25", "--lr", "0.002"};
        CommandRun bad = CommandRun.of(concat(common, "--lr-final", "0", "--out", dir.resolve("lr-bad").toString()));
        assertEquals(2, bad.exit());
        assertEquals(1, bad.errLines().length, bad.err());
        assertTrue(bad.err().contains("--lr-final: expected a positive rate, got 0.0"), bad.err());
        CommandRun good = CommandRun.of(concat(common, "--lr-final", "0.0001", "--out", dir.resolve("lr-good").toString()));
        assertEquals(0, good.exit(), good.err());
        assertTrue(good.out().contains("Adam lr 0.00200000 to 0.000100000 (linear)"), good.out());
    }

    @Test
    void trainingWritesItsCurveAndAResumedRunEndsWhereAnUninterruptedOneDoes() throws Exception {
        Path data = dir.resolve("t.g2pd");
        assertEquals(0, dataset(data, 4, 2, 9).exit());
        Path whole = dir.resolve("whole");
        CommandRun a = train(data, whole, 2, false);
        assertEquals(0, a.exit(), a.err());
        assertTrue(a.out().contains("snapshot"), a.out());
        List<String> curve = Files.readAllLines(whole.resolve("curve.csv"));
        assertTrue(curve.size() >= 3, curve.toString());
        assertTrue(Files.exists(whole.resolve("curve.png")));
        try (var checkpoints = Files.newDirectoryStream(whole, "checkpoint-*.g2pn")) {
            int count = 0;
            for (Path ignored : checkpoints) {
                count++;
            }
            assertEquals(1, count, "older checkpoints are deleted once the state names the new one");
        }
        Path split = dir.resolve("split");
        assertEquals(0, train(data, split, 1, false).exit());
        CommandRun again = train(data, split, 2, false);
        assertEquals(2, again.exit(), "a second fresh run on the directory is refused");
        CommandRun b = train(data, split, 2, true);
        assertEquals(0, b.exit(), b.err());
        PolicyModel wa = PolicyFile.load(whole.resolve("final.g2pn"), Adam.ALPHA);
        PolicyModel wb = PolicyFile.load(split.resolve("final.g2pn"), Adam.ALPHA);
        assertEquals(wa.positions(), wb.positions());
        assertArrayEquals(wa.weights(), wb.weights());

        // the trained network plays, answers move and is explained
        String model = whole.resolve("final.g2pn").toString();
        CommandRun play = CommandRun.of("play", "--player", "policy", "--model", model, "--games", "2", "--threads", "1", "--json");
        assertEquals(0, play.exit(), play.err());
        CommandRun deep = CommandRun.of("play", "--player", "policy", "--model", model, "--depth", "2");
        assertEquals(2, deep.exit());
        CommandRun move = CommandRun.of("move", "--player", "policy", "--model", model, "--board", "2,4,8,16/0,0,0,2/0,0,0,0/0,0,0,4", "--json");
        assertEquals(0, move.exit(), move.err());
        assertTrue(JsonSchemaTest.errors("move", move.out().strip()).isEmpty(), move.out());
        assertTrue(MiniJson.object(move.out().strip()).get("move") instanceof String, move.out());
        CommandRun board = CommandRun.of("inspect", "board", "--model", model, "--board", "2,4,8,16/0,0,0,2/0,0,0,0/0,0,0,4",
                "--top", "100000", "--json");
        assertEquals(0, board.exit(), board.err());
        assertEquals(List.of(), JsonSchemaTest.errors("inspect-board", board.out().strip()), board.out());
        List<?> pairs = (List<?>) MiniJson.object(board.out().strip()).get("pairs");
        double last = ((Number) ((Map<?, ?>) pairs.get(pairs.size() - 1)).get("cumulative")).doubleValue();
        assertEquals(1.0, last, 1e-6);
        CommandRun filters = CommandRun.of("inspect", "filters", "--model", model, "--json", "--png", dir.resolve("f.png").toString());
        assertEquals(0, filters.exit(), filters.err());
        assertEquals(List.of(), JsonSchemaTest.errors("inspect-filters", filters.out().strip()), filters.out());
        assertTrue(Files.size(dir.resolve("f.png")) > 0);
        CommandRun badFilter = CommandRun.of("inspect", "filters", "--model", model, "--filter", "8");
        assertEquals(2, badFilter.exit());
        CommandRun notAModel = CommandRun.of("inspect", "filters", "--model", data.toString());
        assertEquals(2, notAModel.exit());
        assertEquals(1, notAModel.errLines().length, notAModel.err());
    }

    @Test
    void aNetworksOwnGamesLabelledByTheTeacherFineTuneIt() throws Exception {
        Path data = dir.resolve("teacher.g2pd");
        assertEquals(0, dataset(data, 3, 1, 6).exit());
        Path first = dir.resolve("first");
        assertEquals(0, train(data, first, 1, false).exit());
        Path model = first.resolve("final.g2pn");
        Path own = dir.resolve("own.g2pd");
        String[] behaviour = {"dataset", "--player", "lines", "--behaviour", "policy", "--behaviour-model", model.toString(),
            "--threads", "2", "--seed", "6", "--out", own.toString(), "--no-progress"};
        CommandRun d = CommandRun.of(concat(behaviour, "--games", "2"));
        assertEquals(0, d.exit(), d.err());
        assertTrue(d.out().contains("games follow policy tiny (final.g2pn)"), d.out());
        assertTrue(d.out().contains("behaviour mean"), d.out());
        CommandRun more = CommandRun.of(concat(behaviour, "--games", "3"));
        assertEquals(0, more.exit(), "the same command continues the file: " + more.err());
        try (DatasetFile.Reader r = DatasetFile.Reader.open(own); DatasetFile.Reader t = DatasetFile.Reader.open(data)) {
            assertTrue(r.meta().endsWith(";behaviour=policy:final.g2pn@" + Files.size(model) + ";teacher-share=0.0"), r.meta());
            DatasetFile.Game a = r.next();
            DatasetFile.Game b = t.next();
            assertEquals(a.boards()[0], b.boards()[0], "the same seed's first board");
            assertFalse(java.util.Arrays.equals(a.boards(), b.boards()), "the network's game is not the teacher's");
        }
        CommandRun other = CommandRun.of("dataset", "--player", "lines", "--games", "4", "--seed", "6", "--out", own.toString());
        assertEquals(2, other.exit(), "a file of another behaviour is not continued");
        for (String[] bad : new String[][] {{"--behaviour-model", model.toString()}, {"--teacher-share", "0.5"},
            {"--behaviour", "policy", "--behaviour-model", model.toString(), "--teacher-share", "2"},
            {"--behaviour", "policy", "--behaviour-model", data.toString()}}) {
            CommandRun r = CommandRun.of(concat(new String[] {"dataset", "--player", "lines", "--games", "1", "--out",
                dir.resolve("bad.g2pd").toString()}, bad));
            assertEquals(2, r.exit(), String.join(" ", bad));
            assertEquals(1, r.errLines().length, r.err());
            assertTrue(r.err().contains(bad[bad.length - 2]), r.err());
        }
        assertFalse(Files.exists(dir.resolve("bad.g2pd")), "nothing written for bad input");

        // --init: the run starts from the trained weights (a tiny rate keeps it there), not from random ones
        String[] tune = {"train", "policy", "--arch", TINY, "--data", own.toString(), "--epochs", "1", "--batch", "32",
            "--threads", "1", "--device", "cpu", "--eval-games", "0", "--heldout-sample", "16", "--holdout", "0.25", "--lr", "1e-7"};
        CommandRun tuned = CommandRun.of(concat(tune, "--init", model.toString(), "--out", dir.resolve("tuned").toString()));
        assertEquals(0, tuned.exit(), tuned.err());
        assertTrue(tuned.out().contains("starting from " + model), tuned.out());
        float[] start = PolicyFile.load(model, Adam.ALPHA).weights();
        float[] end = PolicyFile.load(dir.resolve("tuned").resolve("final.g2pn"), Adam.ALPHA).weights();
        CommandRun fresh = CommandRun.of(concat(tune, "--out", dir.resolve("fresh").toString()));
        assertEquals(0, fresh.exit(), fresh.err());
        float[] scratch = PolicyFile.load(dir.resolve("fresh").resolve("final.g2pn"), Adam.ALPHA).weights();
        double moved = 0;
        double apart = 0;
        for (int i = 0; i < start.length; i++) {
            moved = Math.max(moved, Math.abs(end[i] - start[i]));
            apart = Math.max(apart, Math.abs(scratch[i] - start[i]));
        }
        assertTrue(moved < 1e-4, "fine-tuned weights moved " + moved);
        assertTrue(apart > 0.01, "a run from random weights ends elsewhere: " + apart);
        CommandRun wrongArch = CommandRun.of("train", "policy", "--arch", "name=other;convs=2;channels=4", "--data", own.toString(),
                "--init", model.toString(), "--device", "cpu", "--out", dir.resolve("wrong").toString());
        assertEquals(2, wrongArch.exit());
        assertEquals(1, wrongArch.errLines().length, wrongArch.err());
        assertTrue(wrongArch.err().contains("--init"), wrongArch.err());
    }

    @Test
    void aNetworkThatTurnsBoardsIsTrainedStoredPlayedAndExplainedOnItsImage() throws Exception {
        Path data = dir.resolve("o.g2pd");
        assertEquals(0, dataset(data, 3, 1, 12).exit());
        String[] common = {"train", "policy", "--arch", TINY, "--data", data.toString(), "--batch", "32", "--threads", "1",
            "--device", "cpu", "--eval-games", "1", "--heldout-sample", "16", "--holdout", "0.25"};
        CommandRun bad = CommandRun.of(concat(common, "--orientation", "diagonal", "--out", dir.resolve("o-bad").toString()));
        assertEquals(2, bad.exit());
        assertEquals(1, bad.errLines().length, bad.err());
        assertTrue(bad.err().contains("--orientation: orientation 'diagonal': expected one of as-is, corner"), bad.err());
        Path out = dir.resolve("o-run");
        CommandRun r = CommandRun.of(concat(common, "--orientation", "corner", "--out", out.toString()));
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("boards turned corner"), r.out());
        Path model = out.resolve("final.g2pn");
        PolicyModel m = PolicyFile.load(model, Adam.ALPHA);
        assertEquals(g2048.nn.BoardOrientation.CORNER, m.spec().orientation());
        assertEquals(0, CommandRun.of("play", "--player", "policy", "--model", model.toString(), "--games", "2", "--threads", "1").exit());
        // the bottom-right corner holds the largest tile: the network reads the board turned, with that tile at the top-left
        String board = "0,0,0,2/0,0,2,4/0,2,4,8/2,4,8,64";
        CommandRun explained = CommandRun.of("inspect", "board", "--model", model.toString(), "--board", board);
        assertEquals(0, explained.exit(), explained.err());
        assertTrue(explained.out().contains("seen as 64,8,4,2/8,4,2,0/4,2,0,0/2,0,0,0"), explained.out());
        CommandRun json = CommandRun.of("inspect", "board", "--model", model.toString(), "--board", board, "--json", "--top", "100000");
        assertEquals(0, json.exit(), json.err());
        Map<String, Object> j = MiniJson.object(json.out().strip());
        assertEquals("64,8,4,2/8,4,2,0/4,2,0,0/2,0,0,0", j.get("seen_board"));
        List<?> pairs = (List<?>) j.get("pairs");
        assertEquals(1.0, ((Number) ((Map<?, ?>) pairs.get(pairs.size() - 1)).get("cumulative")).doubleValue(), 1e-6);
        // a network that sees boards as they are starts a turned run (the same weights, read from the image)
        assertEquals(0, CommandRun.of(concat(common, "--out", dir.resolve("o-plain").toString())).exit());
        CommandRun tuned = CommandRun.of(concat(common, "--orientation", "corner", "--init", dir.resolve("o-plain").resolve("final.g2pn")
                .toString(), "--out", dir.resolve("o-tuned").toString()));
        assertEquals(0, tuned.exit(), tuned.err());
        assertEquals(g2048.nn.BoardOrientation.CORNER,
                PolicyFile.load(dir.resolve("o-tuned").resolve("final.g2pn"), Adam.ALPHA).spec().orientation());
    }

    @Test
    void theDeviceIsChosenByNameOrAutoAndAGpuThatCannotRunIsRefused() throws Exception {
        Path data = dir.resolve("d.g2pd");
        String[] common = {"train", "policy", "--arch", TINY, "--data", data.toString(), "--epochs", "1", "--batch", "16",
            "--threads", "1", "--eval-games", "0", "--heldout-sample", "16", "--holdout", "0.25"};
        CommandRun unknown = CommandRun.of(concat(common, "--device", "tpu", "--out", dir.resolve("u").toString()));
        assertEquals(2, unknown.exit());
        assertEquals(1, unknown.errLines().length, unknown.err());
        assertTrue(unknown.err().contains("--device tpu: expected auto, cpu or cuda"), unknown.err());
        g2048.cuda.CudaProbe.Result probe = g2048.cuda.CudaProbe.probe();
        if (!probe.available()) {
            CommandRun cuda = CommandRun.of(concat(common, "--device", "cuda", "--out", dir.resolve("c").toString()));
            assertEquals(2, cuda.exit(), "no silent fallback to the CPU");
            assertEquals(1, cuda.errLines().length, cuda.err());
            assertTrue(cuda.err().contains("--device cuda: CUDA unavailable: " + probe.reason()), cuda.err());
            assertFalse(Files.exists(dir.resolve("c").resolve("state.properties")), "nothing trained");
            assertEquals(0, dataset(data, 2, 1, 5).exit());
            CommandRun auto = CommandRun.of(concat(common, "--device", "auto", "--out", dir.resolve("a").toString()));
            assertEquals(0, auto.exit(), auto.err());
            String cpu = "cpu, " + GemmKernel.best().describe();
            assertTrue(auto.out().contains("device: " + cpu + " (auto; cuda: CUDA unavailable: " + probe.reason() + ")"), auto.out());
            assertTrue(auto.out().contains("steps on " + cpu), auto.out());
        }
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
