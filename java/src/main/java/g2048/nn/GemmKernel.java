package g2048.nn;

/**
 * Which code runs the policy networks' layers: {@link #SCALAR} (the sparse rows the value networks
 * run on, {@link SparseRows}: loops the JIT vectorises, zeros skipped) or
 * {@link #VECTOR} (dense products tap by tap, {@link TapProducts} over {@link VectorGemm},
 * register-blocked on the incubating Vector API, about 2.5 times faster on AVX-512). The vector kernel needs
 * {@code --add-modules jdk.incubator.vector} on the JVM's command line; {@link #best()} takes it
 * when the module is there, and {@link #describe()} says which one a run got and how to get the
 * other. The two round differently (fused multiply-adds in another order), so a run keeps to one.
 */
public enum GemmKernel {
    SCALAR,
    VECTOR;

    /** The system property that forces the scalar kernel even where the vector one could run. */
    public static final String SCALAR_PROPERTY = "g2048.gemm.scalar";

    private static final String MODULE = "jdk.incubator.vector";

    /** Whether {@link #VECTOR} can run in this JVM. */
    public static boolean vectorAvailable() {
        return ModuleLayer.boot().findModule(MODULE).isPresent();
    }

    /** {@link #VECTOR} where it can run, unless {@value #SCALAR_PROPERTY} is set; else {@link #SCALAR}. */
    public static GemmKernel best() {
        return vectorAvailable() && !Boolean.getBoolean(SCALAR_PROPERTY) ? VECTOR : SCALAR;
    }

    /** {@link #VECTOR}, or an error naming the missing JVM option. */
    public static GemmKernel requireVector() {
        if (!vectorAvailable()) {
            throw new IllegalStateException("the vector kernel needs the JVM option --add-modules " + MODULE);
        }
        return VECTOR;
    }

    /** One line for a run's header: the kernel and, for the scalar one, why and how to get the other. */
    public String describe() {
        if (this == VECTOR) {
            return "vector kernel: " + MODULE + ", " + VectorGemm.lanes() + " float lanes";
        }
        return vectorAvailable() ? "scalar kernel: -D" + SCALAR_PROPERTY
                : "scalar kernel; the JVM option --add-modules " + MODULE + " gives the faster vector kernel";
    }
}
