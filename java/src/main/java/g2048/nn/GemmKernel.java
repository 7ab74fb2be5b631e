package g2048.nn;

/**
 * Which code runs a network's layers on the CPU: {@link #SPARSE}, the sparse rows
 * ({@link SparseRows}: zeros skipped, what the value networks run on), or a policy network's dense
 * products tap by tap ({@link TapProducts}) on {@link #SCALAR} ({@link ScalarGemm}: plain loops the
 * JIT vectorises, zero inputs skipped) or {@link #VECTOR} ({@link VectorGemm}: register-blocked on
 * the incubating Vector API, dense; the faster one on training batches). The vector kernel needs {@code --add-modules jdk.incubator.vector} on the
 * JVM's command line; {@link #best()} takes it when the module is there and the scalar one
 * otherwise, and {@link #describe()} says which one a run got and how to get the other. Those two
 * give the same bits (the same fused multiply-adds in the same order); the sparse rows round
 * differently.
 */
public enum GemmKernel {
    SPARSE,
    SCALAR,
    VECTOR;

    /** The system property that forces the scalar kernel even where the vector one could run. */
    public static final String SCALAR_PROPERTY = "g2048.gemm.scalar";

    private static final String MODULE = "jdk.incubator.vector";

    /** Whether {@link #VECTOR} can run in this JVM. */
    public static boolean vectorAvailable() {
        return ModuleLayer.boot().findModule(MODULE).isPresent();
    }

    /** A policy network's kernel: {@link #VECTOR} where it can run, unless {@value #SCALAR_PROPERTY} is set; else {@link #SCALAR}. */
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
        if (this == SPARSE) {
            return "sparse rows";
        }
        return vectorAvailable() ? "scalar kernel: -D" + SCALAR_PROPERTY
                : "scalar kernel; the JVM option --add-modules " + MODULE + " gives the faster vector kernel";
    }
}
