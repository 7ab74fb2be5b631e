package g2048.policy;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.files.BadFileException;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Datasets whose chunk checksums are recomputed over the damage (so the CRC cannot catch it): every
 * game read back has legal moves, a score of at least 0 and finite, bounded move values, or the
 * file is refused with one line naming it.
 */
class DatasetFuzzTest {

    @TempDir
    Path dir;

    /** A few random games, each position's move a legal one, values as a teacher's. */
    private Path dataset() throws IOException {
        Path f = dir.resolve("d.g2pd");
        Moves moves = Moves.of(Shape.S4x4);
        Rng rng = new Rng(34);
        try (DatasetWriter w = DatasetWriter.openOrResume(f, "teacher=test;depth=1;seed=34")) {
            for (int g = 0; g < 3; g++) {
                List<Long> boards = new ArrayList<>();
                List<Byte> chosen = new ArrayList<>();
                long b = Spawns.initial(Shape.S4x4, rng);
                while (!moves.isTerminal(b) && boards.size() < 40) {
                    int m = moves.randomLegalMove(b, rng);
                    boards.add(b);
                    chosen.add((byte) m);
                    b = Spawns.spawn(moves.move(b, m), Shape.S4x4.cellMask(), rng);
                }
                int n = boards.size();
                long[] bs = new long[n];
                byte[] ms = new byte[n];
                float[] vs = new float[4 * n];
                for (int i = 0; i < n; i++) {
                    bs[i] = boards.get(i);
                    ms[i] = chosen.get(i);
                    for (int d = 0; d < 4; d++) {
                        vs[4 * i + d] = moves.move(bs[i], d) == bs[i] ? Float.NaN : 100f * d + i;
                    }
                }
                w.append(new DatasetFile.Game(g, 1000 + g, bs, ms, vs));
            }
        }
        return f;
    }

    @Test
    void aLegalMoveWithoutAValueIsRefusedNamingTheFileAndTheCause() throws IOException {
        byte[] b = Files.readAllBytes(dataset());
        ByteBuffer h = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        int first = 16 + h.getInt(12) + 4 + DatasetFile.CHUNK_HEADER;
        // every value of the first game's first position NaN, the checksums made to match
        for (int d = 0; d < 4; d++) {
            h.putFloat(first + 9 + 4 * d, Float.NaN);
        }
        reseal(b);
        Path f = dir.resolve("nan.g2pd");
        Files.write(f, b);
        try (DatasetFile.Reader rd = DatasetFile.Reader.open(f)) {
            BadFileException e = org.junit.jupiter.api.Assertions.assertThrows(BadFileException.class, rd::next);
            assertTrue(e.getMessage().startsWith(f + ": move value NaN for the legal move "), e.getMessage());
            assertTrue(e.getMessage().contains("at position 0 of game 0"), e.getMessage());
        }
    }

    /** Recomputes the CRC32C of the header and of every chunk that still parses as one. */
    static void reseal(byte[] b) {
        ByteBuffer h = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        int len = h.getInt(12);
        if (len < 0 || 16 + len + 4 > b.length) {
            return;
        }
        CRC32C c = new CRC32C();
        c.update(b, 0, 16 + len);
        h.putInt(16 + len, (int) c.getValue());
        long at = 16 + len + 4;
        while (at + DatasetFile.CHUNK_HEADER <= b.length) {
            int n = h.getInt((int) at + 12);
            long end = at + DatasetFile.CHUNK_HEADER + (long) DatasetFile.RECORD_BYTES * n;
            if (n < 0 || end + 4 > b.length) {
                return;
            }
            CRC32C k = new CRC32C();
            k.update(b, (int) at, (int) (end - at));
            h.putInt((int) end, (int) k.getValue());
            at = end + 4;
        }
    }

    @Test
    void resealedDamageIsRefusedOrReadsOnlyPlausibleGames() throws IOException {
        byte[] ok = Files.readAllBytes(dataset());
        Moves moves = Moves.of(Shape.S4x4);
        SplittableRandom r = new SplittableRandom(3434);
        Path f = dir.resolve("case.g2pd");
        int refused = 0;
        for (int i = 0; i < 400; i++) {
            byte[] b = ok.clone();
            for (int k = 1 + r.nextInt(3); k > 0; k--) {
                int at = r.nextInt(b.length);
                b[at] = (byte) (r.nextBoolean() ? r.nextInt(256) : b[at] ^ (1 << r.nextInt(8)));
            }
            reseal(b);
            Files.write(f, b);
            try (DatasetFile.Reader rd = DatasetFile.Reader.open(f)) {
                assertFalse(rd.meta().chars().anyMatch(Character::isISOControl), "case " + i);
                for (DatasetFile.Game g = rd.next(); g != null; g = rd.next()) {
                    assertTrue(g.score() >= 0, "case " + i);
                    for (int p = 0; p < g.boards().length; p++) {
                        assertTrue(moves.move(g.boards()[p], g.moves()[p]) != g.boards()[p], "case " + i + ": a legal move");
                        for (int d = 0; d < 4; d++) {
                            float v = g.values()[4 * p + d];
                            assertTrue(Float.isNaN(v) ? moves.move(g.boards()[p], d) == g.boards()[p] : Math.abs(v) <= DatasetFile.MAX_VALUE,
                                    "case " + i + ": NaN only for an illegal move, else a bounded value");
                        }
                    }
                }
            } catch (BadFileException e) {
                refused++;
                assertTrue(e.getMessage().startsWith(f.toString()) && !e.getMessage().contains("\n"), e.getMessage());
                assertFalse(e.getMessage().contains("Exception"), e.getMessage());
            }
        }
        assertTrue(refused > 0, "some damage is refused");
    }
}
