package g2048.ntuple;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.eval.Evaluator;
import g2048.game.Board;
import g2048.game.Rng;
import g2048.game.Shape;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * A compact TD-afterstate model loaded for play goes straight into int16 tables: its values must be
 * exactly those of the float32 path (the same file loaded for training, its tables quantised again
 * with the file's step), and the float32 tables it makes on demand must equal the float32 loader's
 * entry for entry.
 */
class Int16LoadTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {"4x6; 4x4; none; false", "4x6; 4x4; 16384; true",
        "0123,4567:sym:c15; 4x4; 256,1024; false", "012,456:sym:c8; 3x3; none; true", "012,45:c16; 2x3; 64; false"})
    void int16OnlyLoadingGivesTheFloatPathsQuantisedValues(String specText, String shapeText, String stagesText,
                                                           boolean checked) {
        String before = checkedAccess(Boolean.toString(checked));
        TupleSpec spec = TupleSpec.parse(specText);
        Shape shape = Shape.parse(shapeText);
        Stages stages = Stages.parse(stagesText);
        Path file = dir.resolve("m" + NtupleModels.COMPACT_EXTENSION);
        Rng rng = new Rng(specText.hashCode() ^ stagesText.hashCode());
        long[] boards = new long[400];
        try (NtupleModel m = NtupleModel.create(spec, shape, Method.TD_AFTERSTATE, TerminalValue.ZERO, stages, 0, false, 3,
                0.01)) {
            TupleNetwork net = m.network();
            long n = net.banks() * net.weights();
            for (int k = 0; k < 20_000; k++) {
                // fractional weights of both signs, so that the compact form rounds them
                net.setEntry(Math.floorMod(rng.nextLong(), n), (float) (rng.nextGaussian() * 700));
            }
            for (int i = 0; i < boards.length; i++) {
                boards[i] = randomBoard(rng, shape);
            }
            NtupleModels.save(m, file);
        }
        try (NtupleModel play = NtupleModels.load(file); NtupleModel floats = NtupleModels.loadForTraining(file)) {
            assertFalse(play.hasFloatTables(), "a compact td-afterstate model for play has no float32 tables");
            assertTrue(floats.hasFloatTables());
            Evaluator fromFile = play.evaluator(TablePrecision.INT16);
            Evaluator requantised = floats.evaluator(TablePrecision.INT16);
            Evaluator auto = play.evaluator(TablePrecision.AUTO);
            assertTrue(fromFile.describe().contains("int16 tables (exact)"), fromFile.describe());
            for (long b : boards) {
                assertEquals(requantised.value(b), fromFile.value(b), "board " + Long.toHexString(b));
                assertEquals(fromFile.value(b), auto.value(b));
            }
            assertFalse(play.hasFloatTables(), "int16 play never makes the float32 tables");
            // asked for, the float32 tables are the float32 loader's, entry for entry
            TupleNetwork made = play.network();
            assertTrue(play.hasFloatTables());
            TupleNetwork loaded = floats.network();
            assertEquals(loaded.banks(), made.banks());
            for (long i = 0, n = loaded.banks() * loaded.weights(); i < n; i++) {
                if (Float.floatToRawIntBits(loaded.entry(i)) != Float.floatToRawIntBits(made.entry(i))) {
                    assertEquals(loaded.entry(i), made.entry(i), "entry " + i);
                }
            }
            Evaluator playFloat = play.evaluator(TablePrecision.FLOAT32);
            Evaluator floatFloat = floats.evaluator(TablePrecision.FLOAT32);
            for (long b : boards) {
                assertEquals(floatFloat.value(b), playFloat.value(b), "board " + Long.toHexString(b));
            }
        } finally {
            checkedAccess(before);
        }
    }

    /**
     * A full TD-afterstate model (float32 tables and TC accumulators: a training checkpoint) loaded to
     * play from int16 tables is read straight into them: the same values, step and exactness as the
     * int16 copy of its float32 tables, and no float32 tables until asked for, then the file's own.
     */
    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {"01234,45678:sym:c16; 4x4; 16384; false", "0123,4567:sym:c15; 4x4; 256,1024; true",
        "012,456:sym:c8; 3x3; none; false", "012,45:c16; 2x3; 64; true"})
    void aFullModelForPlayIsReadStraightIntoInt16Tables(String specText, String shapeText, String stagesText,
                                                       boolean checked) throws Exception {
        String before = checkedAccess(Boolean.toString(checked));
        Shape shape = Shape.parse(shapeText);
        Path file = dir.resolve("full.g2n");
        Rng rng = new Rng(specText.hashCode() * 31L + stagesText.hashCode());
        long[] boards = new long[400];
        try (NtupleModel m = NtupleModel.create(TupleSpec.parse(specText), shape, Method.TD_AFTERSTATE, TerminalValue.ZERO,
                Stages.parse(stagesText), 0, true, 3, 0.01)) {
            TupleNetwork net = m.network();
            long n = net.banks() * net.weights();
            for (int k = 0; k < 20_000; k++) {
                net.setEntry(Math.floorMod(rng.nextLong(), n), (float) (rng.nextGaussian() * 700));
            }
            for (int i = 0; i < boards.length; i++) {
                boards[i] = randomBoard(rng, shape);
            }
            NtupleModels.save(m, file);
        }
        try (NtupleModel streamed = NtupleModels.load(file, TablePrecision.INT16);
             NtupleModel floats = NtupleModels.load(file);
             NtupleModel auto = NtupleModels.load(file, TablePrecision.AUTO);
             NtupleModel asked = NtupleModels.load(file, TablePrecision.FLOAT32)) {
            assertFalse(streamed.hasFloatTables(), "a checkpoint read for int16 play has no float32 tables");
            assertFalse(auto.hasFloatTables(), "auto plays a td-afterstate model from int16 tables");
            assertTrue(asked.hasFloatTables() && floats.hasFloatTables());
            Evaluator fromFile = streamed.evaluator(TablePrecision.INT16);
            Evaluator copied = floats.evaluator(TablePrecision.INT16);
            assertEquals(copied.describe(), fromFile.describe(), "the same steps and exactness");
            assertTrue(fromFile.describe().contains("rounded to steps of"), fromFile.describe());
            Evaluator autoValues = auto.evaluator(TablePrecision.AUTO);
            for (long b : boards) {
                assertEquals(copied.value(b), fromFile.value(b), "board " + Long.toHexString(b));
                assertEquals(copied.value(b), autoValues.value(b), "board " + Long.toHexString(b));
            }
            assertFalse(streamed.hasFloatTables(), "int16 play never makes the float32 tables");
            // asked for, the float32 tables are the file's, not the rounded int16 ones scaled back
            Evaluator floatsAgain = streamed.evaluator(TablePrecision.FLOAT32);
            Evaluator floatsOwn = floats.evaluator(TablePrecision.FLOAT32);
            for (long b : boards) {
                assertEquals(floatsOwn.value(b), floatsAgain.value(b), "board " + Long.toHexString(b));
            }
        } finally {
            checkedAccess(before);
        }
        // a byte of the accumulators changed: refused by the checksum, though play does not read them
        Path damaged = Files.copy(file, dir.resolve("damaged.g2n"));
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(damaged.toFile(), "rw")) {
            f.seek(f.length() - 3);
            int b = f.read();
            f.seek(f.length() - 3);
            f.write(b ^ 0x10);
        }
        ModelFileException e = assertThrows(ModelFileException.class, () -> NtupleModels.load(damaged, TablePrecision.INT16));
        assertTrue(e.getMessage().contains("checksum"), e.getMessage());
    }

    /** Sets (or, with null, clears) the {@code g2048.checkedAccess} property; returns what it was. */
    private static String checkedAccess(String value) {
        String before = System.getProperty("g2048.checkedAccess");
        if (value == null) {
            System.clearProperty("g2048.checkedAccess");
        } else {
            System.setProperty("g2048.checkedAccess", value);
        }
        return before;
    }

    /** A board of {@code shape}, each cell empty or a code up to 15 (large tiles reach every stage). */
    private static long randomBoard(Rng rng, Shape shape) {
        long b = 0;
        for (int r = 0; r < shape.rows(); r++) {
            for (int c = 0; c < shape.cols(); c++) {
                b = Board.withCode(b, Shape.nibble(r, c), rng.nextInt(3) == 0 ? 0 : 1 + rng.nextInt(15));
            }
        }
        return b;
    }
}
