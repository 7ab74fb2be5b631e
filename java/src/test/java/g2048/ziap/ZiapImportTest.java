package g2048.ziap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.files.BadFileException;
import g2048.ntuple.NtupleModel;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The importer against 2048-tdl itself: {@code w5x4.bin.gz} holds random weights of its nw5x4
 * network (entries whose cells all hold codes up to 8; the rest 0), and {@code w5x4.values} its
 * value of 1,000 random boards, as 2048-tdl's own {@code estimate} computed them
 * (bench/ziap/values.cpp compiled against its source). A board is the same 64 bits in both engines.
 */
class ZiapImportTest {

    @TempDir
    Path dir;

    private Path weights() throws IOException {
        Path f = dir.resolve("weights.bin");
        try (InputStream in = new GZIPInputStream(getClass().getResourceAsStream("/g2048/ziap/w5x4.bin.gz"))) {
            Files.copy(in, f);
        }
        return f;
    }

    private List<String> values() throws IOException {
        try (InputStream in = getClass().getResourceAsStream("/g2048/ziap/w5x4.values")) {
            return List.of(new String(in.readAllBytes(), StandardCharsets.US_ASCII).split("\n"));
        }
    }

    @Test
    void everyBoardHasTheValue2048TdlGaveIt() throws Exception {
        List<String> lines = values();
        assertEquals(1000, lines.size());
        try (NtupleModel m = ZiapImport.read(weights(), ZiapStructure.NW5X4)) {
            int nonZero = 0;
            for (String line : lines) {
                String[] f = line.trim().split(" ");
                long board = HexFormat.fromHexDigitsToLong(f[0]);
                double theirs = Double.parseDouble(f[1]);
                double ours = m.network().value(0, board);
                // 40 single-precision terms of at most 1,000 each, summed in another order
                assertEquals(theirs, ours, 0.05, "board " + f[0]);
                nonZero += theirs != 0 ? 1 : 0;
            }
            assertTrue(nonZero > 900, nonZero + " boards valued above 0");
        }
    }

    @Test
    void aFileOfAnotherSizeIsRefusedNamingTheStructure() throws Exception {
        Path w = weights();
        BadFileException e = assertThrows(BadFileException.class, () -> ZiapImport.read(w, ZiapStructure.NW4X5));
        assertTrue(e.getMessage().contains("expected " + ZiapStructure.NW4X5.fileBytes() + " for nw4x5"), e.getMessage());
        Files.write(w, new byte[12]);
        assertThrows(BadFileException.class, () -> ZiapImport.read(w, ZiapStructure.NW5X4));
    }

    @Test
    void theStructuresHaveTheirSourcesSizes() {
        // 2048-tdl's README: nw4x6 is 256 MB, nw8x6 512 MB, nw5x4 1.25 MB
        assertEquals(256L << 20, ZiapStructure.NW4X6.fileBytes());
        assertEquals(512L << 20, ZiapStructure.NW8X6.fileBytes());
        assertEquals(5L * 65536 * 4, ZiapStructure.NW5X4.fileBytes());
        assertEquals(ZiapStructure.NW4X6, ZiapStructure.parse("nw4x6"));
        assertThrows(IllegalArgumentException.class, () -> ZiapStructure.parse("nw9x9"));
    }
}
