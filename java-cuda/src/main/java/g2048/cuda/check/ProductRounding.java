package g2048.cuda.check;

/**
 * How a matrix product rounds its two operands before multiplying: not at all (fp32), or to TF32,
 * the tensor cores' 19-bit format (fp32's sign and exponent, 10 of its 23 mantissa bits) under
 * {@code --gemm tf32}. cuBLAS does not document whether its conversion rounds to nearest or drops
 * the low bits, so both are here; products and sums stay in fp32 or wider either way.
 * {@link LayerReference} applies it to every product so that TF32's error can be computed on the
 * CPU, which is what {@link CudaConformance}'s TF32 tolerances are set from.
 */
public enum ProductRounding {
    FP32,
    /** To the nearest TF32 value, ties away from zero ({@code cvt.rna.tf32.f32}). */
    TF32_NEAREST,
    /** The 13 low mantissa bits dropped (what the tensor cores do with raw fp32 operands). */
    TF32_TRUNCATED;

    private static final int LOW_BITS = 0x1FFF;

    /** {@code a} with every element rounded: {@code a} itself in fp32, else a copy. */
    public float[] round(float[] a) {
        if (this == FP32) {
            return a;
        }
        float[] r = new float[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = round(a[i]);
        }
        return r;
    }

    public float round(float x) {
        if (this == FP32 || !Float.isFinite(x)) {
            return x;
        }
        int bits = Float.floatToRawIntBits(x);
        // Adding half of the dropped unit to the magnitude carries into the kept bits exactly when
        // the dropped part is half or more; a carry out of the mantissa correctly bumps the exponent.
        int kept = this == TF32_NEAREST ? bits + (LOW_BITS + 1) / 2 : bits;
        return Float.intBitsToFloat(kept & ~LOW_BITS);
    }
}
