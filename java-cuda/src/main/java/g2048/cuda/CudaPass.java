package g2048.cuda;

import g2048.nn.Head;
import g2048.nn.NetSpec;
import g2048.nn.Optimiser;
import g2048.settings.BadSetting;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import jcuda.driver.CUstream;

/**
 * One thread's forward (and, for training, backward) pass over a {@link CudaNetwork}, value or
 * policy: a stream, the activations of every layer for up to {@link #capacity()} samples in the
 * layout of its plans ({@code [sample][cell][channel]}; a policy network's padded to 5 × 5 cells,
 * see {@link PolicyPlan}, whose padding cells are zeroed once here and never written), their
 * gradients, and pinned buffers for boards, targets and outputs. The device-side mirror of
 * {@link g2048.nn.Workspace} with {@link g2048.nn.Network}'s passes; not thread-safe.
 *
 * <p>Forward: boards up (8 bytes a sample), the encoding ({@code encode_boards} per input kind,
 * or {@code policy_encode} into the padded layout), every layer. Backward: the head's targets up
 * and its loss's gradient at the last layer ({@code mse_grad} for a value head,
 * {@code policy_softmax_xent} over the legal moves for a policy head), then every layer from the
 * last. Only the head differs; buffers, layers and launches are shared.
 *
 * <p>The encoding's and the layers' launches, the kernels' products or a library GEMM's
 * ({@link GemmMode}), are {@link LayerLaunches}'; the pass owns their buffers (the column buffer,
 * the skinny kernel's scratch).
 *
 * <p>An evaluation pass with the kernels' products may replay its forwards of few boards (up to
 * {@link #RECORDED_MAX_BATCH}): the first forward of each batch size is recorded (boards up, every
 * layer, values down; a CUDA graph) and later ones are one replay call, where each kernel would
 * otherwise be a launch from Java. Search asks for a handful of boards at a time, where those
 * launches, not the arithmetic, are the cost.
 */
public final class CudaPass implements AutoCloseable {

    /**
     * The largest batch whose forward is recorded and replayed. Each size recorded costs one
     * capture and instantiation, once per pass; search's leaf batches are mostly below this (about
     * 4 boards a greedy move, 60 a 2-ply move), and above it the GPU's arithmetic outgrows the
     * launches. Chosen from those counts; {@code g2048 gpu-check} times small batches both ways.
     */
    public static final int RECORDED_MAX_BATCH = 256;

    private final CudaNetwork net;
    private final CudaContext ctx;
    private final Kernels kernels;
    private final int capacity;
    private final boolean training;
    private final GemmMode gemm;
    private CUstream stream;
    private final List<AutoCloseable> owned = new ArrayList<>();
    private final DeviceBuffer boards;
    private final DeviceBuffer[] embedActs;
    private final DeviceBuffer[] trunkActs;
    private final DeviceBuffer[] embedGrads;
    private final DeviceBuffer[] trunkGrads;
    /** The head's targets: a value per sample, or a distribution over the moves per position. */
    private final DeviceBuffer targets;
    /** The batch's summed loss (a double): the squared errors, or the cross-entropies. */
    private final DeviceBuffer loss;
    /** A policy head's legal moves (a bit mask per position) and its softmax over them. */
    private final DeviceBuffer legal;
    private final DeviceBuffer probs;
    private final LayerLaunches layers;
    private final PinnedBuffer hostBoards;
    /** The last layer's outputs (values or logits), the loss and the probabilities on their way to the host. */
    private final PinnedBuffer hostOut;
    private final PinnedBuffer hostTargets;
    private final PinnedBuffer hostLegal;
    private final Driver.Recording[] recordings;
    private int forwardCount = -1;
    private boolean outputsQueued;
    private boolean streamCreated;

    /** A pass whose products are the hand-written kernels. */
    public CudaPass(CudaNetwork net, int capacity, boolean training) {
        this(net, capacity, training, GemmMode.KERNELS);
    }

    /**
     * A pass for up to {@code capacity} samples, with gradients when {@code training}, its products
     * by {@code gemm}; a library that cannot be loaded is a {@link CudaUnavailableException}.
     */
    public CudaPass(CudaNetwork net, int capacity, boolean training, GemmMode gemm) {
        this(net, capacity, training, gemm, false);
    }

    /**
     * As {@link #CudaPass(CudaNetwork, int, boolean, GemmMode)}; when {@code replay}, forwards of
     * up to {@link #RECORDED_MAX_BATCH} boards are recorded once per size and replayed, which only
     * an evaluation pass ({@code training} false) with the kernels' products can do.
     */
    public CudaPass(CudaNetwork net, int capacity, boolean training, GemmMode gemm, boolean replay) {
        if (replay && (training || gemm != GemmMode.KERNELS)) {
            throw new BadSetting("replayed forwards need an evaluation pass with the kernels' products, not ",
                    training ? "a training pass" : BadSetting.field(GemmMode.FIELD), training ? "" : " " + gemm.label());
        }
        this.recordings = replay ? new Driver.Recording[Math.min(capacity, RECORDED_MAX_BATCH) + 1] : null;
        if (capacity < 1) {
            throw new IllegalArgumentException("pass capacity must be at least 1, got " + capacity);
        }
        this.net = net;
        this.ctx = net.context();
        this.kernels = new Kernels(ctx);
        this.capacity = capacity;
        this.training = training;
        this.gemm = gemm;
        List<CudaNetwork.DeviceLayer> embed = net.embedLayers();
        List<CudaNetwork.DeviceLayer> trunk = net.trunkLayers();
        boolean policy = net.spec().head() == Head.POLICY;
        int outputs = net.spec().head().outputs();
        long most = 0;
        for (CudaNetwork.DeviceLayer l : net.embedLayers()) {
            most = Math.max(most, Math.max(l.plan().inSize(), Math.max(l.plan().outSize(), l.plan().colSize())));
        }
        for (CudaNetwork.DeviceLayer l : trunk) {
            most = Math.max(most, Math.max(l.plan().inSize(), Math.max(l.plan().outSize(), l.plan().colSize())));
        }
        if ((long) capacity * most >= Integer.MAX_VALUE) {
            throw new IllegalArgumentException(net.spec().name() + ": a pass of " + capacity
                    + " samples would index more than 2^31 floats in one buffer; use a smaller batch");
        }
        try {
            ctx.bind();
            stream = ctx.driver().createStream();
            streamCreated = true;
            LibraryGemm library = gemm == GemmMode.KERNELS ? null : own(ctx.driver().openGemm(gemm));
            boards = own(new DeviceBuffer(ctx, 8L * capacity));
            embedActs = new DeviceBuffer[embed.isEmpty() ? 0 : embed.size() + 1];
            embedGrads = new DeviceBuffer[embedActs.length];
            for (int i = 0; i < embed.size(); i++) {
                if (i == 0) {
                    embedActs[0] = own(DeviceBuffer.floats(ctx, (long) capacity * embed.get(0).plan().inSize()));
                }
                embedActs[i + 1] = own(DeviceBuffer.floats(ctx, (long) capacity * embed.get(i).plan().outSize()));
                if (training) {
                    embedGrads[i + 1] = own(DeviceBuffer.floats(ctx, (long) capacity * embed.get(i).plan().outSize()));
                }
            }
            trunkActs = new DeviceBuffer[trunk.size() + 1];
            trunkGrads = new DeviceBuffer[trunk.size() + 1];
            trunkActs[0] = own(DeviceBuffer.floats(ctx, (long) capacity * trunk.get(0).plan().inSize()));
            if (training && !embed.isEmpty()) {
                trunkGrads[0] = own(DeviceBuffer.floats(ctx, (long) capacity * trunk.get(0).plan().inSize()));
            }
            for (int i = 0; i < trunk.size(); i++) {
                long floats = (long) capacity * trunk.get(i).plan().outSize();
                trunkActs[i + 1] = own(DeviceBuffer.floats(ctx, floats));
                if (trunk.get(i).plan().leavesCellsUnwritten()) {
                    // the padding cells are read as zeros by every window of the last row and column
                    trunkActs[i + 1].zero(floats, stream);
                }
                if (training) {
                    trunkGrads[i + 1] = own(DeviceBuffer.floats(ctx, floats));
                }
            }
            // Sized for every layer, also those whose input gradient a network pass never needs
            // (the first), so that each layer's backward can be run alone (the conformance checks).
            long colMost = 0;
            List<CudaNetwork.DeviceLayer> all = new ArrayList<>(embed);
            all.addAll(trunk);
            for (CudaNetwork.DeviceLayer l : all) {
                if (training && !l.plan().directInputGradient() || library != null && LayerLaunches.gathers(l)) {
                    colMost = Math.max(colMost, l.plan().colSize());
                }
            }
            DeviceBuffer col = colMost == 0 ? null : own(DeviceBuffer.floats(ctx, capacity * colMost));
            targets = training ? own(DeviceBuffer.floats(ctx, (long) outputs * capacity)) : null;
            loss = training ? own(new DeviceBuffer(ctx, 8)) : null;
            legal = training && policy ? own(new DeviceBuffer(ctx, 4L * capacity)) : null;
            probs = training && policy ? own(DeviceBuffer.floats(ctx, (long) outputs * capacity)) : null;
            layers = new LayerLaunches(net, kernels, library, stream, col, own(new SkinnyScratch(ctx)));
            hostBoards = own(new PinnedBuffer(ctx, 8L * capacity));
            hostOut = own(new PinnedBuffer(ctx, Math.max(8L, 4L * outputs * capacity)));
            hostTargets = training ? own(new PinnedBuffer(ctx, 4L * outputs * capacity)) : null;
            hostLegal = training && policy ? own(new PinnedBuffer(ctx, 4L * capacity)) : null;
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

    /** What computes this pass's products. */
    public GemmMode gemm() {
        return gemm;
    }

    public CudaNetwork network() {
        return net;
    }

    CUstream stream() {
        return stream;
    }

    /** Outputs of the last layer per sample: 1 value, or 4 logits. */
    private int outputs() {
        return net.spec().head().outputs();
    }

    /**
     * Queues the forward pass of {@code boards[from..from+n)}: 8 bytes a board up, encoding and
     * every layer on the device. The outputs stay on the device until {@link #outputs}.
     */
    public void forward(long[] src, int from, int n) {
        checkBatch(n);
        ctx.bind();
        hostBoards.putLongs(src, from, n);
        Driver.Recording r = recording(n);
        if (r != null) {
            ctx.driver().replay(r, stream);
        } else {
            queueForward(n);
        }
        outputsQueued = r != null;
        forwardCount = n;
    }

    /** Whether this pass replays its forwards of few boards. */
    public boolean replays() {
        return recordings != null;
    }

    /** The recording of a forward of n boards with its outputs' copy down, made on first use; null where forwards are not replayed. */
    private Driver.Recording recording(int n) {
        if (recordings == null || n >= recordings.length) {
            return null;
        }
        if (recordings[n] == null) {
            recordings[n] = own(ctx.driver().record(stream, () -> {
                queueForward(n);
                hostOut.fromDevice(trunkActs[trunkActs.length - 1].ptr(), 4L * outputs() * n, stream);
            }));
        }
        return recordings[n];
    }

    /** Queues boards up (from the pinned buffer), the encoding and every layer. */
    private void queueForward(int n) {
        hostBoards.toDevice(boards.ptr(), 8L * n, stream);
        layers.encode(boards, embedActs.length == 0 ? null : embedActs[0], trunkActs[0], n);
        List<CudaNetwork.DeviceLayer> embed = net.embedLayers();
        List<CudaNetwork.DeviceLayer> trunk = net.trunkLayers();
        for (int i = 0; i < embed.size(); i++) {
            layers.forward(embed.get(i), embedActs[i], embedActs[i + 1], n);
        }
        if (!embed.isEmpty()) {
            int k = net.spec().embedChannels();
            kernels.copyChannels(stream, n, NetSpec.CELLS, k, embedActs[embed.size()].ptr(), k, 0, trunkActs[0].ptr(),
                    NetSpec.VALUE_PLANES + k, NetSpec.VALUE_PLANES);
        }
        for (int i = 0; i < trunk.size(); i++) {
            layers.forward(trunk.get(i), trunkActs[i], trunkActs[i + 1], n);
        }
    }

    /**
     * Waits for the last forward pass and copies its outputs to {@code out}: a value network's
     * {@code n} values, or a policy network's {@code 4n} logits (position s, move m at 4s + m).
     */
    public void outputs(float[] out) {
        int count = outputs() * lastCount();
        fetchOutputs(count);
        hostOut.buffer().clear();
        hostOut.buffer().asFloatBuffer().get(out, 0, count);
    }

    /** A value network's last forward pass's values, as doubles at {@code out[from..from+n)}. */
    public void values(double[] out, int from) {
        requireHead(Head.VALUE);
        int n = lastCount();
        fetchOutputs(n);
        java.nio.FloatBuffer f = hostOut.buffer().clear().asFloatBuffer();
        for (int s = 0; s < n; s++) {
            out[from + s] = f.get(s);
        }
    }

    private void fetchOutputs(int count) {
        ctx.bind();
        if (!outputsQueued) {
            hostOut.fromDevice(trunkActs[trunkActs.length - 1].ptr(), 4L * count, stream);
        }
        synchronize();
    }

    /** The softmax over the legal moves that the last {@link #backward(int[], float[], int, int, float, DeviceBuffer)} computed, as {@link #outputs}. */
    public void probabilities(float[] out) {
        requireHead(Head.POLICY);
        int count = outputs() * lastCount();
        ctx.bind();
        hostOut.fromDevice(probs.ptr(), 4L * count, stream);
        ctx.driver().synchronize(stream);
        hostOut.buffer().clear();
        hostOut.buffer().asFloatBuffer().get(out, 0, count);
    }

    /** The backward of samples {@code [from, from + n)} of {@code batch}, as its head reads them (one of the two below). */
    public double backward(Optimiser.Batch batch, int from, int n, float scale, DeviceBuffer grad) {
        return switch (batch) {
            case Optimiser.Values v -> backward(v.targets(), from, n, scale, grad);
            case Optimiser.Moves m -> backward(m.legal(), m.targets(), from, n, scale, grad);
        };
    }

    /**
     * After {@link #forward} of the same samples, for a value network: back-propagates dL/dV =
     * {@code scale · (V − target)} for {@code targets[from..from+n)} and adds the parameter gradient
     * into {@code grad} (the parameters' layout). Returns the sum of squared errors (waits for the device).
     */
    public double backward(float[] targetValues, int from, int n, float scale, DeviceBuffer grad) {
        checkBackward(Head.VALUE, n);
        ctx.bind();
        ByteBuffer t = hostTargets.buffer();
        t.clear();
        t.asFloatBuffer().put(targetValues, from, n);
        hostTargets.toDevice(targets.ptr(), 4L * n, stream);
        int last = net.trunkLayers().size();
        kernels.mseGradient(stream, n, trunkActs[last].ptr(), targets.ptr(), scale, trunkGrads[last].ptr(), loss.ptr());
        backwardLayers(grad, n);
        hostOut.fromDevice(loss.ptr(), 8, stream);
        synchronize();
        return hostOut.buffer().getDouble(0);
    }

    /**
     * After {@link #forward} of the same positions, for a policy network: the softmax
     * cross-entropy of each position against {@code targetValues[(from + s)·4 ..]} over the moves in
     * {@code legalMoves[from + s]}, its gradient scaled by {@code scale} back-propagated and added
     * into {@code grad} (the parameters' layout). Returns the summed loss (waits for the device). A
     * target with weight on an illegal move is an {@link IllegalArgumentException}, as on the CPU.
     */
    public double backward(int[] legalMoves, float[] targetValues, int from, int n, float scale, DeviceBuffer grad) {
        checkBackward(Head.POLICY, n);
        for (int s = 0; s < n; s++) {
            for (int m = 0; m < NetSpec.MOVES; m++) {
                float t = targetValues[(from + s) * NetSpec.MOVES + m];
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
        hostTargets.buffer().asFloatBuffer().put(targetValues, from * NetSpec.MOVES, n * NetSpec.MOVES);
        hostTargets.toDevice(targets.ptr(), 16L * n, stream);
        int last = net.trunkLayers().size();
        kernels.policySoftmaxCrossEntropy(stream, n, trunkActs[last].ptr(), legal.ptr(), targets.ptr(), scale, trunkGrads[last].ptr(),
                probs.ptr(), loss.ptr());
        backwardLayers(grad, n);
        hostOut.fromDevice(loss.ptr(), 8, stream);
        ctx.driver().synchronize(stream);
        return hostOut.buffer().getDouble(0);
    }

    private void checkBackward(Head head, int n) {
        if (!training) {
            throw new IllegalStateException("backward needs a training pass");
        }
        requireHead(head);
        if (n != lastCount()) {
            throw new IllegalArgumentException("backward of " + n + " samples after a forward of " + forwardCount);
        }
    }

    private void requireHead(Head head) {
        if (net.spec().head() != head) {
            throw new IllegalStateException(net.spec().name() + " is not a " + head.name().toLowerCase(java.util.Locale.ROOT) + " network");
        }
    }

    /** Every layer backward from the last, whose output gradient the head has written; the parameter gradient is added into {@code grad}. */
    private void backwardLayers(DeviceBuffer grad, int n) {
        List<CudaNetwork.DeviceLayer> embed = net.embedLayers();
        List<CudaNetwork.DeviceLayer> trunk = net.trunkLayers();
        for (int i = trunk.size() - 1; i >= 0; i--) {
            DeviceBuffer dIn = i > 0 ? trunkGrads[i] : (embed.isEmpty() ? null : trunkGrads[0]);
            layers.backward(trunk.get(i), trunkActs[i], trunkActs[i + 1], trunkGrads[i + 1], dIn, grad, n);
        }
        if (!embed.isEmpty()) {
            int k = net.spec().embedChannels();
            kernels.copyChannels(stream, n, NetSpec.CELLS, k, trunkGrads[0].ptr(), NetSpec.VALUE_PLANES + k, NetSpec.VALUE_PLANES,
                    embedGrads[embed.size()].ptr(), k, 0);
            for (int i = embed.size() - 1; i >= 0; i--) {
                layers.backward(embed.get(i), embedActs[i], embedActs[i + 1], embedGrads[i + 1], i == 0 ? null : embedGrads[i], grad, n);
            }
        }
    }

    /** Waits for everything queued on this pass's stream. */
    public void synchronize() {
        ctx.bind();
        ctx.driver().synchronize(stream);
    }

    /**
     * Layer {@code i} of the network ({@link CudaNetwork#plan}) forward alone, queued on this pass's
     * stream: for {@link g2048.cuda.check}, which judges layers one at a time.
     */
    public void layerForward(int i, DeviceBuffer in, DeviceBuffer out, int n) {
        layers.forward(net.deviceLayer(i), in, out, n);
    }

    /** Layer {@code i} backward alone, as {@link #layerForward(int, DeviceBuffer, DeviceBuffer, int)}. */
    public void layerBackward(int i, DeviceBuffer in, DeviceBuffer out, DeviceBuffer dOut, DeviceBuffer dIn, DeviceBuffer grad, int n) {
        layers.backward(net.deviceLayer(i), in, out, dOut, dIn, grad, n);
    }

    private int lastCount() {
        if (forwardCount < 0) {
            throw new IllegalStateException("no forward pass yet");
        }
        return forwardCount;
    }

    private void checkBatch(int n) {
        if (n < 1 || n > capacity) {
            throw new IllegalArgumentException("batch of " + n + " outside 1.." + capacity + " of the pass");
        }
    }

    @Override
    public void close() {
        boolean created = streamCreated;
        streamCreated = false;
        PassResources.release(owned, ctx, created ? stream : null);
    }
}
