package g2048.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Tile-downgrading: the translation by hand, and what it must keep on many random boards. */
class DowngradeTest {

    private static long board(String text) {
        return BoardText.parse(text).board();
    }

    @Test
    void translatesByHand() {
        // 32768 present, 4096 missing: 8192, 16384, 32768 are halved; below the hole nothing moves.
        long b = board("32768,16384,8192,2/2048,1024,512,256/128,64,32,16/8,4,2,0");
        assertEquals(board("16384,8192,4096,2/2048,1024,512,256/128,64,32,16/8,4,2,0"), Downgrade.translate(b, 32768));
        // Below the threshold: unchanged.
        assertEquals(b, Downgrade.translate(b, 65534));
        // Two holes: halving goes on until the tile set is below the threshold (two steps here).
        long two = board("32768,4096,0,0/0,0,0,0/0,0,0,0/0,0,0,2");
        assertEquals(board("8192,4096,0,0/0,0,0,0/0,0,0,0/0,0,0,2"), Downgrade.translate(two, 16384));
        // No hole below the largest tile: nothing can be halved.
        long full = board("32768,16384,8192,4096/2048,1024,512,256/128,64,32,16/8,4,2,2");
        assertEquals(full, Downgrade.translate(full, 32768));
        assertTrue(Downgrade.applies(full, 49152));
        assertEquals(32768 + 16384 + 8192 + 4096 + 2048 + 1024 + 512 + 256 + 128 + 64 + 32 + 16 + 8 + 4 + 2,
                Board.tileSet(full));
    }

    @Test
    void keepsTheMovesOfEveryRandomBoard() {
        Moves moves = Moves.of(Shape.S4x4);
        Rng rng = new Rng(2026);
        int translated = 0;
        for (int i = 0; i < 20_000; i++) {
            long b = 0;
            for (int cell = 0; cell < 16; cell++) {
                int code = rng.nextInt(4) == 0 ? 0 : 1 + rng.nextInt(15);
                b = Board.withCode(b, cell, code);
            }
            int threshold = 1 << (10 + rng.nextInt(6));
            long t = Downgrade.translate(b, threshold);
            if (t != b) {
                translated++;
                assertTrue(Board.tileSet(t) < threshold || Downgrade.halveAboveHole(t) == t);
            }
            // Two 32768 tiles never merge on a board of nibbles; halved, they would: the one case the
            // translation changes a move (towards the real game's, where they make 65536).
            if (countCode(b, 15) > 1 && t != b) {
                continue;
            }
            for (int d = 0; d < 4; d++) {
                assertEquals(moves.isLegal(b, d), moves.isLegal(t, d), "legality of " + d);
                long mb = moves.move(b, d);
                long mt = moves.move(t, d);
                for (int cell = 0; cell < 16; cell++) {
                    assertEquals(Board.code(mb, cell) == 0, Board.code(mt, cell) == 0, "occupancy after move " + d);
                }
            }
            // Order is kept: a strictly increasing map of the codes present.
            for (int x = 0; x < 16; x++) {
                for (int y = 0; y < 16; y++) {
                    int bx = Board.code(b, x);
                    int by = Board.code(b, y);
                    assertEquals(Integer.compare(bx, by), Integer.compare(Board.code(t, x), Board.code(t, y)));
                }
            }
        }
        assertTrue(translated > 5_000, "many boards were translated: " + translated);
    }

    private static int countCode(long b, int code) {
        int n = 0;
        for (int cell = 0; cell < 16; cell++) {
            n += Board.code(b, cell) == code ? 1 : 0;
        }
        return n;
    }
}
