package g2048.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The CUDA kernels' own source, compiled for the CPU and run thread by thread
 * (native-build/host-check.sh, cuda/host/): every kernel against plain loops, on a fresh seed.
 * Needs a C++20 compiler, not a GPU; skipped with the reason where there is none.
 */
class KernelHostEmulationTest {

    @Test
    void kernelsComputeWhatThePlainLoopsCompute() throws IOException, InterruptedException {
        Path script = GeometryTest.repo().resolve("native-build/host-check.sh");
        long seed = System.nanoTime() & Long.MAX_VALUE;
        Process p = new ProcessBuilder("bash", script.toString(), Long.toString(seed)).redirectErrorStream(true).start();
        // a minute or two alone (compiling included); the bound only catches a hang, so it leaves room for a busy machine
        boolean done = p.waitFor(600, TimeUnit.SECONDS);
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!done) {
            p.destroyForcibly();
        }
        assertTrue(done, "host-check did not finish in 600 s:\n" + out);
        Assumptions.assumeFalse(p.exitValue() == 2, () -> "no C++ compiler to run the kernels on the CPU: " + out.strip());
        assertEquals(0, p.exitValue(), "seed " + seed + ":\n" + out);
        assertTrue(out.contains("ok: 0 failed"), out);
        assertTrue(out.lines().filter(l -> l.startsWith("gemm_")).count() >= 60, "every GEMM form and tile ran:\n" + out);
        // the policy networks: encoding, softmax cross-entropy, padded convolutions and the dense layer
        assertTrue(out.lines().filter(l -> l.startsWith("policy")).count() >= 40, "every policy check ran:\n" + out);
    }
}
