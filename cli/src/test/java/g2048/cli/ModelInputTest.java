package g2048.cli;

import g2048.nn.Head;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Shape;
import g2048.nn.Initializer;
import g2048.nn.NetSpec;
import g2048.nn.Network;
import g2048.nn.NetworkFile;
import g2048.nn.TrainedNetwork;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Models the players cannot use are bad input: exit 2, one line naming the file and what was expected, no hang. */
class ModelInputTest {

    private static final String TINY = "name=tiny;input=values;embed=;trunk=conv2x2:8,conv2x2:16,fc:32,fc:8,fc:1";
    private static final String BOARD = "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,0";

    @TempDir
    Path dir;

    private static CommandRun assertBadInput(String mention, String... args) {
        CommandRun r = CommandRun.of(args);
        String what = String.join(" ", args) + " -> " + r.err();
        assertEquals(2, r.exit(), what);
        assertEquals(1, r.errLines().length, what);
        assertTrue(r.err().contains(mention), "'" + mention + "' in " + what);
        assertFalse(r.err().contains("Exception"), "no Java class names: " + what);
        return r;
    }

    private Path tinyNetwork() throws IOException {
        NetSpec spec = NetSpec.parse(Head.VALUE, TINY);
        Path f = dir.resolve("tiny.g2nn");
        NetworkFile.save(f, new TrainedNetwork(spec, Initializer.truncatedNormal(new Network(spec), 1), null, 0));
        return f;
    }

    @Test
    void aDirectoryDeviceOrFifoAsACnnModelIsRefusedAtOnce() throws Exception {
        Path sub = Files.createDirectory(dir.resolve("model.g2nn"));
        assertBadInput(sub + ": a directory, expected a value network (.g2nn)",
                "play", "--player", "cnn", "--model", sub.toString(), "--device", "cpu", "--games", "1", "--no-progress");
        if (Files.exists(Path.of("/dev/zero"))) {
            assertTimeoutPreemptively(Duration.ofSeconds(60), () -> assertBadInput("/dev/zero: a character device",
                    "play", "--player", "cnn", "--model", "/dev/zero", "--device", "cpu", "--games", "1", "--no-progress"));
        }
        Path fifo = dir.resolve("fifo.g2nn");
        if (new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0) {
            assertTimeoutPreemptively(Duration.ofSeconds(60), () -> assertBadInput(fifo + ": a FIFO (named pipe)",
                    "move", "--board", BOARD, "--player", "cnn", "--model", fifo.toString(), "--device", "cpu"));
        }
    }

    @Test
    void aNetworkWithANanWeightIsRefusedNamingTheFile() throws IOException {
        Path good = tinyNetwork();
        CommandRun ok = CommandRun.of("move", "--board", BOARD, "--player", "cnn", "--model", good.toString(), "--device", "cpu");
        assertEquals(0, ok.exit(), ok.err());
        byte[] bytes = Files.readAllBytes(good);
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        b.putFloat(NetworkFile.HEADER + TINY.length() + 4 * 10, Float.NaN);
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(bytes, 0, NetworkFile.OFF_CHECKSUM);
        crc.update(bytes, NetworkFile.HEADER, bytes.length - NetworkFile.HEADER);
        b.putLong(NetworkFile.OFF_CHECKSUM, crc.getValue());
        Path nan = Files.write(dir.resolve("nan.g2nn"), bytes);
        assertBadInput(nan + ": corrupt: parameter 10 is NaN, expected a finite number",
                "move", "--board", BOARD, "--player", "cnn", "--model", nan.toString(), "--device", "cpu");
    }

    @Test
    void aSmallBoardForTheCnnPlayerIsRefusedWithoutBlamingShape() throws IOException {
        Path good = tinyNetwork();
        CommandRun r = assertBadInput("--player cnn: value networks play 4x4 boards only, this board is 3x3",
                "move", "--board", "2,2,0/0,0,0/0,0,0", "--player", "cnn", "--model", good.toString(), "--device", "cpu");
        assertFalse(r.err().contains("--shape"), r.err());
    }

    @Test
    void aQLearningModelAtDepthOneIsNotToldToUseDepthOne() {
        Path file = dir.resolve("q.g2n");
        try (g2048.ntuple.NtupleModel m = g2048.ntuple.NtupleModel.create(g2048.ntuple.TupleSpec.parse("01,45:c16"),
                Shape.S2x2, g2048.ntuple.Method.Q_LEARNING, 1, 0.1)) {
            g2048.ntuple.NtupleModels.save(m, file);
        }
        CommandRun move = assertBadInput("is a q-learning model", "move", "--board", "2,2/0,0", "--player", "ntuple",
                "--model", file.toString());
        assertFalse(move.err().contains("--depth"), move.err());
        CommandRun timed = assertBadInput("it plays only greedily, in play and grade without --time-ms", "play", "--player",
                "ntuple", "--model", file.toString(), "--shape", "2x2", "--time-ms", "5", "--games", "1", "--no-progress");
        assertFalse(timed.err().contains("--depth"), timed.err());
        assertBadInput("it plays at --depth 1 only", "play", "--player", "ntuple", "--model", file.toString(), "--shape", "2x2",
                "--depth", "2", "--games", "1", "--no-progress");
    }
}
