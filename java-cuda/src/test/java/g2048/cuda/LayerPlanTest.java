package g2048.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.cuda.check.CudaConformance;
import g2048.cuda.check.LayerReference;
import g2048.cuda.check.ProductRounding;
import g2048.cuda.check.ReferenceChain;
import g2048.game.Rng;
import g2048.nn.Architectures;
import g2048.nn.Initializer;
import g2048.nn.Layer;
import g2048.nn.NetSpec;
import g2048.nn.Network;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The GEMM tables of every layer kind, checked without a GPU: the kernels' arithmetic emulated
 * from the tables ({@link PlanEmulator}) must reproduce the CPU layers' forward and backward.
 */
class LayerPlanTest {

    @TestFactory
    List<DynamicTest> emulatedKernelsMatchTheCpuLayers() {
        List<DynamicTest> tests = new ArrayList<>();
        for (NetSpec spec : CudaConformance.smallArchitectures()) {
            tests.add(DynamicTest.dynamicTest(spec.name(), () -> checkNetwork(spec, spec.name().hashCode())));
        }
        return tests;
    }

    private static void checkNetwork(NetSpec spec, long seed) {
        Network net = new Network(spec);
        float[] w = Initializer.truncatedNormal(net, seed);
        Rng rng = new Rng(seed);
        int n = 5;
        for (Layer layer : net.layers()) {
            LayerPlan plan = LayerPlan.of(layer);
            float[] in = CudaConformance.sparse(rng, n * layer.inSize());
            float[] cpuOut = new float[n * layer.outSize()];
            float[] gpuOut = new float[n * layer.outSize()];
            LayerReference.forward(layer, w, in, cpuOut, n);
            PlanEmulator.forward(plan, w, in, gpuOut, n);
            String what = spec.name() + " " + layer;
            assertClose(cpuOut, gpuOut, what + " forward");

            float[] dOut = CudaConformance.gaussian(rng, n * layer.outSize(), 1);
            float[] cpuDOut = dOut.clone();
            float[] cpuDIn = new float[n * layer.inSize()];
            float[] gpuDIn = new float[n * layer.inSize()];
            float[] cpuGrad = new float[w.length];
            float[] gpuGrad = new float[w.length];
            LayerReference.backward(layer, w, in, cpuOut, cpuDOut, cpuDIn, cpuGrad, n);
            PlanEmulator.backward(plan, w, in, gpuOut, dOut, gpuDIn, gpuGrad, n);
            assertClose(cpuDIn, gpuDIn, what + " input gradient");
            assertClose(cpuGrad, gpuGrad, what + " parameter gradient");
        }
    }

    /**
     * The single-layer judge is itself judged by the CPU network: chained over whole networks
     * (every input kind, the global embedding's hand-over included) it gives Network's values and
     * MSE gradient.
     */
    @TestFactory
    List<DynamicTest> layerReferenceChainedIsTheCpuNetwork() {
        List<DynamicTest> tests = new ArrayList<>();
        for (NetSpec spec : CudaConformance.smallArchitectures()) {
            tests.add(DynamicTest.dynamicTest(spec.name(), () -> {
                Network net = new Network(spec);
                float[] w = Initializer.truncatedNormal(net, 77);
                Rng rng = new Rng(78);
                int n = 6;
                long[] boards = SelfCheck.randomBoards(rng, n);
                float[] targets = CudaConformance.gaussian(rng, n, 1);
                ReferenceChain chain = ReferenceChain.forward(net, w, boards, ProductRounding.FP32);
                var ws = net.workspace(n, true);
                net.forward(w, ws, boards, n);
                assertClose(java.util.Arrays.copyOf(ws.outputs(), n), chain.values(), spec.name() + " values");
                float[] grad = new float[w.length];
                net.backward(w, ws, new g2048.nn.Optimiser.Values(boards, targets, 0), 0, n, 2f / n, grad);
                assertClose(grad, chain.gradient(w, targets, 2f / n), spec.name() + " gradient");
            }));
        }
        return tests;
    }

    private static void assertClose(float[] cpu, float[] emulated, String what) {
        double e = SelfCheck.error(emulated, cpu);
        assertTrue(e <= 1e-5, what + ": norm-wise relative error " + e);
    }

    @Test
    void groupsCoverEveryOutputCellOnceAndEveryWeightBlock() {
        for (NetSpec spec : CudaConformance.smallArchitectures()) {
            Network net = new Network(spec);
            for (Layer layer : net.layers()) {
                LayerPlan plan = LayerPlan.of(layer);
                Set<Integer> cells = new HashSet<>();
                int rows = 0;
                for (LayerPlan.Group g : plan.groups()) {
                    for (int o : g.outCells()) {
                        assertTrue(cells.add(o), layer + ": output cell " + o + " in two groups");
                    }
                    rows += g.cells() * g.taps();
                    assertEquals(layer.offset(), Math.min(layer.offset(), g.weightOffset()));
                    assertTrue(g.biasOffset() + plan.cout() <= layer.offset() + layer.weightCount(), layer + ": bias outside the layer");
                }
                assertEquals(layer.outMaps().cells(), cells.size(), layer + ": output cells covered");
                assertEquals(plan.contributions(), rows, layer + ": contributions covered");
            }
        }
    }

    @Test
    void layerKindsGiveTheExpectedGroups() {
        Network cnn22 = new Network(Architectures.cnn22("t", 4, 6, 8, 5));
        List<Layer> l = cnn22.layers();
        LayerPlan conv = LayerPlan.of(l.get(0));
        assertEquals(1, conv.groups().size(), "a convolution is one GEMM");
        assertEquals(9, conv.groups().get(0).cells());
        assertEquals(4, conv.groups().get(0).taps());
        assertFalse(conv.directInputGradient());
        LayerPlan dense = LayerPlan.of(l.get(2));
        assertEquals(1, dense.groups().size());
        assertEquals(1, dense.groups().get(0).cells());
        assertNull(dense.groups().get(0).kOff(), "a fully connected layer reads its input as it lies");
        assertTrue(dense.directInputGradient());

        Network cnn12 = new Network(Architectures.cnn12("t", 3, 4));
        // Third dual 1x2 layer: 4 input maps, each with a horizontal and a vertical group.
        LayerPlan dual = LayerPlan.of(cnn12.layers().get(2));
        assertEquals(8, dual.groups().size());
        // Each weight set serves exactly two groups (horizontal and vertical windows).
        Set<Integer> sets = new HashSet<>();
        for (LayerPlan.Group g : dual.groups()) {
            sets.add(g.weightOffset());
        }
        assertEquals(4, sets.size());
    }

    /** Which operands a library GEMM can take as plain matrices, and with which row strides. */
    @Test
    void stridesSayWhichGroupsALibraryGemmCanTake() {
        Network cnn22 = new Network(Architectures.cnn22("t", 4, 6, 8, 5));
        List<Layer> l = cnn22.layers();
        LayerPlan conv = LayerPlan.of(l.get(1));
        LayerPlan.Strides c = conv.strides(conv.groups().get(0));
        // 3x3x4 -> 2x2x6: the windows overlap, so the input is gathered into 4 rows of K = 4 taps x 4 channels a sample.
        assertEquals(new LayerPlan.Strides(-1, 16, -1, 6), c);
        assertTrue(c.product());
        assertTrue(c.dataGradient(false));
        LayerPlan dense = LayerPlan.of(l.get(2));
        LayerPlan.Strides d = dense.strides(dense.groups().get(0));
        // 2x2x6 -> 8: read in place, one row of 24 a sample, and the data gradient straight into the input gradient.
        assertEquals(new LayerPlan.Strides(24, 24, 24, 8), d);
        assertTrue(d.dataGradient(true));

        // CNN12's dual 1x2 groups interleave their output cells with the other direction's: not a plain matrix.
        LayerPlan dual = LayerPlan.of(new Network(Architectures.cnn12("t", 3, 4)).layers().get(2));
        for (LayerPlan.Group g : dual.groups()) {
            assertFalse(dual.strides(g).product(), "group at " + g.outCellOff()[0] + " is not plain");
        }

        assertEquals(7, LayerPlan.leadingDimension(1, 7, new int[] {0}, 5), "one cell: the sample stride");
        assertEquals(-1, LayerPlan.leadingDimension(1, 7, new int[] {2}, 5), "one cell away from the start");
        assertEquals(-1, LayerPlan.leadingDimension(1, 4, new int[] {0}, 5), "rows narrower than their width");
        assertEquals(5, LayerPlan.leadingDimension(3, 15, new int[] {0, 5, 10}, 5), "cells back to back filling the sample");
        assertEquals(-1, LayerPlan.leadingDimension(3, 16, new int[] {0, 5, 10}, 5), "a gap after the last cell");
        assertEquals(-1, LayerPlan.leadingDimension(3, 15, new int[] {0, 10, 5}, 5), "cells out of order");
    }
}
