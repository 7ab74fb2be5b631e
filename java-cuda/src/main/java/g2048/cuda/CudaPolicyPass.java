package g2048.cuda;

import g2048.nn.PolicySpec;
import java.util.ArrayList;
import java.util.List;
import jcuda.driver.CUstream;

/**
 * One thread's forward and backward passes over a {@link CudaPolicyNetwork}: the device-side
 * mirror of {@link g2048.nn.PolicyNetwork}'s passes with a {@link g2048.nn.PolicyWorkspace}.
 * A stream, the activations and their gradients for up to {@link #capacity()} positions in the
 * padded layout of {@link PolicyPlan} (whose padding cells are zeroed once here and never
 * written), and pinned buffers for boards, legal moves, targets and results. Not thread-safe.
 *
 * <p>Forward: boards up (8 bytes a position), {@code policy_encode}, per convolution one
 * {@code gemm_fwd} (bias and ReLU fused), the dense layer's {@code gemm_fwd} into the logits.
 * Backward: legal moves and targets up, {@code policy_softmax_xent} (dLogits and the loss), then per
 * layer from the last {@code relu_backward}, {@code bias_grad} and {@code gemm_wgrad} (adding into
 * the gradient), and, for every layer but the first, {@code gemm_dgrad} into the column buffer and
 * {@code col_to_input} into the input gradient.
 */
public final class CudaPolicyPass implements AutoCloseable {

    private final CudaPolicyNetwork net;
    private final CudaContext ctx;
    private final Kernels kernels;
    private final int capacity;
    private final List<AutoCloseable> owned = new ArrayList<>();
    private CUstream stream;
    private boolean streamCreated;
    private final DeviceBuffer boards;
    /** acts[0]: the encoded input [n][25][16]; acts[l + 1]: convolution l's output [n][25][C]. */
    private final DeviceBuffer[] acts;
    /** grads[l] = dL/d acts[l], l ≥ 1. */
    private final DeviceBuffer[] grads;
    private final DeviceBuffer logits;
    private final DeviceBuffer dLogits;
    private final DeviceBuffer probs;
    private final DeviceBuffer col;
    private final DeviceBuffer legal;
    private final DeviceBuffer targets;
    private final DeviceBuffer loss;
    private final SkinnyScratch skinny;
    private final PinnedBuffer hostBoards;
    private final PinnedBuffer hostLegal;
    private final PinnedBuffer hostTargets;
    private final PinnedBuffer hostOut;
    private int forwardCount = -1;

    public CudaPolicyPass(CudaPolicyNetwork net, int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("pass capacity must be at least 1, got " + capacity);
        }
        PolicySpec spec = net.spec();
        int ch = spec.channels();
        long widest = (long) PolicyPlan.CELLS * Math.max(ch, PolicySpec.PLANES);
        if ((long) capacity * Math.max(widest, net.plan().colSize()) >= Integer.MAX_VALUE) {
            throw new IllegalArgumentException(spec.name() + ": a pass of " + capacity
                    + " positions would index more than 2^31 floats in one buffer; use a smaller batch");
        }
        this.net = net;
        this.ctx = net.context();
        this.kernels = new Kernels(ctx);
        this.capacity = capacity;
        int k = spec.convs();
        try {
            ctx.bind();
            stream = ctx.driver().createStream();
            streamCreated = true;
            boards = own(new DeviceBuffer(ctx, 8L * capacity));
            acts = new DeviceBuffer[k + 1];
            grads = new DeviceBuffer[k + 1];
            acts[0] = own(DeviceBuffer.floats(ctx, (long) capacity * PolicyPlan.CELLS * PolicySpec.PLANES));
            for (int l = 1; l <= k; l++) {
                long floats = (long) capacity * PolicyPlan.CELLS * ch;
                acts[l] = own(DeviceBuffer.floats(ctx, floats));
                // the padding cells are read as zeros by every window of the last row and column
                acts[l].zero(floats, stream);
                grads[l] = own(DeviceBuffer.floats(ctx, floats));
            }
            logits = own(DeviceBuffer.floats(ctx, 4L * capacity));
            dLogits = own(DeviceBuffer.floats(ctx, 4L * capacity));
            probs = own(DeviceBuffer.floats(ctx, 4L * capacity));
            col = own(DeviceBuffer.floats(ctx, (long) capacity * net.plan().colSize()));
            legal = own(new DeviceBuffer(ctx, 4L * capacity));
            targets = own(DeviceBuffer.floats(ctx, 4L * capacity));
            loss = own(new DeviceBuffer(ctx, 8));
            skinny = own(new SkinnyScratch(ctx));
            hostBoards = own(new PinnedBuffer(ctx, 8L * capacity));
            hostLegal = own(new PinnedBuffer(ctx, 4L * capacity));
            hostTargets = own(new PinnedBuffer(ctx, 16L * capacity));
            hostOut = own(new PinnedBuffer(ctx, 16L * capacity));
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    private <T extends AutoCloseable> T own(T resource) {
        owned.add(resource);
        return resource;
    }

    public int capacity() {
        return capacity;
    }

    CUstream stream() {
        return stream;
    }

    /** Queues the forward pass of {@code boards[from..from+n)}; the logits stay on the device until {@link #logits}. */
    public void forward(long[] src, int from, int n) {
        if (n < 1 || n > capacity) {
            throw new IllegalArgumentException("batch of " + n + " outside 1.." + capacity + " of the pass");
        }
        ctx.bind();
        hostBoards.putLongs(src, from, n);
        hostBoards.toDevice(boards.ptr(), 8L * n, stream);
        kernels.policyEncode(stream, n, boards.ptr(), acts[0].ptr());
        List<CudaPolicyNetwork.DeviceLayer> layers = net.layers();
        for (int l = 0; l < layers.size(); l++) {
            CudaPolicyNetwork.DeviceLayer d = layers.get(l);
            PolicyPlan.Layer p = d.plan();
            LayerPlan.Group g = p.group();
            boolean dense = l == layers.size() - 1;
            DeviceBuffer out = dense ? logits : acts[l + 1];
            int outStride = dense ? PolicySpec.MOVES : PolicyPlan.CELLS * p.cout();
            kernels.gemmForward(stream, n * g.cells(), p.cout(), p.k(), g.cells(), acts[l].ptr(), p.inSize(), d.inCellOff(), d.kOff(),
                    net.params().at(g.weightOffset()), net.params().at(g.biasOffset()), out.ptr(), outStride, d.outCellOff(), p.relu(),
                    skinny);
        }
        forwardCount = n;
    }

    /** Waits for the last forward pass and copies its logits to {@code out[0 .. 4n)} (position s, move m at 4s + m). */
    public void logits(float[] out) {
        int n = lastCount();
        download(logits, 4 * n, out);
    }

    /** The softmax over the legal moves computed by the last {@link #backward}, as {@link #logits}. */
    public void probabilities(float[] out) {
        download(probs, 4 * lastCount(), out);
    }

    private void download(DeviceBuffer src, int count, float[] out) {
        ctx.bind();
        hostOut.fromDevice(src.ptr(), 4L * count, stream);
        ctx.driver().synchronize(stream);
        hostOut.buffer().clear();
        hostOut.buffer().asFloatBuffer().get(out, 0, count);
    }

    /**
     * After {@link #forward} of the same positions: the softmax cross-entropy of each position
     * against {@code targetValues[(from + s)·4 ..]} over the moves in {@code legalMoves[from + s]},
     * its gradient scaled by {@code scale} back-propagated and added into {@code grad} (the
     * parameters' layout). Returns the summed loss (waits for the device). A target with weight on
     * an illegal move is an {@link IllegalArgumentException}, as on the CPU.
     */
    public double backward(int[] legalMoves, float[] targetValues, int from, int n, float scale, DeviceBuffer grad) {
        if (n != lastCount()) {
            throw new IllegalArgumentException("backward of " + n + " positions after a forward of " + forwardCount);
        }
        for (int s = 0; s < n; s++) {
            for (int m = 0; m < PolicySpec.MOVES; m++) {
                float t = targetValues[(from + s) * PolicySpec.MOVES + m];
                if ((legalMoves[from + s] >>> m & 1) == 0 && t != 0f) {
                    throw new IllegalArgumentException("target puts " + t + " on illegal move " + m);
                }
            }
        }
        ctx.bind();
        // the previous backward's copies have been waited for (it returns after a synchronisation)
        hostLegal.buffer().clear();
        hostLegal.buffer().asIntBuffer().put(legalMoves, from, n);
        hostLegal.toDevice(legal.ptr(), 4L * n, stream);
        hostTargets.buffer().clear();
        hostTargets.buffer().asFloatBuffer().put(targetValues, from * PolicySpec.MOVES, n * PolicySpec.MOVES);
        hostTargets.toDevice(targets.ptr(), 16L * n, stream);
        kernels.policySoftmaxCrossEntropy(stream, n, logits.ptr(), legal.ptr(), targets.ptr(), scale, dLogits.ptr(), probs.ptr(),
                loss.ptr());
        List<CudaPolicyNetwork.DeviceLayer> layers = net.layers();
        for (int l = layers.size() - 1; l >= 0; l--) {
            CudaPolicyNetwork.DeviceLayer d = layers.get(l);
            PolicyPlan.Layer p = d.plan();
            LayerPlan.Group g = p.group();
            boolean dense = l == layers.size() - 1;
            DeviceBuffer out = dense ? logits : acts[l + 1];
            DeviceBuffer dOut = dense ? dLogits : grads[l + 1];
            int outStride = dense ? PolicySpec.MOVES : PolicyPlan.CELLS * p.cout();
            int m = n * g.cells();
            if (p.relu()) {
                kernels.reluBackward(stream, (long) n * outStride, out.ptr(), dOut.ptr());
            }
            kernels.biasGradient(stream, m, p.cout(), g.cells(), dOut.ptr(), outStride, d.outCellOff(), grad.at(g.biasOffset()));
            kernels.gemmWeightGradient(stream, m, p.cout(), p.k(), g.cells(), acts[l].ptr(), p.inSize(), d.inCellOff(), d.kOff(), dOut.ptr(),
                    outStride, d.outCellOff(), grad.at(g.weightOffset()));
            if (l == 0) {
                break;
            }
            kernels.gemmDataGradient(stream, m, p.cout(), p.k(), g.cells(), dOut.ptr(), outStride, d.outCellOff(),
                    net.params().at(g.weightOffset()), col.ptr(), p.colSize(), d.colCellOff());
            kernels.colToInput(stream, n, PolicyPlan.CELLS, p.cin(), col.ptr(), p.colSize(), d.revStart(), d.revList(), grads[l].ptr(),
                    p.inSize());
        }
        hostOut.fromDevice(loss.ptr(), 8, stream);
        ctx.driver().synchronize(stream);
        return hostOut.buffer().getDouble(0);
    }

    /** Waits for everything queued on this pass's stream. */
    public void synchronize() {
        ctx.bind();
        ctx.driver().synchronize(stream);
    }

    private int lastCount() {
        if (forwardCount < 0) {
            throw new IllegalStateException("no forward pass yet");
        }
        return forwardCount;
    }

    @Override
    public void close() {
        boolean created = streamCreated;
        streamCreated = false;
        PassResources.release(owned, ctx, created ? stream : null);
    }
}
