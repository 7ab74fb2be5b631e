package g2048.ntuple;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.eval.Evaluator;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Models read from streams and from the class path agree with the same models read from files. */
class ModelStreamTest {

    @TempDir
    Path dir;

    /** A model with a few thousand random weights, in {@code stages} stages, with or without TC accumulators. */
    private static NtupleModel sample(Method method, Stages stages, boolean coherence) {
        NtupleModel m = NtupleModel.create(TupleSpec.parse("012,456,048:sym:c12"), Shape.S3x3, method,
                TerminalValue.ZERO, stages, 0, coherence, 42, 0.004);
        Rng rng = new Rng(7);
        TupleNetwork net = m.network();
        long n = net.banks() * net.weights();
        for (int k = 0; k < 3000; k++) {
            net.setEntry(rng.nextInt((int) n), (float) (rng.nextGaussian() * 300));
        }
        return m;
    }

    private static void assertSameTables(NtupleModel want, NtupleModel got) {
        assertEquals(want.spec(), got.spec());
        assertEquals(want.shape(), got.shape());
        assertEquals(want.method(), got.method());
        assertEquals(want.stages().count(), got.stages().count());
        assertEquals(want.training(), got.training());
        long n = want.network().banks() * want.network().weights();
        assertEquals(n, got.network().banks() * got.network().weights());
        for (long i = 0; i < n; i++) {
            // bit for bit: the stream path and the file path decode the same bytes
            assertEquals(Float.floatToRawIntBits(want.network().entry(i)), Float.floatToRawIntBits(got.network().entry(i)),
                    "entry " + i);
        }
    }

    private static NtupleModel fromStream(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return NtupleModels.load(in, file.getFileName().toString());
        }
    }

    @Test
    void everyFormReadFromAStreamEqualsTheFile() throws IOException {
        for (Method method : Method.values()) {
            for (boolean coherence : new boolean[] {false, true}) {
                Stages stages = method == Method.Q_LEARNING ? Stages.SINGLE : new Stages(new int[] {64});
                try (NtupleModel m = sample(method, stages, coherence)) {
                    for (String ext : new String[] {".g2n", NtupleModels.COMPACT_EXTENSION}) {
                        Path file = dir.resolve(method.text() + coherence + ext);
                        NtupleModels.save(m, file);
                        try (NtupleModel f = NtupleModels.load(file); NtupleModel s = fromStream(file)) {
                            assertSameTables(f, s);
                            assertEquals(file.getFileName().toString(), s.source());
                        }
                    }
                }
            }
        }
    }

    @Test
    void damagedStreamsAreRefusedNamingTheStreamAndTheProblem() throws IOException {
        Path file = dir.resolve("m.g2nz");
        try (NtupleModel m = sample(Method.TD_AFTERSTATE, Stages.SINGLE, false)) {
            NtupleModels.save(m, file);
        }
        byte[] bytes = Files.readAllBytes(file);
        assertRefused(Arrays.copyOf(bytes, 100), "s: truncated: 100 bytes, the header alone needs 4096");
        assertRefused(Arrays.copyOf(bytes, bytes.length - 1), "s: truncated: " + (bytes.length - 1) + " bytes, expected "
                + bytes.length);
        assertRefused(Arrays.copyOf(bytes, bytes.length + 3), "s: unexpected bytes after the data");
        byte[] flipped = bytes.clone();
        flipped[bytes.length - 5] ^= 0x10;
        assertRefused(flipped, "s: corrupt data (checksum mismatch)");
        byte[] header = bytes.clone();
        header[0] ^= 1;
        assertRefused(header, "s: not a g2048 n-tuple model (bad magic)");
    }

    private static void assertRefused(byte[] bytes, String message) {
        ModelFileException e = assertThrows(ModelFileException.class,
                () -> NtupleModels.load(new ByteArrayInputStream(bytes), "s").close());
        assertEquals("model file " + message, e.getMessage());
    }

    @Test
    void theShippedModelOnTheClassPathIsTheFileInTheRepository() throws IOException {
        assertTrue(NtupleModels.defaultAvailable(), "the test class path holds io.g2048:g2048-models");
        Path file = Path.of("..", "models", NtupleModels.DEFAULT_MODEL);
        try (NtupleModel shipped = NtupleModels.loadDefault(); NtupleModel onDisk = NtupleModels.load(file)) {
            assertEquals("shipped ntuple-6x6.g2nz", shipped.source());
            assertEquals(Shape.S4x4, shipped.shape());
            Evaluator a = shipped.evaluator(TablePrecision.FLOAT32);
            Evaluator b = onDisk.evaluator(TablePrecision.FLOAT32);
            Rng rng = new Rng(3);
            g2048.game.Moves moves = g2048.game.Moves.of(Shape.S4x4);
            long board = Spawns.initial(Shape.S4x4, rng);
            int checked = 0;
            while (checked < 2000) {
                int d = rng.nextInt(4);
                long after = moves.move(board, d);
                if (after == board) {
                    if (moves.isTerminal(board)) {
                        board = Spawns.initial(Shape.S4x4, rng);
                    }
                    continue;
                }
                assertEquals(b.value(after), a.value(after), 0.0, "afterstate " + Long.toHexString(after));
                checked++;
                board = Spawns.spawn(after, Shape.S4x4.cellMask(), rng);
            }
        }
    }
}
