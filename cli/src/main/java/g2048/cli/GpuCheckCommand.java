package g2048.cli;

import g2048.cuda.KernelImages;
import g2048.cuda.check.GpuCheck;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code g2048 gpu-check}: the CUDA backend judged by the CPU reference, and timed, on this machine's GPU. */
@Command(name = "gpu-check", mixinStandardHelpOptions = true,
        description = {
            "Checks the CUDA backend on this machine's GPU against the CPU reference, then times it.",
            "1. Conformance: every kernel, every layer of every architecture family with each GEMM tile, whole forward and"
                    + " backward passes, Adam steps and CNN22 at full width, for each --gemm mode (kernels, cublas, tf32;"
                    + " a library that does not load is reported and skipped); norm-wise relative error at most 1e-4"
                    + " (TF32: 1e-2 for values, 5e-2 for gradients, 2e-1 after steps). Every comparison goes to OUT_DIR/conformance.txt.",
            "2. Timings of --arch in each mode: optimiser steps (positions/s), inference (boards/s), evaluation and greedy-move"
                    + " latency (p50, p99; with and without CUDA graphs), the CPU reference beside them, and the forward GEMM"
                    + " kernels beside cuBLAS fp32 and TF32 at CNN22's shapes. Written to OUT_DIR/timings.txt and printed.",
            "bench/gpu-check.sh runs this on a lent GPU machine (see bench/README.md).",
            "Exit codes: 0 every comparison passed, 1 one failed, 2 bad input, 3 CUDA unavailable here (the reason is printed)."
        })
final class GpuCheckCommand implements Callable<Integer> {

    @Option(names = "--arch", defaultValue = "CNN22", description = "Architecture to time: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).",
            completionCandidates = TrainCnnCommand.ArchNames.class)
    String arch;

    @Option(names = "--seconds", defaultValue = "3", description = "Seconds per timing (default: ${DEFAULT-VALUE}; 0.2 for a quick run).")
    double seconds;

    @Option(names = "--image", description = "Kernel image to load: fatbin (sm_90 code, the default) or ptx (compiled by the driver at load).")
    String image;

    @Parameters(index = "0", paramLabel = "OUT_DIR", description = "Directory for conformance.txt and timings.txt (created if needed).")
    Path out;

    @Override
    public Integer call() throws Exception {
        if (!(seconds > 0)) {
            throw new Errors.BadInput("--seconds: expected a positive number, got " + seconds);
        }
        if (image != null) {
            String kind = image.toLowerCase(Locale.ROOT);
            if (!kind.equals("fatbin") && !kind.equals("ptx")) {
                throw new Errors.BadInput("--image " + image + ": expected fatbin or ptx");
            }
            // Read when the kernels are loaded, which is after this point.
            System.setProperty(KernelImages.IMAGE_PROPERTY, kind);
        }
        // An unknown --arch is an IllegalArgumentException from Architectures: bad input, exit code 2.
        return GpuCheck.run(arch, seconds, out, System.out);
    }
}
