package g2048.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.eval.Evaluator;
import g2048.game.Shape;
import g2048.nn.Architectures;
import g2048.nn.Initializer;
import g2048.nn.Network;
import g2048.nn.NetworkEvaluator;
import org.junit.jupiter.api.Test;

/** The start-up comparison a GPU evaluator passes, judged here with CPU evaluators standing in for it. */
class SelfCheckTest {

    private static Evaluator scaled(Evaluator e, double factor) {
        return new Evaluator() {
            @Override
            public Shape shape() {
                return e.shape();
            }

            @Override
            public double value(long afterstate) {
                return factor * e.value(afterstate);
            }

            @Override
            public String describe() {
                return "scaled " + e.describe();
            }
        };
    }

    @Test
    void anEqualEvaluatorPassesAndADifferentOneFails() {
        Network net = new Network(Architectures.cnn22("t", 4, 6, 8, 5));
        float[] w = Initializer.truncatedNormal(net, 3);
        NetworkEvaluator cpu = new NetworkEvaluator(net, w, "t");
        SelfCheck.Result same = SelfCheck.compare(new NetworkEvaluator(net, w.clone(), "t"), cpu, 7, 64);
        assertEquals(0.0, same.error());
        assertTrue(same.passed());
        assertTrue(same.line().startsWith("checked against the CPU reference on 64 boards"), same.line());

        SelfCheck.Result close = SelfCheck.compare(scaled(cpu, 1 + 2e-5), cpu, 7, 64);
        assertTrue(close.passed(), close.line());
        SelfCheck.Result off = SelfCheck.compare(scaled(cpu, 1.001), cpu, 7, 64);
        assertFalse(off.passed());
        assertEquals(1e-3, off.error(), 1e-5);
        assertTrue(off.line().startsWith("FAILED against the CPU reference"), off.line());
        assertFalse(off.line().contains("\n"));
        // TF32 products are held to their own tolerance, which the line names.
        SelfCheck.Result tf32 = SelfCheck.compare(scaled(cpu, 1.001), cpu, 7, 64, GemmMode.CUBLAS_TF32.tolerance());
        assertTrue(tf32.passed(), tf32.line());
        assertTrue(tf32.line().endsWith("(tolerance 1e-02)"), tf32.line());
        assertFalse(SelfCheck.compare(scaled(cpu, 1.02), cpu, 7, 64, GemmMode.TF32_TOLERANCE).passed());
    }

    /** A GPU evaluator can be right on a large batch and wrong on few boards (another kernel, a replayed recording). */
    @Test
    void anEvaluatorWrongOnlyOnSmallBatchesFails() {
        Network net = new Network(Architectures.cnn22("t", 4, 6, 8, 5));
        float[] w = Initializer.truncatedNormal(net, 3);
        NetworkEvaluator cpu = new NetworkEvaluator(net, w, "t");
        Evaluator wrongWhenSmall = new Evaluator() {
            @Override
            public Shape shape() {
                return cpu.shape();
            }

            @Override
            public double value(long afterstate) {
                return cpu.value(afterstate);
            }

            @Override
            public void values(long[] afterstates, int count, double[] out) {
                cpu.values(afterstates, count, out);
                if (count <= SelfCheck.SMALL_BATCH) {
                    out[count - 1] *= 1.01;
                }
            }

            @Override
            public String describe() {
                return "wrong when small";
            }
        };
        SelfCheck.Result r = SelfCheck.compare(wrongWhenSmall, cpu, 7, 64);
        assertFalse(r.passed(), r.line());
        assertTrue(r.error() > 1e-3, r.line());
    }
}
