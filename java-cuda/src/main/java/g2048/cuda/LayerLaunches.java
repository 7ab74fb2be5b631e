package g2048.cuda;

import g2048.nn.Head;
import g2048.nn.InputKind;
import g2048.nn.NetSpec;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstream;

/**
 * The launches of a {@link CudaPass} on its stream: the boards' encoding, and one layer forward and
 * backward. A layer's products are, group by group ({@link LayerPlan.Group}), the kernels of
 * cuda/gemm.cu, which read each window in place (a forward of few rows by the skinny kernel), or,
 * under {@link GemmMode#CUBLAS}/{@link GemmMode#CUBLAS_TF32}, a library GEMM for the groups whose
 * operands are plain matrices ({@link LayerPlan.Strides}): inputs that are not are first gathered
 * into the column buffer ({@code gather_columns}), and the bias and ReLU follow
 * ({@code bias_activation}). Other groups use the kernels in every mode.
 */
final class LayerLaunches {

    private final CudaNetwork net;
    private final Kernels kernels;
    /** The library GEMM, null under {@link GemmMode#KERNELS}. */
    private final LibraryGemm library;
    private final CUstream stream;
    /** The column buffer (null when no layer needs one): gathered inputs, and input gradients not written in place. */
    private final DeviceBuffer col;
    private final SkinnyScratch skinny;

    LayerLaunches(CudaNetwork net, Kernels kernels, LibraryGemm library, CUstream stream, DeviceBuffer col, SkinnyScratch skinny) {
        this.net = net;
        this.kernels = kernels;
        this.library = library;
        this.stream = stream;
        this.col = col;
        this.skinny = skinny;
    }

    /**
     * The encoding of {@code n} boards: into the trunk's input {@code trunkIn} ({@code policy_encode}
     * into the padded layout, or {@code encode_boards} per input kind), and with an embedding its
     * input {@code embedIn} too.
     */
    void encode(DeviceBuffer boards, DeviceBuffer embedIn, DeviceBuffer trunkIn, int n) {
        if (net.spec().head() == Head.POLICY) {
            kernels.policyEncode(stream, n, boards.ptr(), trunkIn.ptr());
            return;
        }
        InputKind kind = net.spec().input();
        switch (kind) {
            case VALUES -> kernels.encodeBoards(stream, n, boards.ptr(), trunkIn.ptr(), NetSpec.VALUE_PLANES, 0, -1);
            case VALUES_POSITIONS -> kernels.encodeBoards(stream, n, boards.ptr(), trunkIn.ptr(),
                    NetSpec.VALUE_PLANES + NetSpec.POSITION_PLANES, 0, NetSpec.VALUE_PLANES);
            case EMBEDDED -> {
                kernels.encodeBoards(stream, n, boards.ptr(), embedIn.ptr(), NetSpec.VALUE_PLANES + NetSpec.POSITION_PLANES, 0,
                        NetSpec.VALUE_PLANES);
                kernels.encodeBoards(stream, n, boards.ptr(), trunkIn.ptr(),
                        NetSpec.VALUE_PLANES + net.spec().embedChannels(), 0, -1);
            }
        }
    }

    /** Whether a library GEMM of layer l reads some group's input through the column buffer. */
    static boolean gathers(CudaNetwork.DeviceLayer l) {
        for (CudaNetwork.DeviceGroup g : l.groups()) {
            if (g.strides().product() && g.strides().in() < 0) {
                return true;
            }
        }
        return false;
    }

    /** One layer forward, every group: in [n][inSize] -> out [n][outSize]. */
    void forward(CudaNetwork.DeviceLayer l, DeviceBuffer in, DeviceBuffer out, int n) {
        int cout = l.plan().cout();
        for (CudaNetwork.DeviceGroup g : l.groups()) {
            LayerPlan.Group gr = g.group();
            if (library != null && g.strides().product()) {
                int m = n * gr.cells();
                Operand a = libraryInput(l, g, in, n);
                library.gemm(stream, false, false, m, cout, g.k(), 1f, a.ptr(), a.ld(), net.params().at(gr.weightOffset()), cout, 0f,
                        out.ptr(), g.strides().out());
                kernels.biasActivation(stream, m, cout, gr.cells(), out.ptr(), l.plan().outSize(), g.outCellOff(),
                        net.params().at(gr.biasOffset()), l.plan().relu());
                continue;
            }
            kernels.gemmForward(stream, n * gr.cells(), cout, g.k(), gr.cells(), in.ptr(), l.plan().inSize(), g.inCellOff(), g.kOff(),
                    net.params().at(gr.weightOffset()), net.params().at(gr.biasOffset()), out.ptr(), l.plan().outSize(), g.outCellOff(),
                    l.plan().relu(), skinny);
        }
    }

    /**
     * One layer backward: masks dOut [n][outSize] by the ReLU, adds the bias and weight gradients
     * into grad, and (when dIn is not null) writes dIn [n][inSize].
     */
    void backward(CudaNetwork.DeviceLayer l, DeviceBuffer in, DeviceBuffer out, DeviceBuffer dOut, DeviceBuffer dIn,
            DeviceBuffer grad, int n) {
        int cout = l.plan().cout();
        int inSize = l.plan().inSize();
        int outSize = l.plan().outSize();
        if (l.plan().relu()) {
            kernels.reluBackward(stream, (long) n * outSize, out.ptr(), dOut.ptr());
        }
        for (CudaNetwork.DeviceGroup g : l.groups()) {
            LayerPlan.Group gr = g.group();
            int m = n * gr.cells();
            kernels.biasGradient(stream, m, cout, gr.cells(), dOut.ptr(), outSize, g.outCellOff(), grad.at(gr.biasOffset()));
            if (library != null && g.strides().product()) {
                Operand a = libraryInput(l, g, in, n);
                library.gemm(stream, true, false, g.k(), cout, m, 1f, a.ptr(), a.ld(), dOut.ptr(), g.strides().out(), 1f,
                        grad.at(gr.weightOffset()), cout);
                continue;
            }
            kernels.gemmWeightGradient(stream, m, cout, g.k(), gr.cells(), in.ptr(), inSize, g.inCellOff(), g.kOff(), dOut.ptr(), outSize,
                    g.outCellOff(), grad.at(gr.weightOffset()));
        }
        if (dIn == null) {
            return;
        }
        boolean direct = l.plan().directInputGradient();
        if (!direct && (col == null || col.bytes() < 4L * n * l.plan().colSize())) {
            throw new IllegalStateException(l.plan() + ": the column buffer is too small for its input gradient");
        }
        DeviceBuffer target = direct ? dIn : col;
        int colStride = direct ? inSize : l.plan().colSize();
        for (CudaNetwork.DeviceGroup g : l.groups()) {
            LayerPlan.Group gr = g.group();
            if (library != null && g.strides().dataGradient(direct)) {
                library.gemm(stream, false, true, n * gr.cells(), g.k(), cout, 1f, dOut.ptr(), g.strides().out(),
                        net.params().at(gr.weightOffset()), cout, 0f, target.ptr(), direct ? g.strides().direct() : g.strides().col());
                continue;
            }
            kernels.gemmDataGradient(stream, n * gr.cells(), cout, g.k(), gr.cells(), dOut.ptr(), outSize, g.outCellOff(),
                    net.params().at(gr.weightOffset()), target.ptr(), colStride, g.colCellOff());
        }
        if (!direct) {
            kernels.colToInput(stream, n, l.plan().inCells(), l.plan().cin(), col.ptr(), colStride, l.revStart(), l.revList(),
                    dIn.ptr(), inSize);
        }
    }

    /** A device matrix and its row stride. */
    private record Operand(CUdeviceptr ptr, int ld) {
    }

    /** Group g's input [M][K] as a plain matrix: read in place, or gathered into the column buffer. */
    private Operand libraryInput(CudaNetwork.DeviceLayer l, CudaNetwork.DeviceGroup g, DeviceBuffer in, int n) {
        if (g.strides().in() > 0) {
            return new Operand(in.ptr(), g.strides().in());
        }
        if (col == null || col.bytes() < 4L * n * l.plan().colSize()) {
            throw new IllegalStateException(l.plan() + ": the column buffer is too small for its gathered input");
        }
        kernels.gatherColumns(stream, n * g.group().cells(), g.k(), g.group().cells(), in.ptr(), l.plan().inSize(), g.inCellOff(),
                g.kOff(), col.ptr(), l.plan().colSize(), g.colCellOff());
        return new Operand(col.ptr(), g.strides().col());
    }
}
