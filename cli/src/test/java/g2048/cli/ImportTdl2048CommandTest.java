package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.ntuple.NtupleModel;
import g2048.ntuple.NtupleModels;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code g2048 import tdl2048}: a model out, every bad argument or file one line and exit 2. */
class ImportTdl2048CommandTest {

    @TempDir
    Path dir;

    /** A TDL2048 weight file of the pattern 10:10 (cells 1 then 0, no images), entry i worth i/4. */
    private Path tinyFile() throws Exception {
        return tinyFile(-1, 0);
    }

    /** {@link #tinyFile()} with entry {@code entry} (when not -1) worth {@code value}. */
    private Path tinyFile(int entry, float value) throws Exception {
        ByteBuffer b = ByteBuffer.allocate(5 + 19 + 256 * 4 + 2).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) 0).putInt(1);
        b.put((byte) 4).putInt(0x10).putShort((short) 2).putShort((short) 0);
        b.putShort((short) 4).putLong(256);
        for (int i = 0; i < 256; i++) {
            b.putFloat(i == entry ? value : i / 4f);
        }
        b.putShort((short) 0);
        Path f = dir.resolve("tiny.w");
        Files.write(f, b.array());
        return f;
    }

    private static void assertBadInput(String mention, String... args) {
        CommandRun r = CommandRun.of(args);
        String what = String.join(" ", args) + " -> " + r.err();
        assertEquals(2, r.exit(), what);
        assertEquals(1, r.errLines().length, what);
        assertTrue(r.err().contains(mention), "'" + mention + "' in " + what);
        assertFalse(r.err().contains("Exception"), what);
    }

    @Test
    void writesAModelThatReadsThePatternInItsOwnOrder() throws Exception {
        Path out = dir.resolve("tiny.g2n");
        CommandRun r = CommandRun.of("import", "tdl2048", "--net", "10:10", "--out", out.toString(), tinyFile().toString());
        assertEquals(0, r.exit(), r.err());
        try (NtupleModel m = NtupleModels.load(out)) {
            // cell 1 holds code 3, cell 0 code 5: TDL2048's index is 3 + 16·5 (its first cell lowest)
            assertEquals((3 + 16 * 5) / 4f, m.network().value(0, 0x35L));
            assertEquals("01:c16", m.spec().canonical());
        }
    }

    @Test
    void badArgumentsAndFilesAreOneLineAndExit2() throws Exception {
        Path w = tinyFile();
        String out = dir.resolve("m.g2n").toString();
        assertBadInput("--net", "import", "tdl2048", "--net", "mono", "--out", out, w.toString());
        assertBadInput("--stages", "import", "tdl2048", "--net", "4x6patt@2", "--out", out, w.toString());
        assertBadInput("no table 01", "import", "tdl2048", "--net", "01:01", "--out", out, w.toString());
        assertBadInput("--out", "import", "tdl2048", "--net", "10:10", "--out", dir.resolve("no/m.g2n").toString(), w.toString());
        Path cut = dir.resolve("cut.w");
        Files.write(cut, Arrays.copyOf(Files.readAllBytes(w), 100));
        assertBadInput("truncated", "import", "tdl2048", "--net", "10:10", "--out", out, cut.toString());
        assertBadInput("no such file", "import", "tdl2048", "--net", "10:10", "--out", out, dir.resolve("none.w").toString());
        Path values = dir.resolve("v.txt");
        Files.writeString(values, "0000000000000035 1.0 1.0\n");
        assertBadInput("differ beyond rounding", "import", "tdl2048", "--net", "10:10", "--out", out, "--check", values.toString(),
                w.toString());
        Files.writeString(values, "35 20.75 20.75\n");
        assertEquals(0, CommandRun.of("import", "tdl2048", "--net", "10:10", "--out", out, "--check", values.toString(),
                w.toString()).exit());
        // a table named with a terminal's escape sequence: quoted in the message, it is escaped
        ByteBuffer named = ByteBuffer.allocate(5 + 19).order(ByteOrder.LITTLE_ENDIAN);
        named.put((byte) 0).putInt(1).put((byte) 4).put("a\u001b[31mxy".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        named.putShort((short) 3).putLong(256);
        Path escape = dir.resolve("escape.w");
        Files.write(escape, named.array());
        assertBadInput("table 1 (a\\x1b[31mxy): 3 bytes per value", "import", "tdl2048", "--net", "10:10", "--out", out, escape.toString());
        Files.writeString(values, "not a board\n");
        assertBadInput("line 1", "import", "tdl2048", "--net", "10:10", "--out", out, "--check", values.toString(), w.toString());
    }

    @Test
    void hugeFiniteWeightsAreRefusedAtImportAndAtLoad() throws Exception {
        String out = dir.resolve("huge.g2n").toString();
        assertBadInput("table 10 entry 83 is 3.4E38", "import", "tdl2048", "--net", "10:10", "--out", out,
                tinyFile(83, 3.4e38f).toString());
        assertFalse(Files.exists(Path.of(out)));
        // a model file of such weights (written by another tool) is refused by every command that loads it
        try (NtupleModel m = NtupleModels.load(tinyModel())) {
            m.network().setEntry(5, 3.4e38f);
            NtupleModels.save(m, Path.of(out));
        }
        for (String table : new String[] {"float32", "int16"}) {
            assertBadInput("at entry 5", "move", "--model", out, "--table", table, "--board", "2,4,0/0,0,0/0,0,0", "--json");
        }
    }

    private Path tinyModel() throws Exception {
        Path m = dir.resolve("tiny.g2n");
        CommandRun r = CommandRun.of("import", "tdl2048", "--net", "10:10", "--out", m.toString(), tinyFile().toString());
        assertEquals(0, r.exit(), r.err());
        return m;
    }
}
