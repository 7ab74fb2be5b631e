package g2048.ntuple;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.eval.Evaluator;
import g2048.game.Board;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Symmetries;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The int16 copy of a network against a reference written from the definition: each look-up's
 * entry found by symmetric sampling, each weight rounded to its step, the sum taken exactly.
 */
class Int16NetworkTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {"4x6; 4x4; false", "4x6; 4x4; true", "5x6; 4x4; false",
        "012345,456789,89abcd,012456,45689a,234569:sym:c16; 4x4; false",
        "012345,456789,89abcd,012456,45689a,234569,01259a,345678:sym:c16; 4x4; false", "17x4; 4x4; false",
        "0125,4569a:sym:c11; 4x4; false", "0123,4567,0145:sym:c16; 4x4; false", "0123,4567,0145:sym:c16; 4x4; true",
        "012,456:sym:c8; 3x3; false", "012,45:c16; 2x3; true"})
    void valuesAreTheRoundedWeightsSummedExactly(String specText, String shapeText, boolean checked) {
        String before = System.getProperty("g2048.checkedAccess");
        System.setProperty("g2048.checkedAccess", Boolean.toString(checked));
        try (NtupleModel model = NtupleModel.create(TupleSpec.parse(specText), Shape.parse(shapeText),
                Method.TD_AFTERSTATE, 1, 0.1); Arena arena = Arena.ofConfined()) {
            TupleNetwork net = model.network();
            Rng rng = new Rng(specText.hashCode());
            long[] boards = new long[300];
            for (int i = 0; i < boards.length; i++) {
                boards[i] = randomBoard(rng, net.shape());
                for (long e : referenceEntries(net, boards[i])) {
                    // Weights with fractions, so that most need rounding.
                    net.setEntry(e, (float) ((Rng.mix(e) & 0xFFFFF) / 97.0 - 5000));
                }
            }
            Int16Network copy = new Int16Network(net, 0, 0, arena);
            assertFalse(copy.exact(), "fractional weights cannot all be multiples of max/32767");
            float max = 0;
            for (long i = 0; i < net.weights(); i++) {
                max = Math.max(max, Math.abs(net.entry(i)));
            }
            assertEquals(max / 32767.0, copy.step());
            for (long board : boards) {
                long q = 0;
                double exactSum = 0;
                for (long e : referenceEntries(net, board)) {
                    q += Math.round(net.entry(e) / copy.step());
                    exactSum += net.entry(e);
                }
                assertEquals(copy.step() * q, copy.value(board), "board " + Long.toHexString(board));
                // Rounding moves each look-up by at most half a step.
                assertEquals(exactSum, copy.value(board), net.features() * copy.step() / 2 + 1e-6 * Math.abs(exactSum));
            }
        } finally {
            restore(before);
        }
    }

    @Test
    void aQuantumThatFitsEveryWeightIsKeptAndExact() {
        try (NtupleModel model = NtupleModel.create(TupleSpec.parse("4x6"), Shape.S4x4, Method.TD_AFTERSTATE, 1, 0.1);
                Arena arena = Arena.ofConfined()) {
            TupleNetwork net = model.network();
            float quantum = 0.37f;
            Rng rng = new Rng(5);
            long[] boards = new long[200];
            for (int i = 0; i < boards.length; i++) {
                boards[i] = randomBoard(rng, net.shape());
                for (long e : referenceEntries(net, boards[i])) {
                    net.setEntry(e, quantum * (int) (Rng.mix(e) % 30000));
                }
            }
            Int16Network copy = new Int16Network(net, 0, quantum, arena);
            assertTrue(copy.exact());
            assertEquals(quantum, copy.step());
            for (long board : boards) {
                // Each entry is the float nearest step·q: the copy's sum of the unrounded products
                // differs from the entries' exact sum by at most half an ulp per look-up.
                double sum = 0;
                double ulps = 0;
                for (long e : referenceEntries(net, board)) {
                    sum += net.entry(e);
                    ulps += Math.ulp(net.entry(e)) / 2;
                }
                assertEquals(sum, copy.value(board), ulps + 1e-9, Long.toHexString(board));
            }
            // One weight off the grid: the quantum no longer fits, the copy rounds to max/32767.
            net.setEntry(referenceEntries(net, boards[0])[0], quantum * 7.5f);
            Int16Network rounded = new Int16Network(net, 0, quantum, arena);
            assertFalse(rounded.exact());
            assertTrue(rounded.step() != quantum);
        }
    }

    @Test
    void compactModelsPlayExactlyFromInt16Tables() {
        TupleSpec spec = TupleSpec.parse("012,456,89a,048,159,26a");
        Path compact = dir.resolve("m.g2nz");
        try (NtupleModel m = NtupleModel.create(spec, Shape.S3x3, Method.TD_AFTERSTATE, 1, 0.01)) {
            new SelfPlay(m, 0.01, 1).train(300, null);
            NtupleModels.save(m, compact);
        }
        try (NtupleModel m = NtupleModels.load(compact)) {
            Evaluator auto = m.evaluator(TablePrecision.AUTO);
            Evaluator live = m.evaluator();
            assertTrue(auto.describe().endsWith("int16 tables (exact)"), auto.describe());
            assertFalse(live.describe().contains("int16"), live.describe());
            Rng rng = new Rng(11);
            for (int i = 0; i < 500; i++) {
                long board = randomBoard(rng, Shape.S3x3);
                double f = live.value(board);
                assertEquals(f, auto.value(board), 1e-6 * Math.max(1, Math.abs(f)), Long.toHexString(board));
            }
        }
    }

    @Test
    void onlyTdAfterstateModelsHaveInt16Tables() {
        TupleSpec spec = TupleSpec.parse("012,456");
        try (NtupleModel state = NtupleModel.create(spec, Shape.S2x3, Method.TD_STATE, 1, 0.01);
                NtupleModel q = NtupleModel.create(spec, Shape.S2x3, Method.Q_LEARNING, 1, 0.01)) {
            assertFalse(state.evaluator(TablePrecision.AUTO).describe().contains("int16"));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> state.evaluator(TablePrecision.INT16));
            assertTrue(e.getMessage().contains("td-afterstate models only"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> q.evaluator(TablePrecision.INT16));
        }
        assertEquals(TablePrecision.INT16, TablePrecision.parse("INT16"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TablePrecision.parse("int8"));
        assertTrue(e.getMessage().contains("auto, float32, int16"), e.getMessage());
    }

    /** The absolute entries bank 0 reads for {@code board}: each tuple on each image of the board. */
    private static long[] referenceEntries(TupleNetwork net, long board) {
        TupleSpec spec = net.spec();
        Symmetries sym = new Symmetries(net.shape());
        int images = spec.symmetric() ? sym.count() : 1;
        long[] out = new long[images * spec.tuples().length];
        int f = 0;
        for (int s = 0; s < images; s++) {
            long image = sym.apply(s, board);
            long tupleBase = 0;
            for (int t = 0; t < spec.tuples().length; t++) {
                out[f++] = tupleBase + SymmetricSampling.index(image, spec.tuples()[t], spec.values());
                tupleBase += spec.tupleEntries(t);
            }
        }
        return out;
    }

    private static long randomBoard(Rng rng, Shape shape) {
        long b = 0;
        for (int r = 0; r < shape.rows(); r++) {
            for (int c = 0; c < shape.cols(); c++) {
                b = Board.withCode(b, Shape.nibble(r, c), rng.nextInt(3) == 0 ? 0 : rng.nextInt(16));
            }
        }
        return b;
    }

    private static void restore(String before) {
        if (before == null) {
            System.clearProperty("g2048.checkedAccess");
        } else {
            System.setProperty("g2048.checkedAccess", before);
        }
    }
}
