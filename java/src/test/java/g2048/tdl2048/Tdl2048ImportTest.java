package g2048.tdl2048;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.files.BadFileException;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.NtupleModels;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The importer against TDL2048 itself: the fixtures were written by TDL2048+ (bench/tdl2048/values.cpp
 * compiled against its source): {@code three.w}, random weights of the patterns {@code 210 59a 48c}
 * (written out of ascending order), and {@code staged.w}, {@code 2x4patt@2} with {@code -@ 0,2048}
 * (entries reading a code above 8 left 0, so that the file stays small); each {@code .values} file
 * holds TDL2048's value of 1,000 random boards.
 */
class Tdl2048ImportTest {

    @TempDir
    Path dir;

    private Path fixture(String name) throws IOException {
        Path f = dir.resolve(name);
        try (InputStream in = getClass().getResourceAsStream("/g2048/tdl2048/" + name)) {
            Files.copy(in, f);
        }
        return f;
    }

    @Test
    void everyBoardHasTheValueTdl2048GaveIt() throws Exception {
        try (NtupleModel m = Tdl2048Import.read(fixture("three.w"), Tdl2048Network.parse("210 59a 48c", null))) {
            Tdl2048Check.Result r = Tdl2048Check.check(m, fixture("three.values"));
            assertEquals(1000, r.boards());
            assertTrue(r.passed(), r.toString());
        }
        try (NtupleModel m = Tdl2048Import.read(fixture("staged.w"), Tdl2048Network.parse("2x4patt@2", "0,2048"))) {
            assertEquals(2, m.stages().count());
            Tdl2048Check.Result r = Tdl2048Check.check(m, fixture("staged.values"));
            assertTrue(r.passed(), r.toString());
        }
    }

    @Test
    void theCheckNoticesAWrongMapping() throws Exception {
        // other thresholds read some boards from the wrong stage's tables
        try (NtupleModel m = Tdl2048Import.read(fixture("staged.w"), Tdl2048Network.parse("2x4patt@2", "0,4096"))) {
            assertFalse(Tdl2048Check.check(m, fixture("staged.values")).passed());
        }
    }

    @Test
    void theSavedModelValuesBoardsAsTheImportedOne() throws Exception {
        Path out = dir.resolve("three.g2n");
        SplittableRandom rng = new SplittableRandom(3);
        try (NtupleModel m = Tdl2048Import.read(fixture("three.w"), Tdl2048Network.parse("210 59a 48c", null))) {
            NtupleModels.save(m, out);
            try (NtupleModel back = NtupleModels.load(out)) {
                for (int i = 0; i < 1000; i++) {
                    long b = rng.nextLong();
                    assertEquals(m.network().value(0, b), back.network().value(0, b));
                }
            }
        }
    }

    @Test
    void aNetworkOtherThanTheFilesIsRefusedNamingTheTables() throws Exception {
        Path w = fixture("three.w");
        BadFileException e = assertThrows(BadFileException.class,
                () -> Tdl2048Import.read(w, Tdl2048Network.parse("012 59a 48c", null)));
        assertTrue(e.getMessage().contains("no table 012") && e.getMessage().contains("210[4096]"), e.getMessage());
        e = assertThrows(BadFileException.class, () -> Tdl2048Import.read(w, Tdl2048Network.parse("210 59a", null)));
        assertTrue(e.getMessage().contains("does not read"), e.getMessage());
    }

    @Test
    void everyTruncationAndForeignFileIsOneLineOfBadFile() throws Exception {
        byte[] whole = Files.readAllBytes(fixture("three.w"));
        Tdl2048Network net = Tdl2048Network.parse("210 59a 48c", null);
        Path cut = dir.resolve("cut.w");
        SplittableRandom rng = new SplittableRandom(5);
        for (int i = 0; i < 200; i++) {
            int length = i < 40 ? i : rng.nextInt(whole.length);
            Files.write(cut, Arrays.copyOf(whole, length));
            BadFileException e = assertThrows(BadFileException.class, () -> Tdl2048Import.read(cut, net), "length " + length);
            assertFalse(e.getMessage().contains("\n"));
        }
        Files.writeString(cut, "G2N this is some other file");
        assertTrue(assertThrows(BadFileException.class, () -> Tdl2048Import.read(cut, net)).getMessage()
                .contains("not a TDL2048 weight file"));
        for (int i = 0; i < 200; i++) {
            byte[] bad = whole.clone();
            bad[rng.nextInt(40)] ^= (byte) (1 + rng.nextInt(255));
            Files.write(cut, bad);
            try (NtupleModel m = Tdl2048Import.read(cut, net)) {
                // a flipped byte inside the values is still a file of that network
                assertEquals(3, m.spec().tuples().length);
            } catch (BadFileException e) {
                assertFalse(e.getMessage().contains("\n"));
            }
        }
        assertThrows(BadFileException.class, () -> Tdl2048Import.read(dir.resolve("missing.w"), net));
    }
}
