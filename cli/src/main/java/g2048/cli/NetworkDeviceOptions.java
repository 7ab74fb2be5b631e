package g2048.cli;

import g2048.nn.Backends;
import picocli.CommandLine.Option;

/** Where and how a value-network player runs: the options shared by the commands that play with one. */
final class NetworkDeviceOptions {

    /** The help of --device, shared with train cnn. */
    static final String DEVICE_HELP = "Where value networks run: ${COMPLETION-CANDIDATES}. auto takes the GPU where it can run and says"
            + " what it chose; check runs the CPU and the GPU side by side and stops at the first value they disagree on"
            + " (default: ${DEFAULT-VALUE}).";

    @Option(names = "--device", defaultValue = "auto", description = DEVICE_HELP, completionCandidates = DeviceNames.class)
    String device = "auto";

    /** The help of --gemm, shared with train cnn. */
    static final String GEMM_HELP = "Matrix products of value networks on the GPU: kernels (the engine's own), cublas (cuBLAS fp32)"
            + " or tf32 (cuBLAS on TF32 tensor cores: values checked against the CPU to 1e-2 instead of 1e-4, gradients to 5e-2;"
            + " cuda/README.md) (default: ${DEFAULT-VALUE}).";

    @Option(names = "--gemm", defaultValue = "kernels", description = GEMM_HELP)
    String gemm = "kernels";

    @Option(names = "--cuda-graphs", defaultValue = "on",
            description = "on: a value network on the GPU with the kernels' products records its forward of each batch size up to "
                    + g2048.cuda.CudaPass.RECORDED_MAX_BATCH + " boards once (a CUDA graph) and replays it with one call;"
                    + " off: every kernel is launched each time (default: ${DEFAULT-VALUE}).")
    String cudaGraphs = "on";

    /** The backends' names, for help and completion. */
    static final class DeviceNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return Backends.installed().names().iterator();
        }
    }
}
