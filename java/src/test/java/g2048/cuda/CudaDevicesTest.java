package g2048.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Shape;
import g2048.nn.Architectures;
import g2048.nn.Initializer;
import g2048.nn.Network;
import g2048.nn.NetworkEvaluator;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The --device choice and its messages, without a GPU (the probe's answer is given). */
class CudaDevicesTest {

    private static final CudaProbe.Result NONE = new CudaProbe.Result(false, "no libcuda.so.1 (no NVIDIA driver on this machine)", null, -1);
    private static final CudaProbe.Result H100 = new CudaProbe.Result(true, null, "NVIDIA H100 (sm_90, 132 SMs, CUDA driver 13.0)", 0);

    @Test
    void autoSaysWhatItChoseAndWhy() {
        CudaDevices.Choice cpu = CudaDevices.choose(CudaDevices.Request.AUTO, NONE);
        assertEquals(CudaDevices.Kind.CPU, cpu.kind());
        assertEquals("device: cpu (CUDA unavailable: no libcuda.so.1 (no NVIDIA driver on this machine))", cpu.line());
        CudaDevices.Choice gpu = CudaDevices.choose(CudaDevices.Request.AUTO, H100);
        assertEquals(CudaDevices.Kind.CUDA, gpu.kind());
        assertTrue(gpu.line().startsWith("device: cuda NVIDIA H100"), gpu.line());
    }

    @Test
    void cudaWhereAbsentIsOneLineOfBadInput() {
        CudaUnavailableException e = assertThrows(CudaUnavailableException.class, () -> CudaDevices.choose(CudaDevices.Request.CUDA, NONE));
        assertEquals("--device cuda: CUDA unavailable: no libcuda.so.1 (no NVIDIA driver on this machine)", e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        // The command line turns IllegalArgumentException into exit code 2 with the message alone.
        assertInstanceOf(IllegalArgumentException.class, e);
        assertEquals(CudaDevices.Kind.CUDA, CudaDevices.choose(CudaDevices.Request.CUDA, H100).kind());
    }

    @Test
    void cpuNeverNeedsCuda() {
        assertEquals(CudaDevices.Kind.CPU, CudaDevices.choose(CudaDevices.Request.CPU, NONE).kind());
        assertEquals(CudaDevices.Kind.CPU, CudaDevices.choose(CudaDevices.Request.CPU).kind());
    }

    @Test
    void unknownDevicesAreRefusedNamingTheOption() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CudaDevices.Request.parse("gpu"));
        assertEquals("--device gpu: expected auto, cpu or cuda", e.getMessage());
        assertEquals(CudaDevices.Request.CUDA, CudaDevices.Request.parse("CUDA"));
    }

    @Test
    void onThisMachineTheProbeAndTheChoiceAgree() {
        CudaProbe.Result p = CudaProbe.probe();
        ByteArrayOutputStream notes = new ByteArrayOutputStream();
        String chosen = CudaDevices.resolve("auto", new PrintStream(notes, true));
        assertEquals(p.available() ? "cuda" : "cpu", chosen);
        String line = notes.toString().strip();
        if (p.available()) {
            assertTrue(line.startsWith("device: cuda "), line);
        } else {
            assertEquals("device: cpu (CUDA unavailable: " + p.reason() + ")", line);
            CudaUnavailableException e = assertThrows(CudaUnavailableException.class, CudaContext::open);
            assertEquals("CUDA unavailable: " + p.reason(), e.getMessage());
            CudaUnavailableException cuda = assertThrows(CudaUnavailableException.class, () -> CudaDevices.resolve("cuda", new PrintStream(notes)));
            assertEquals("--device cuda: CUDA unavailable: " + p.reason(), cuda.getMessage());
        }
    }

    @Test
    void theCpuChoiceGivesTheCpuReference(@TempDir Path dir) {
        Network net = new Network(Architectures.cnn22("t", 4, 6, 8, 5));
        float[] w = Initializer.truncatedNormal(net, 3);
        var e = CudaDevices.evaluator(CudaDevices.choose(CudaDevices.Request.CPU), net, w, "test", GemmMode.KERNELS, true);
        assertInstanceOf(NetworkEvaluator.class, e);
        assertEquals(Shape.S4x4, e.shape());
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> CudaDevices.open(null, "cpu", "kernels", "on", Shape.S4x4, System.err));
        assertTrue(bad.getMessage().startsWith("--model:"), bad.getMessage());
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> CudaDevices.open(dir.resolve("none.g2nn"), "cpu", "kernels", "on", Shape.S4x4, System.err));
        assertTrue(missing.getMessage().contains("none.g2nn"), missing.getMessage());
    }

    @Test
    void cudaGraphsTakeOnOrOff(@TempDir Path dir) {
        assertTrue(CudaDevices.graphs("on"));
        assertTrue(CudaDevices.graphs("ON"));
        assertFalse(CudaDevices.graphs("off"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CudaDevices.graphs("yes"));
        assertEquals("--cuda-graphs yes: expected on or off", e.getMessage());
        // Checked before the device is used, also when the CPU plays.
        IllegalArgumentException cpu = assertThrows(IllegalArgumentException.class,
                () -> CudaDevices.open(dir.resolve("none.g2nn"), "cpu", "kernels", "maybe", Shape.S4x4, System.err));
        assertEquals("--cuda-graphs maybe: expected on or off", cpu.getMessage());
    }

    @Test
    void gemmIsCheckedAgainstTheDeviceChosen() {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream notes = new PrintStream(buf, true);
        CudaDevices.Choice cpu = new CudaDevices.Choice(CudaDevices.Kind.CPU, "device: cpu");
        CudaDevices.Choice gpu = new CudaDevices.Choice(CudaDevices.Kind.CUDA, "device: cuda");
        assertEquals(GemmMode.KERNELS, CudaDevices.gemm("kernels", CudaDevices.Request.CPU, cpu, notes));
        assertEquals(GemmMode.CUBLAS, CudaDevices.gemm("CUBLAS", CudaDevices.Request.CUDA, gpu, notes));
        assertEquals("", buf.toString(), "nothing to say when the choice is used");
        assertEquals(GemmMode.CUBLAS_TF32, CudaDevices.gemm("tf32", CudaDevices.Request.AUTO, cpu, notes));
        assertEquals("gemm: tf32 unused (the cpu runs the network)", buf.toString().strip());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CudaDevices.gemm("cublas", CudaDevices.Request.CPU, cpu, notes));
        assertEquals("--gemm cublas: names a GPU library; it needs --device cuda or auto", e.getMessage());
    }
}
