package g2048.cuda;

import g2048.nn.Adam;
import jcuda.driver.CUstream;

/**
 * Adam's state on the device for one trainer: the two moment buffers, the step count and the
 * hyper-parameters. A step launches {@code adam_step} with the bias-corrected rate
 * α·√(1−β2^t)/(1−β1^t) computed on the host exactly as {@link Adam} computes it, so the value and
 * the policy trainers take the CPU's steps.
 */
final class DeviceAdam implements AutoCloseable {

    private final CudaContext ctx;
    private final Kernels kernels;
    private final int count;
    private final DeviceBuffer m;
    private final DeviceBuffer v;
    private double alpha;
    private final double beta1;
    private final double beta2;
    private final double epsilon;
    private long steps;

    /** Uploads {@code adam}'s moments and step count for {@code count} parameters; the steps use the given hyper-parameters. */
    DeviceAdam(CudaContext ctx, Adam adam, int count, double alpha, double beta1, double beta2, double epsilon) {
        this.ctx = ctx;
        this.count = count;
        this.alpha = alpha;
        this.beta1 = beta1;
        this.beta2 = beta2;
        this.epsilon = epsilon;
        this.steps = adam.steps();
        DeviceBuffer mm = null;
        DeviceBuffer vv = null;
        try {
            mm = DeviceBuffer.floats(ctx, count);
            vv = DeviceBuffer.floats(ctx, count);
            mm.upload(adam.firstMoments());
            vv.upload(adam.secondMoments());
        } catch (RuntimeException e) {
            throw PassResources.closeAfter(e, vv, mm);
        }
        this.m = mm;
        this.v = vv;
        this.kernels = new Kernels(ctx);
    }

    long steps() {
        return steps;
    }

    /** The rate α of the following steps, as {@link Adam#setAlpha}. */
    void setAlpha(double alpha) {
        if (!(alpha > 0)) {
            throw new IllegalArgumentException("Adam's rate must be positive, got " + alpha);
        }
        this.alpha = alpha;
    }

    /** One step of {@code params} over {@code grad} (queued on {@code stream}). */
    void step(CUstream stream, DeviceBuffer params, DeviceBuffer grad) {
        steps++;
        float lr = (float) (alpha * Math.sqrt(1 - Math.pow(beta2, steps)) / (1 - Math.pow(beta1, steps)));
        ctx.bind();
        kernels.adamStep(stream, count, params.ptr(), grad.ptr(), m.ptr(), v.ptr(), lr, (float) beta1, (float) beta2,
                (float) (1 - beta1), (float) (1 - beta2), (float) epsilon);
    }

    /** Copies the moments into {@code m1} and {@code m2} (waits for the device). */
    void download(float[] m1, float[] m2) {
        m.download(m1);
        v.download(m2);
    }

    /** The state as an {@link Adam}: fresh arrays, this step count and these hyper-parameters (waits for the device). */
    Adam toAdam() {
        float[] m1 = new float[count];
        float[] m2 = new float[count];
        download(m1, m2);
        return new Adam(m1, m2, steps, alpha, beta1, beta2, epsilon);
    }

    @Override
    public void close() {
        try (m; v) {
            // closes v, then m
        }
    }
}
