package g2048.cuda;

import g2048.settings.BadSetting;

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
    /** cuBLAS with inputs rounded to TF32 (10-bit mantissa): its error is measured by {@code g2048 gpu-check}. */
    CUBLAS_TF32("tf32");

    /**
     * The largest norm-wise relative error accepted in a GPU's values against the CPU reference
     * when its products are fp32 (the kernels' or cuBLAS's): what the self-check before play and
     * the conformance checks hold values to.
     */
    public static final double FP32_TOLERANCE = 1e-4;

    /**
     * The same with TF32 products. Set from TF32's error computed on the CPU for the GPU check's
     * own cases (Tf32ErrorTest: every product's operands rounded to 10 mantissa bits, as the tensor
     * cores read them): at most half of this; cuda/README.md quotes the figures.
     */
    public static final double TF32_TOLERANCE = 1e-2;

    private final String label;

    GemmMode(String label) {
        this.label = label;
    }

    /** The norm-wise relative error accepted in values whose products are by this mode. */
    public double tolerance() {
        return this == CUBLAS_TF32 ? TF32_TOLERANCE : FP32_TOLERANCE;
    }

    /** The field of the backends' settings that names the mode ({@code --gemm} on the command line). */
    public static final String FIELD = "gemm";

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
        throw new BadSetting(BadSetting.field(FIELD), " " + text + ": expected kernels, cublas or tf32");
    }
}
