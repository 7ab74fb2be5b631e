package g2048.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Rng;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Launch geometry without a GPU: the constants agree with cuda/common.cuh, and every grid covers its work. */
class GeometryTest {

    static Path repo() {
        Path here = Path.of("").toAbsolutePath();
        return Files.isDirectory(here.resolve("cuda")) ? here : here.getParent();
    }

    @Test
    void constantsMatchTheKernelHeader() throws IOException {
        String header = Files.readString(repo().resolve("cuda/common.cuh"));
        Map<String, Integer> defined = new HashMap<>();
        Matcher m = Pattern.compile("(?m)^#define (G2_[A-Z0-9_]+) (\\d+)").matcher(header);
        while (m.find()) {
            defined.put(m.group(1), Integer.parseInt(m.group(2)));
        }
        Map<String, Integer> java = Map.ofEntries(
                Map.entry("G2_BLOCK_1D", Geometry.BLOCK_1D),
                Map.entry("G2_BLOCK_MSE", Geometry.BLOCK_MSE),
                Map.entry("G2_BIAS_COLS", Geometry.BIAS_COLS),
                Map.entry("G2_BIAS_ROWS", Geometry.BIAS_ROWS),
                Map.entry("G2_GEMM_THREADS", Geometry.GEMM_THREADS),
                Map.entry("G2_GEMM_BK", Geometry.GEMM_BK),
                Map.entry("G2_GEMM_LARGE_BM", Geometry.GEMM_LARGE_BM),
                Map.entry("G2_GEMM_LARGE_BN", Geometry.GEMM_LARGE_BN),
                Map.entry("G2_GEMM_SMALL_BM", Geometry.GEMM_SMALL_BM),
                Map.entry("G2_GEMM_SMALL_BN", Geometry.GEMM_SMALL_BN),
                Map.entry("G2_SKINNY_ROWS", Geometry.SKINNY_ROWS),
                Map.entry("G2_SKINNY_COLS", Geometry.SKINNY_COLS));
        assertEquals(java.keySet(), defined.keySet(), "the constants of common.cuh and Geometry");
        java.forEach((name, value) -> assertEquals(defined.get(name), value, name));
    }

    @Test
    void elementwiseGridsCoverTheirElements() {
        for (long count : new long[] {0, 1, 255, 256, 257, 1_000_000, 3_000_000_000L}) {
            for (int sms : new int[] {1, 132}) {
                Geometry.Grid g = Geometry.elementwise(count, sms);
                assertTrue(g.gx() >= 1 && g.gx() <= sms * 16, "blocks " + g);
                assertEquals(Geometry.BLOCK_1D, g.bx());
                // A grid-stride loop covers any count; without striding the grid must not exceed the work.
                assertTrue(g.threads() <= Math.max(count, 1) + Geometry.BLOCK_1D - 1, count + ": " + g);
            }
        }
        assertThrows(IllegalArgumentException.class, () -> Geometry.elementwise(-1, 4));
    }

    @Test
    void gemmTilesCoverEveryResultAndSplitsCoverTheReduction() {
        Rng rng = new Rng(11);
        for (int i = 0; i < 2000; i++) {
            int rows = 1 + rng.nextInt(20_000);
            int cols = 1 + rng.nextInt(3000);
            int red = 1 + rng.nextInt(50_000);
            int sms = 1 + rng.nextInt(200);
            boolean split = rng.nextInt(2) == 0;
            Geometry.Gemm g = Geometry.gemm(rows, cols, red, split, sms);
            Geometry.Grid grid = g.grid();
            assertTrue((long) grid.gx() * g.tile().bn >= cols && (long) (grid.gx() - 1) * g.tile().bn < cols, "columns " + g);
            assertTrue((long) grid.gy() * g.tile().bm >= rows && (long) (grid.gy() - 1) * g.tile().bm < rows, "rows " + g);
            assertEquals(Geometry.GEMM_THREADS, grid.bx());
            if (!split) {
                assertEquals(1, grid.gz());
                assertEquals(red, g.chunk());
            } else {
                assertEquals(0, g.chunk() % Geometry.GEMM_BK, "chunks start on k-tile boundaries: " + g);
                assertTrue((long) grid.gz() * g.chunk() >= red && (long) (grid.gz() - 1) * g.chunk() < red, "reduction " + red + ": " + g);
            }
        }
    }

    @Test
    void skinnyGridsCoverEveryResultAndTheirSplitsStayInsideTheScratch() {
        Rng rng = new Rng(12);
        int split = 0;
        for (int i = 0; i < 20_000; i++) {
            int rows = 1 + (i % 3 == 0 ? rng.nextInt(20_000) : rng.nextInt(300));
            int cols = 1 + rng.nextInt(i % 2 == 0 ? 64 : 3000);
            int red = 1 + rng.nextInt(i % 5 == 0 ? 50_000 : 4096);
            int sms = 1 + rng.nextInt(200);
            Geometry.Gemm g = Geometry.skinny(rows, cols, red, sms);
            Geometry.Grid grid = g.grid();
            assertEquals(Geometry.Tile.SKINNY, g.tile());
            assertTrue((long) grid.gx() * Geometry.SKINNY_COLS >= cols && (long) (grid.gx() - 1) * Geometry.SKINNY_COLS < cols, "columns " + g);
            assertTrue((long) grid.gy() * Geometry.SKINNY_ROWS >= rows && (long) (grid.gy() - 1) * Geometry.SKINNY_ROWS < rows, "rows " + g);
            assertEquals(0, g.chunk() % Geometry.SKINNY_SLICES, "chunks are whole rounds of the slices: " + g);
            assertTrue((long) grid.gz() * g.chunk() >= red && (long) (grid.gz() - 1) * g.chunk() < red, "reduction " + red + ": " + g);
            if (grid.gz() > 1) {
                split++;
                assertTrue((long) grid.gz() * rows * cols <= Geometry.skinnyPartialFloats(sms), "partial sums of " + g);
                assertTrue((long) grid.gx() * grid.gy() <= Geometry.skinnyCounters(sms), "counters of " + g);
                assertTrue(g.chunk() >= 4 * Geometry.SKINNY_SLICES, "every slice keeps several terms: " + g);
            }
        }
        assertTrue(split > 1000, "split grids exercised: " + split);
    }

    @Test
    void theForwardIsSkinnyForFewRowsAndFillsTheDevice() {
        // CNN22 at one move's four afterstates: fc 2048 -> 1024 has M = 4.
        Geometry.Gemm fc = Geometry.forward(4, 1024, 2048, 132);
        assertEquals(Geometry.Tile.SKINNY, fc.tile());
        long blocks = (long) fc.grid().gx() * fc.grid().gy() * fc.grid().gz();
        assertTrue(blocks >= 132, "blocks " + blocks + " for " + fc);
        assertEquals(Geometry.Tile.SKINNY, Geometry.forward(Geometry.SKINNY_MAX_ROWS, 256, 64, 132).tile());
        assertEquals(Geometry.Tile.SMALL, Geometry.forward(Geometry.SKINNY_MAX_ROWS + 1, 256, 64, 132).tile());
        assertEquals(1, Geometry.forward(4096, 256, 1024, 132).grid().gz(), "a tiled forward is never split");
        try {
            Geometry.forcedTile = Geometry.Tile.SKINNY;
            assertEquals(Geometry.Tile.SKINNY, Geometry.forward(9216, 256, 64, 132).tile());
            assertEquals(Geometry.Tile.SMALL, Geometry.gemm(1024, 256, 2048, false, 132).tile(), "forcing skinny leaves the gradients alone");
            Geometry.forcedTile = Geometry.Tile.LARGE;
            assertEquals(Geometry.Tile.LARGE, Geometry.forward(4, 1024, 2048, 132).tile());
        } finally {
            Geometry.forcedTile = null;
        }
    }

    @Test
    void largeTileOnlyWhenItFillsTheDevice() {
        assertEquals(Geometry.Tile.LARGE, Geometry.gemm(128 * 132, 128, 64, false, 132).tile());
        assertEquals(Geometry.Tile.SMALL, Geometry.gemm(1024, 256, 2048, false, 132).tile());
    }

    @Test
    void splitWeightGradientFillsTheDevice() {
        // CNN22's first layer at batch 1,024: dW is 64 x 256 (2 large tiles) summed over 9,216 rows.
        Geometry.Gemm g = Geometry.gemm(64, 256, 9216, true, 132);
        long blocks = (long) g.grid().gx() * g.grid().gy() * g.grid().gz();
        assertTrue(blocks >= 132, "blocks " + blocks + " for " + g);
        assertTrue(g.chunk() >= 4 * Geometry.GEMM_BK, "every block keeps several k-tiles: " + g);
    }

    @Test
    void badShapesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> Geometry.gemm(0, 4, 4, false, 1));
        assertThrows(IllegalArgumentException.class, () -> Geometry.gemm(4, 4, 0, false, 1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Geometry.gemm(Integer.MAX_VALUE, 4, 4, false, 1));
        assertTrue(e.getMessage().contains("row tiles"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Geometry.skinny(0, 4, 4, 1));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Geometry.skinny(Integer.MAX_VALUE, 4, 4, 1)).getMessage()
                .contains("row blocks"));
        assertThrows(IllegalArgumentException.class, () -> Geometry.biasGradient(0, 3, 1));
        Geometry.Grid b = Geometry.biasGradient(9216, 256, 132);
        assertEquals(8, b.gx());
        assertTrue(b.gy() >= 1 && b.gy() <= 128);
    }
}
