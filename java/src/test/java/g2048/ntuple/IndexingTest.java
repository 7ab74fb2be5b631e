package g2048.ntuple;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import g2048.game.Board;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Symmetries;
import java.lang.foreign.Arena;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The fast look-up path against the plain definition of symmetric sampling, on seeded random boards. */
class IndexingTest {

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "4x6; 4x4", "5x6; 4x4", "17x4; 4x4", "2x4+2x6; 4x4", "0123,4567:sym:c16; 4x4", "01,126,237:sym:c16; 4x4",
        "0125,4569a:sym:c11; 4x4", "012,456:sym:c8; 3x3", "0124,56:sym:c10; 2x3", "012,45:c16; 2x3", "01,45:sym; 2x2"})
    void fastIndicesAndValuesMatchTheReference(String specText, String shapeText) {
        String before = System.getProperty("g2048.checkedAccess");
        try {
            for (String checked : new String[] {"false", "true"}) {
                System.setProperty("g2048.checkedAccess", checked);
                check(specText, shapeText, Boolean.parseBoolean(checked));
            }
        } finally {
            if (before == null) {
                System.clearProperty("g2048.checkedAccess");
            } else {
                System.setProperty("g2048.checkedAccess", before);
            }
        }
    }

    private static void check(String specText, String shapeText, boolean checked) {
        TupleSpec spec = TupleSpec.parse(specText);
        Shape shape = Shape.parse(shapeText);
        Symmetries sym = new Symmetries(shape);
        int images = spec.symmetric() ? sym.count() : 1;
        int[][] expanded = SymmetricSampling.expand(spec, shape);
        assertEquals(images * spec.tuples().length, expanded.length);
        long[] tupleBase = new long[spec.tuples().length];
        for (int t = 1; t < tupleBase.length; t++) {
            tupleBase[t] = tupleBase[t - 1] + spec.tupleEntries(t - 1);
        }
        try (NtupleModel model = NtupleModel.create(spec, shape, Method.Q_LEARNING, 1, 0.1)) {
            TupleNetwork net = model.network();
            // The tests run with jdk.internal.misc exported, so both access paths are exercised.
            assertEquals(!checked, net.rawAccess());
            Rng rng = new Rng(spec.canonical().hashCode());
            int[] fast = new int[net.features()];
            for (int trial = 0; trial < 400; trial++) {
                long board = randomBoard(rng, shape);
                int bank = trial % 4;
                long bankBase = bank * spec.weights();
                // Reference 1: each feature's cells read off the board (the expansion).
                long[] viaExpansion = new long[expanded.length];
                // Reference 2: the tuple read off the board's image under each symmetry.
                long[] viaImages = new long[expanded.length];
                int f = 0;
                for (int s = 0; s < images; s++) {
                    long image = sym.apply(s, board);
                    for (int t = 0; t < spec.tuples().length; t++) {
                        viaExpansion[f] = bankBase + tupleBase[t] + SymmetricSampling.index(board, expanded[f], spec.values());
                        viaImages[f] = bankBase + tupleBase[t] + SymmetricSampling.index(image, spec.tuples()[t], spec.values());
                        f++;
                    }
                }
                assertArrayEquals(viaImages, viaExpansion, "expansion vs images on " + Long.toHexString(board));
                // Give every entry the reference reads a distinct weight; the fast path must find them.
                double expected = 0;
                for (long i : viaExpansion) {
                    net.setEntry(i, weightOf(i));
                }
                for (long i : viaExpansion) {
                    expected += weightOf(i);
                }
                float viaIndices = net.indices(bank, board, fast);
                long[] fastSorted = Arrays.stream(fast).asLongStream().sorted().toArray();
                long[] refSorted = viaExpansion.clone();
                Arrays.sort(refSorted);
                assertArrayEquals(refSorted, fastSorted, spec.name() + " entries of " + Long.toHexString(board));
                assertEquals(expected, net.value(bank, board), 1e-3 * Math.max(1, Math.abs(expected)));
                assertEquals(expected, viaIndices, 1e-3 * Math.max(1, Math.abs(expected)));
                // Updates land on exactly the features' entries (each feature adds once).
                net.add(fast, 0.5f);
                for (long i : viaExpansion) {
                    long copies = Arrays.stream(viaExpansion).filter(x -> x == i).count();
                    assertEquals(weightOf(i) + 0.5f * copies, net.entry(i), 1e-3);
                }
                for (long i : viaExpansion) {
                    net.setEntry(i, 0f);
                }
            }
        }
    }

    private static float weightOf(long i) {
        return (float) ((Rng.mix(i) & 0xFFFF) / 64.0 - 512);
    }

    /** Random codes on the shape's cells, including codes at and above c to exercise clamping. */
    private static long randomBoard(Rng rng, Shape shape) {
        long b = 0;
        for (int r = 0; r < shape.rows(); r++) {
            for (int c = 0; c < shape.cols(); c++) {
                int code = rng.nextInt(4) == 0 ? 0 : rng.nextInt(16);
                b = Board.withCode(b, Shape.nibble(r, c), code);
            }
        }
        return b;
    }
}
