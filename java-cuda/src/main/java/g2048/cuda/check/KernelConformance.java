package g2048.cuda.check;

import static g2048.cuda.SelfCheck.error;
import static g2048.cuda.SelfCheck.randomBoards;
import static g2048.cuda.check.CudaConformance.gaussian;

import g2048.cuda.CudaContext;
import g2048.cuda.DeviceBuffer;
import g2048.cuda.Kernels;
import g2048.cuda.check.CudaConformance.Outcome;
import g2048.game.Rng;
import g2048.nn.Adam;
import g2048.nn.Encoder;

/**
 * The kernels outside the layers judged by the CPU reference, each launched alone on fresh seeded
 * random inputs: the boards' encoding, the value head's loss gradient and Adam's step. The same in
 * every {@link g2048.cuda.GemmMode} (no product is involved); part of {@link CudaConformance#all}.
 */
public final class KernelConformance {

    private final CudaContext ctx;

    public KernelConformance(CudaContext ctx) {
        this.ctx = ctx;
    }

    // Kernel-level checks launch on the legacy default stream (a null stream).
    private Kernels kernels() {
        ctx.bind();
        return new Kernels(ctx);
    }

    /** encode_boards against {@link Encoder}, with and without position planes. */
    public Outcome encode(long seed, int n) {
        Rng rng = new Rng(seed);
        long[] boards = randomBoards(rng, n);
        int ch = 26;
        float[] cpu = new float[n * 16 * ch];
        float[] gpu = new float[n * 16 * ch];
        for (int s = 0; s < n; s++) {
            Encoder.values(boards[s], cpu, s * 16 * ch, ch, 1);
            Encoder.positions(cpu, s * 16 * ch, ch, 17);
        }
        try (DeviceBuffer b = new DeviceBuffer(ctx, 8L * n); DeviceBuffer d = DeviceBuffer.floats(ctx, cpu.length)) {
            Kernels k = kernels();
            b.upload(boards);
            d.upload(new float[cpu.length]);
            k.encodeBoards(null, n, b.ptr(), d.ptr(), ch, 1, 17);
            d.download(gpu);
        }
        return new Outcome("encode_boards values+positions n=" + n, error(gpu, cpu));
    }

    /** mse_grad against the CPU formula (gradient and SSE). */
    public Outcome mse(long seed, int n) {
        Rng rng = new Rng(seed);
        float[] out = gaussian(rng, n, 3);
        float[] t = gaussian(rng, n, 3);
        float scale = 2f / n;
        float[] cpu = new float[n + 1];
        double sse = 0;
        for (int s = 0; s < n; s++) {
            float err = out[s] - t[s];
            sse += (double) err * err;
            cpu[s] = scale * err;
        }
        cpu[n] = (float) sse;
        float[] gpu = new float[n + 1];
        try (DeviceBuffer o = DeviceBuffer.floats(ctx, n); DeviceBuffer tt = DeviceBuffer.floats(ctx, n);
                DeviceBuffer d = DeviceBuffer.floats(ctx, n); DeviceBuffer e = new DeviceBuffer(ctx, 8)) {
            Kernels k = kernels();
            o.upload(out);
            tt.upload(t);
            k.mseGradient(null, n, o.ptr(), tt.ptr(), scale, d.ptr(), e.ptr());
            float[] g = new float[n];
            d.download(g);
            System.arraycopy(g, 0, gpu, 0, n);
            double[] one = new double[1];
            e.download(one);
            gpu[n] = (float) one[0];
        }
        return new Outcome("mse_grad n=" + n, error(gpu, cpu));
    }

    /** adam_step against {@link Adam#step}, {@code steps} steps on random parameters and gradients. */
    public Outcome adam(long seed, int count, int steps) {
        Rng rng = new Rng(seed);
        float[] w = gaussian(rng, count, 0.1);
        float[] wGpu = w.clone();
        Adam cpu = new Adam(count);
        float[] m = new float[count];
        float[] v = new float[count];
        float[] gm = new float[count];
        float[] gv = new float[count];
        try (DeviceBuffer dw = DeviceBuffer.floats(ctx, count); DeviceBuffer dg = DeviceBuffer.floats(ctx, count);
                DeviceBuffer dm = DeviceBuffer.floats(ctx, count); DeviceBuffer dv = DeviceBuffer.floats(ctx, count)) {
            Kernels k = kernels();
            dw.upload(wGpu);
            dm.upload(m);
            dv.upload(v);
            for (int t = 1; t <= steps; t++) {
                float[] g = gaussian(rng, count, 0.01);
                cpu.step(w, g);
                dg.upload(g);
                float lr = (float) (Adam.ALPHA * Math.sqrt(1 - Math.pow(Adam.BETA2, t)) / (1 - Math.pow(Adam.BETA1, t)));
                k.adamStep(null, count, dw.ptr(), dg.ptr(), dm.ptr(), dv.ptr(), lr, (float) Adam.BETA1, (float) Adam.BETA2,
                        (float) (1 - Adam.BETA1), (float) (1 - Adam.BETA2), (float) Adam.EPSILON);
            }
            dw.download(wGpu);
            dm.download(gm);
            dv.download(gv);
        }
        double e = Math.max(error(wGpu, w), Math.max(error(gm, cpu.firstMoments()), error(gv, cpu.secondMoments())));
        return new Outcome("adam_step " + steps + " steps, " + count + " params (w, m, v)", e);
    }
}
