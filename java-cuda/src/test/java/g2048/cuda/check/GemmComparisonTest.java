package g2048.cuda.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import g2048.game.Rng;
import g2048.nn.Architectures;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The shapes and the reference of the GEMM comparison, which itself needs a GPU. */
class GemmComparisonTest {

    @Test
    void theShapesAreCnn22sForwardGemmsAsTheyAreLaunched() {
        for (int batch : new int[] {64, 1024}) {
            List<GemmComparison.Shape> shapes = GemmComparison.forwardShapes(Architectures.named("CNN22"), batch);
            // conv 2×2 16→256 on 3×3 output cells, conv 2×2 256→512 on 2×2, fc 2048→1024, fc 1024→256.
            int[][] expected = {{9 * batch, 256, 4 * 16}, {4 * batch, 512, 4 * 256}, {batch, 1024, 2048}, {batch, 256, 1024}};
            assertEquals(expected.length, shapes.size(), shapes.toString());
            for (int i = 0; i < expected.length; i++) {
                GemmComparison.Shape s = shapes.get(i);
                assertEquals(List.of(expected[i][0], expected[i][1], expected[i][2]), List.of(s.m(), s.n(), s.k()), s.toString());
                assertEquals(batch, s.batch());
            }
        }
    }

    @Test
    void theSampledReferenceIsTheProductOnThoseRows() {
        GemmComparison.Shape s = new GemmComparison.Shape("test", 3, 300, 7, 5);
        Rng rng = new Rng(3);
        float[] in = CudaConformance.gaussian(rng, s.m() * s.k(), 1);
        float[] w = CudaConformance.gaussian(rng, s.k() * s.n(), 1);
        float[] sampled = GemmComparison.sampledProduct(in, w, s);
        assertEquals(128 * s.n(), sampled.length);
        for (int r = 0; r < 128; r++) {
            int row = r * s.m() / 128;
            for (int n = 0; n < s.n(); n++) {
                float expected = 0;
                for (int k = 0; k < s.k(); k++) {
                    expected += in[row * s.k() + k] * w[k * s.n() + n];
                }
                assertEquals(expected, sampled[r * s.n() + n], 1e-4, "row " + row + " column " + n);
            }
        }
    }
}
