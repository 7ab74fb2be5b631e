package g2048.policy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Rng;
import g2048.nn.Adam;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Choosing where policy training runs, and the CPU device's steps against PolicyGradient and Adam. */
class PolicyDevicesTest {

    /** A device that cannot run here, or can (its optimiser is never opened). */
    private record Fake(String name, int autoPreference, String unavailableReason) implements PolicyDevice {
        @Override
        public String describe() {
            return name + " device";
        }

        @Override
        public PolicyOptimiser open(PolicySpec spec, float[] weights, Adam adam, int batch, int threads) {
            throw new UnsupportedOperationException();
        }
    }

    private static String notes(PolicyDevices d, String name, PolicyDevice[] chosen) {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        chosen[0] = d.choose(name, new PrintStream(buf, true, StandardCharsets.UTF_8));
        return buf.toString(StandardCharsets.UTF_8);
    }

    @Test
    void autoTakesThePreferredDeviceThatCanRunAndSaysWhy() {
        PolicyDevice cpu = new CpuPolicyDevice();
        PolicyDevice gpu = new Fake("cuda", 10, "CUDA unavailable: no driver");
        PolicyDevices d = new PolicyDevices(List.of(gpu, cpu));
        assertEquals(List.of("auto", "cpu", "cuda"), d.names());
        PolicyDevice[] chosen = new PolicyDevice[1];
        assertEquals("cpu, " + GemmKernel.best().describe(), cpu.describe(), "the CPU names its convolution kernel");
        assertEquals("device: " + cpu.describe() + " (auto; cuda: CUDA unavailable: no driver)", notes(d, "auto", chosen).strip());
        assertSame(cpu, chosen[0]);
        assertEquals("", notes(d, "CPU", chosen), "a device asked for by name is not announced");
        assertSame(cpu, chosen[0]);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> d.choose("cuda", System.err));
        assertEquals("device cuda: CUDA unavailable: no driver", refused.getMessage());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> d.choose("tpu", System.err));
        assertEquals("device tpu: expected auto, cpu or cuda", unknown.getMessage());

        PolicyDevice ready = new Fake("cuda", 10, null);
        PolicyDevices withGpu = new PolicyDevices(List.of(cpu, ready));
        assertEquals("device: cuda device (auto)", notes(withGpu, "auto", chosen).strip());
        assertSame(ready, chosen[0]);
    }

    @Test
    void theRegistryNeedsTheCpuAndDistinctNames() {
        assertThrows(IllegalStateException.class, () -> new PolicyDevices(List.of(new Fake("cuda", 1, null))));
        assertThrows(IllegalStateException.class,
                () -> new PolicyDevices(List.of(new CpuPolicyDevice(), new Fake("cuda", 1, null), new Fake("cuda", 2, null))));
        assertInstanceOf(CpuPolicyDevice.class, PolicyDevices.installed().choose("cpu", System.err));
    }

    @Test
    void theCpuDeviceStepsAsPolicyGradientAndAdamDo() {
        PolicySpec spec = new PolicySpec("T", 2, 5);
        PolicyNetwork net = new PolicyNetwork(spec);
        float[] w0 = net.initialWeights(3);
        Rng rng = new Rng(4);
        int n = 40;
        long[] boards = new long[n];
        int[] legal = new int[n];
        float[] targets = new float[4 * n];
        for (int s = 0; s < n; s++) {
            boards[s] = rng.nextLong();
            legal[s] = 0b1010;
            targets[4 * s + 1 + 2 * rng.nextInt(2)] = 1f;
        }
        float[] w = w0.clone();
        Adam adam = new Adam(w.length);
        double loss;
        try (PolicyOptimiser o = new CpuPolicyDevice().open(spec, w, adam, n, 2)) {
            loss = o.step(boards, legal, targets, n);
            assertSame(adam, o.adam());
        }
        float[] want = w0.clone();
        float[] grad = new float[w0.length];
        Adam ref = new Adam(w0.length);
        double refLoss;
        try (PolicyGradient pg = new PolicyGradient(net, 2, 32)) {
            refLoss = pg.compute(new PackedWeights(spec, want), boards, legal, targets, 0, n, grad);
        }
        ref.step(want, grad);
        assertEquals(refLoss, loss);
        assertArrayEquals(want, w);
        assertTrue(loss > 0);
        assertEquals(1, adam.steps());
    }
}
