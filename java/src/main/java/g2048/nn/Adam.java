package g2048.nn;

/**
 * Adam as TensorFlow implements it (Matsuzaki 2021 used its defaults: α = 0.001, β1 = 0.9,
 * β2 = 0.999, ε = 1e-7). Step t (counting from 1):
 * <pre>
 *   m ← β1·m + (1 − β1)·g
 *   v ← β2·v + (1 − β2)·g²
 *   w ← w − α_t · m / (√v + ε),   α_t = α · √(1 − β2^t) / (1 − β1^t)
 * </pre>
 * The moments are flat arrays in the parameters' layout (they are saved with a network).
 */
public final class Adam {

    public static final double ALPHA = 0.001;
    public static final double BETA1 = 0.9;
    public static final double BETA2 = 0.999;
    public static final double EPSILON = 1e-7;

    private double alpha;
    private final double beta1;
    private final double beta2;
    private final double epsilon;
    private final float[] m;
    private final float[] v;
    private long step;

    public Adam(int paramCount) {
        this(paramCount, ALPHA, BETA1, BETA2, EPSILON);
    }

    public Adam(int paramCount, double alpha, double beta1, double beta2, double epsilon) {
        this(new float[paramCount], new float[paramCount], 0, alpha, beta1, beta2, epsilon);
    }

    /** Resumes from saved moments after {@code step} steps. */
    public Adam(float[] m, float[] v, long step, double alpha, double beta1, double beta2, double epsilon) {
        if (m.length != v.length) {
            throw new IllegalArgumentException("Adam moments differ in length: " + m.length + " and " + v.length);
        }
        if (step < 0) {
            throw new IllegalArgumentException("Adam step count " + step + " is negative");
        }
        this.m = m;
        this.v = v;
        this.step = step;
        this.alpha = alpha;
        this.beta1 = beta1;
        this.beta2 = beta2;
        this.epsilon = epsilon;
    }

    /** One step on {@code w} with gradient {@code g}. */
    public void step(float[] w, float[] g) {
        if (w.length != m.length || g.length != m.length) {
            throw new IllegalArgumentException("Adam over " + m.length + " parameters got " + w.length + " and " + g.length);
        }
        step++;
        float lr = (float) (alpha * Math.sqrt(1 - Math.pow(beta2, step)) / (1 - Math.pow(beta1, step)));
        float b1 = (float) beta1;
        float b2 = (float) beta2;
        float c1 = (float) (1 - beta1);
        float c2 = (float) (1 - beta2);
        float eps = (float) epsilon;
        for (int i = 0; i < w.length; i++) {
            float gi = g[i];
            float mi = b1 * m[i] + c1 * gi;
            float vi = b2 * v[i] + c2 * gi * gi;
            m[i] = mi;
            v[i] = vi;
            w[i] -= lr * mi / ((float) Math.sqrt(vi) + eps);
        }
    }

    /** The learning rate α (before the bias correction). */
    public double alpha() {
        return alpha;
    }

    /** The rate α of the following steps (a schedule sets it between steps). */
    public void setAlpha(double alpha) {
        if (!(alpha > 0)) {
            throw new IllegalArgumentException("Adam's rate must be positive, got " + alpha);
        }
        this.alpha = alpha;
    }

    public double beta1() {
        return beta1;
    }

    public double beta2() {
        return beta2;
    }

    public double epsilon() {
        return epsilon;
    }

    /** Steps taken so far. */
    public long steps() {
        return step;
    }

    /** The first moments (live, in the parameters' layout). */
    public float[] firstMoments() {
        return m;
    }

    /** The second moments (live, in the parameters' layout). */
    public float[] secondMoments() {
        return v;
    }
}
