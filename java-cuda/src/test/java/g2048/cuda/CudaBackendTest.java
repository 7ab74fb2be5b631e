package g2048.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.eval.CheckEvaluator;
import g2048.eval.Evaluator;
import g2048.game.Rng;
import g2048.nn.Architectures;
import g2048.nn.Backend;
import g2048.nn.BackendOptions;
import g2048.nn.Backends;
import g2048.nn.CpuBackend;
import g2048.nn.Initializer;
import g2048.nn.Network;
import g2048.nn.NetworkEvaluator;
import g2048.nn.NetworkModel;
import g2048.nn.UnusableBackendException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The value-network backends by name: what the class path registers, the choice on this machine,
 * and the {@code cuda} backend over an emulated device (its self-check, {@code check} beside the
 * CPU, a broken device refused).
 */
class CudaBackendTest {

    private static final Network NET = new Network(Architectures.cnn22("t", 4, 6, 8, 5));
    private static final NetworkModel MODEL = new NetworkModel(NET, Initializer.truncatedNormal(NET, 3), "t.g2nn");

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final PrintStream notes = new PrintStream(printed, true, StandardCharsets.UTF_8);

    private String notes() {
        return printed.toString(StandardCharsets.UTF_8).strip();
    }

    @Test
    void theClassPathRegistersCpuAndCuda() {
        Backends installed = Backends.installed();
        assertEquals(List.of("auto", "check", "cpu", "cuda"), installed.names());
        assertInstanceOf(CpuBackend.class, installed.reference());
        assertInstanceOf(CudaBackend.class, installed.backend("cuda"));
    }

    @Test
    void onThisMachineAutoSaysWhatItChoseAndCudaIsRefusedWithoutAGpu() {
        CudaProbe.Result probe = CudaProbe.probe();
        var auto = Backends.installed().choose("auto", BackendOptions.NONE, notes);
        if (probe.available()) {
            assertEquals("cuda", auto.backend().name());
            assertTrue(notes().startsWith("device: cuda "), notes());
            return;
        }
        assertEquals("cpu", auto.backend().name());
        assertEquals("device: cpu (CUDA unavailable: " + probe.reason() + ")", notes());
        IllegalArgumentException cuda = assertThrows(IllegalArgumentException.class,
                () -> Backends.installed().choose("cuda", BackendOptions.NONE, notes));
        assertEquals("device cuda: CUDA unavailable: " + probe.reason(), cuda.getMessage());
        IllegalArgumentException check = assertThrows(IllegalArgumentException.class,
                () -> Backends.installed().choose("check", BackendOptions.NONE, notes));
        assertTrue(check.getMessage().startsWith("device check: compares cpu with another backend, and none can run here"),
                check.getMessage());
        // The GPU's options are still checked, and a library with the CPU is refused.
        IllegalArgumentException graphs = assertThrows(IllegalArgumentException.class,
                () -> Backends.installed().choose("cpu", BackendOptions.of("cudaGraphs", "maybe"), notes));
        assertEquals("cudaGraphs maybe: expected on or off", graphs.getMessage());
        IllegalArgumentException library = assertThrows(IllegalArgumentException.class,
                () -> Backends.installed().choose("cpu", BackendOptions.of("gemm", "tf32"), notes));
        assertEquals("gemm tf32: device cpu does not take it; it needs device cuda (or auto where that runs)", library.getMessage());
    }

    @Test
    void theCpuBackendIsTheReference() {
        Evaluator e = new CpuBackend().open(MODEL, BackendOptions.NONE, notes);
        assertInstanceOf(NetworkEvaluator.class, e);
        assertEquals("", notes());
        assertEquals(0.0, new CpuBackend().tolerance(BackendOptions.NONE));
    }

    @Test
    void onAnEmulatedGpuTheEvaluatorIsSelfCheckedAndCheckComparesBothSides() {
        EmulatedDriver driver = new EmulatedDriver(4);
        try (CudaContext ctx = new CudaContext(driver)) {
            CudaBackend cuda = new CudaBackend(ctx);
            assertEquals(1e-4, cuda.tolerance(BackendOptions.NONE));
            assertEquals(1e-2, cuda.tolerance(BackendOptions.of("gemm", "tf32")));
            Evaluator gpu = Backends.Choice.of(cuda, BackendOptions.NONE).open(MODEL, notes);
            assertInstanceOf(CudaEvaluator.class, gpu);
            assertTrue(notes().startsWith("device: cuda, forwards of up to 256 boards as CUDA graphs, checked against the CPU reference"
                    + " on 256 boards"), notes());
            Evaluator.free(gpu);

            var registry = new Backends(Backends.DEVICE, List.of(new CpuBackend(), cuda));
            printed.reset();
            var check = registry.choose("check", BackendOptions.of("cudaGraphs", "off"), notes);
            assertEquals("check", check.backend().name(), "check is a backend of the registry");
            assertEquals("check, " + cuda.device() + " against the reference cpu", check.backend().device(), "it compares cuda with the CPU");
            assertEquals(cuda.options(), check.backend().options(), "it reads the options of the backend it checks");
            Evaluator both = check.open(MODEL, notes);
            CheckEvaluator checker = assertInstanceOf(CheckEvaluator.class, both);
            long[] boards = SelfCheck.randomBoards(new Rng(9), 300);
            double[] v = new double[boards.length];
            both.values(boards, boards.length, v);
            assertEquals(boards.length, checker.checked());
            assertTrue(notes().contains("device: cuda, checked against the CPU reference"), notes());
            Evaluator.free(both);
        }
        assertEquals(0, driver.live(), "device buffers, host buffers or streams left after close");
    }

    @Test
    void aDeviceThatComputesSomethingElseIsRefused() {
        EmulatedDriver driver = new EmulatedDriver(4);
        driver.broken = "encode_boards";
        try (CudaContext ctx = new CudaContext(driver)) {
            var registry = new Backends(Backends.DEVICE, List.of(new CpuBackend(), new CudaBackend(ctx)));
            UnusableBackendException asked = assertThrows(UnusableBackendException.class,
                    () -> registry.choose("cuda", BackendOptions.NONE, notes).open(MODEL, notes));
            assertTrue(asked.getMessage().startsWith("device cuda: the GPU's values FAILED against the CPU reference"), asked.getMessage());
            assertFalse(asked.getMessage().contains("\n"));
            printed.reset();
            Evaluator e = registry.choose("auto", BackendOptions.NONE, notes).open(MODEL, notes);
            assertInstanceOf(NetworkEvaluator.class, e, "auto gives way to the CPU, and says so");
            assertTrue(notes().contains("device: cpu (cuda refused: the GPU's values FAILED"), notes());
        }
        assertEquals(0, driver.live(), "the refused evaluator was freed");
    }
}
