package g2048.cuda;

import java.util.Locale;

/**
 * Which code computes the layers' matrix products on the GPU ({@code --gemm}): the hand-written
 * kernels of cuda/gemm.cu, which read each layer's windows in place, or cuBLAS's SGEMM over
 * explicit columns (gathered by {@code gather_columns}), in fp32 or with TF32 tensor cores. Groups
 * whose operands are not plain matrices (CNN12's interleaved 1×2 windows) use the kernels in
 * every mode.
 */
public enum GemmMode {
    KERNELS("kernels"),
    CUBLAS("cublas"),
    /** cuBLAS with inputs rounded to TF32 (10-bit mantissa): its error is measured by {@code GpuCheck}. */
    CUBLAS_TF32("tf32");

    private final String label;

    GemmMode(String label) {
        this.label = label;
    }

    /** The name {@code --gemm} takes. */
    public String label() {
        return label;
    }

    /** Parses {@code kernels}, {@code cublas} or {@code tf32}; anything else is bad input naming the option. */
    public static GemmMode parse(String text) {
        for (GemmMode m : values()) {
            if (m.label.equals(text.toLowerCase(Locale.ROOT))) {
                return m;
            }
        }
        throw new IllegalArgumentException("--gemm " + text + ": expected kernels, cublas or tf32");
    }
}
