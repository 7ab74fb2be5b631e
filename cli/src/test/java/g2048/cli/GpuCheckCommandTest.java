package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.cuda.CudaProbe;
import g2048.cuda.check.GpuCheck;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code g2048 gpu-check} as bench/gpu-check.sh calls it; without a GPU it must say why and stop with exit code 3. */
class GpuCheckCommandTest {

    @Test
    void helpSaysWhatIsCheckedAndTheExitCodes() {
        CommandRun help = CommandRun.of("gpu-check", "--help");
        assertEquals(0, help.exit(), help.err());
        String text = help.out().replaceAll("\\s+", " ");
        for (String s : new String[] {"OUT_DIR", "--arch", "--seconds", "--image", "conformance.txt", "timings.txt", "3 CUDA unavailable"}) {
            assertTrue(text.contains(s), s + " in: " + help.out());
        }
        assertTrue(CommandRun.of("--help").out().contains("gpu-check"), "listed among the commands");
    }

    @Test
    void withoutAGpuItSaysWhyAndExitsWith3(@TempDir Path dir) {
        CudaProbe.Result probe = CudaProbe.probe();
        Assumptions.assumeFalse(probe.available(), "this machine has a GPU: bench/gpu-check.sh runs the check itself");
        CommandRun r = CommandRun.of("gpu-check", "--seconds", "0.1", dir.resolve("out").toString());
        assertEquals(GpuCheck.UNAVAILABLE, r.exit(), r.out() + r.err());
        assertTrue(r.out().startsWith("kernels: "), r.out());
        assertTrue(r.out().contains("CUDA unavailable: " + probe.reason()), r.out());
        assertTrue(Files.isDirectory(dir.resolve("out")));
    }

    @Test
    void badInputIsOneLineAndExitCode2(@TempDir Path dir) {
        CommandRun image = CommandRun.of("gpu-check", "--image", "cubin", dir.toString());
        assertEquals(2, image.exit(), image.err());
        assertEquals("g2048 gpu-check: --image cubin: expected fatbin or ptx", image.err().strip());
        CommandRun arch = CommandRun.of("gpu-check", "--arch", "CNN99", dir.toString());
        assertEquals(2, arch.exit(), arch.err());
        assertEquals(1, arch.errLines().length, arch.err());
        CommandRun seconds = CommandRun.of("gpu-check", "--seconds", "0", dir.toString());
        assertEquals(2, seconds.exit(), seconds.err());
        CommandRun noDir = CommandRun.of("gpu-check");
        assertEquals(2, noDir.exit(), noDir.err());
    }
}
