package g2048.nn;

/**
 * What runs one {@link Layer} on the CPU: its connection table and shapes, and the batch forward
 * and backward passes over them, by the sparse rows ({@link SparseRows}) or tap by tap
 * ({@link TapProducts}), as the network's {@link GemmKernel} says. Immutable and shared by all threads;
 * a pass's mutable state (the scratch rows, the tap products' row offsets) is the workspace's.
 */
abstract sealed class LayerKernel permits SparseRows, TapProducts {

    // CSR connection table: contributions of output cell o are [start[o], start[o+1]).
    final int[] start;
    final int[] inCell;
    final int[] tap;
    final int[] bias;
    final int cin;
    final int cout;
    final int inSize;
    final int outSize;
    final boolean relu;

    LayerKernel(int[] start, int[] inCell, int[] tap, int[] bias, Maps in, Maps out, boolean relu) {
        this.start = start;
        this.inCell = inCell;
        this.tap = tap;
        this.bias = bias;
        this.cin = in.channels();
        this.cout = out.channels();
        this.inSize = in.size();
        this.outSize = out.size();
        this.relu = relu;
    }

    /** {@link Layer#forward}: {@code sc} is the sparse rows' scratch, {@code rows} the tap products' offsets. */
    abstract void forward(float[] w, float[] in, float[] out, int n, SparseRows.Scratch sc, TapProducts.Rows rows);

    /** {@link Layer#backward}, after the ReLU mask and the clearing of {@code dIn}. */
    abstract void backward(float[] wT, float[] in, float[] dOut, float[] dIn, float[] grad, int n, SparseRows.Scratch sc,
            TapProducts.Rows rows);
}
