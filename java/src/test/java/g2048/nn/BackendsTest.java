package g2048.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.eval.CheckEvaluator;
import g2048.eval.Evaluator;
import g2048.eval.EvaluatorMismatchException;
import g2048.eval.HashEvaluator;
import g2048.game.Rng;
import g2048.game.Shape;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The registry of backends by name, with made-up backends (their model unread): names,
 * {@code auto}, {@code check}, the one-line errors, the options, a backend that refuses, and the
 * choice of where policy training runs.
 */
class BackendsTest {

    private static final BackendOption LIBRARY = new BackendOption("gemm", List.of("kernels", "cublas"), "kernels", Set.of("cublas"));
    private static final BackendOption GRAPHS = new BackendOption("graphs", List.of("on", "off"), "on", Set.of());

    /** Values the hash evaluator's times {@code factor}; closing is counted. */
    private static final class Scaled implements Evaluator, AutoCloseable {
        final Evaluator base;
        final double factor;
        int closed;

        Scaled(Shape shape, double factor) {
            this.base = new HashEvaluator(shape);
            this.factor = factor;
        }

        @Override
        public Shape shape() {
            return base.shape();
        }

        @Override
        public double value(long afterstate) {
            return factor * base.value(afterstate);
        }

        @Override
        public String describe() {
            return "scaled " + factor;
        }

        @Override
        public void close() {
            closed++;
        }
    }

    private record Fake(String name, boolean reference, int autoPreference, String unavailableReason, double factor,
            boolean refuses) implements Backend {

        @Override
        public String device() {
            return name + " device";
        }

        @Override
        public List<BackendOption> options() {
            return reference ? List.of() : List.of(LIBRARY, GRAPHS);
        }

        @Override
        public double tolerance(BackendOptions options) {
            return reference ? 0 : 1e-4;
        }

        @Override
        public String policyDevice() {
            return name + " policy device";
        }

        @Override
        public ValueTraining valueTraining(BackendOptions options) {
            throw new UnsupportedOperationException();
        }

        @Override
        public int generatorLanes() {
            return 1;
        }

        @Override
        public Optimiser<Optimiser.Moves> policyTraining(NetSpec spec, float[] weights, Adam adam, int batch, int threads) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Evaluator open(NetworkModel model, BackendOptions options, PrintStream notes) {
            if (refuses) {
                throw new UnusableBackendException("its values FAILED against the reference");
            }
            notes.println(name + " opened, gemm " + options.get(LIBRARY));
            Scaled e = new Scaled(Shape.S4x4, factor);
            OPENED.add(e);
            return e;
        }
    }

    /** Every evaluator the fakes opened (the tests run one at a time in this class). */
    private static final List<Scaled> OPENED = new java.util.ArrayList<>();

    private static final Fake CPU = new Fake("cpu", true, 0, null, 1, false);
    private static final Fake FAST = new Fake("fast", false, 10, null, 1 + 1e-7, false);
    private static final Fake GONE = new Fake("gone", false, 20, "GONE unavailable: no such device", 1, false);

    private static Backends registry(Fake... backends) {
        return new Backends(Backends.DEVICE, List.<Backend>of(backends));
    }

    @org.junit.jupiter.api.BeforeEach
    void forget() {
        OPENED.clear();
    }

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final PrintStream notes = new PrintStream(printed, true, StandardCharsets.UTF_8);

    private String notes() {
        return printed.toString(StandardCharsets.UTF_8).strip();
    }

    @Test
    void namesAreAutoCheckThenTheBackends() {
        assertEquals(List.of("auto", "check", "cpu", "fast", "gone"), registry(GONE, CPU, FAST).names());
        assertSame(CPU, registry(GONE, CPU, FAST).reference());
        assertSame(FAST, registry(GONE, CPU, FAST).backend("fast"));
        assertNull(registry(CPU).backend("fast"));
    }

    @Test
    void aBackendAskedByNameIsUsedAsItIs() {
        var c = registry(CPU, FAST, GONE).choose("FAST", BackendOptions.NONE, notes);
        assertSame(FAST, c.backend());
        assertEquals("", notes(), "nothing to say about a choice the user made");
        Evaluator e = c.open(null, notes);
        assertInstanceOf(Scaled.class, e);
        assertEquals("fast opened, gemm kernels", notes());
    }

    @Test
    void anUnknownOrUnavailableBackendIsOneLineOfBadInput() {
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> registry(CPU, FAST, GONE).choose("gpu", BackendOptions.NONE, notes));
        assertEquals("device gpu: expected auto, check, cpu, fast or gone", unknown.getMessage());
        IllegalArgumentException gone = assertThrows(IllegalArgumentException.class,
                () -> registry(CPU, FAST, GONE).choose("gone", BackendOptions.NONE, notes));
        assertEquals("device gone: GONE unavailable: no such device", gone.getMessage());
        assertFalse(gone.getMessage().contains("\n"));
    }

    @Test
    void autoTakesThePreferredBackendThatRunsAndSaysWhy() {
        var c = registry(CPU, FAST, GONE).choose("auto", BackendOptions.NONE, notes);
        assertSame(FAST, c.backend());
        assertEquals("device: fast device (GONE unavailable: no such device)", notes());
        assertEquals(c.line(), notes());

        printed.reset();
        var cpu = registry(CPU, GONE).choose("auto", BackendOptions.NONE, notes);
        assertSame(CPU, cpu.backend());
        assertEquals("device: cpu device (GONE unavailable: no such device)", notes());

        printed.reset();
        assertSame(CPU, registry(CPU).choose("auto", BackendOptions.NONE, notes).backend());
        assertEquals("device: cpu device", notes());
    }

    @Test
    void checkComparesTheCandidateWithTheReferenceOnEveryValue() {
        var c = registry(CPU, FAST, GONE).choose("check", BackendOptions.NONE, notes);
        assertInstanceOf(CheckBackend.class, c.backend(), "check is a backend of the registry");
        assertEquals("check, fast device against the reference cpu device", c.backend().device(),
                "the preferred backend that runs is the one checked");
        assertEquals("device: check, fast device against the reference cpu device (relative tolerance 1e-04)", notes());
        assertEquals(List.of(LIBRARY, GRAPHS), c.backend().options(), "check reads the options of the backend it checks");
        assertEquals(1e-4, c.backend().tolerance(BackendOptions.NONE));
        Evaluator e = c.open(null, notes);
        CheckEvaluator check = assertInstanceOf(CheckEvaluator.class, e);
        long[] boards = boards(500);
        double[] out = new double[boards.length];
        e.values(boards, boards.length, out);
        assertEquals(boards.length, check.checked());
        Evaluator.free(e);
    }

    @Test
    void checkFailsLoudlyBeyondTheTolerance() {
        Fake wrong = new Fake("fast", false, 10, null, 1.001, false);
        Evaluator e = registry(CPU, wrong).choose("check", BackendOptions.NONE, notes).open(null, notes);
        long[] boards = boards(64);
        EvaluatorMismatchException x = assertThrows(EvaluatorMismatchException.class, () -> e.values(boards, boards.length, new double[64]));
        assertTrue(x.getMessage().contains("reference scaled 1.0"), x.getMessage());
        assertTrue(x.getMessage().contains("candidate scaled 1.001"), x.getMessage());
        assertEquals(1.001 * x.mismatch().referenceValue(), x.mismatch().candidateValue(), 1e-9 * x.mismatch().referenceValue());
        assertThrows(EvaluatorMismatchException.class, () -> e.value(boards[0]), "single values are compared too");
    }

    @Test
    void checkNeedsASecondBackendThatRuns() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> registry(CPU, GONE).choose("check", BackendOptions.NONE, notes));
        assertEquals("device check: compares cpu with another backend, and none can run here (gone: GONE unavailable: no such device)",
                e.getMessage());
    }

    @Test
    void closingACheckedEvaluatorClosesBothSides() {
        Evaluator e = registry(CPU, FAST).choose("check", BackendOptions.NONE, notes).open(null, notes);
        assertInstanceOf(CheckEvaluator.class, e);
        assertEquals(2, OPENED.size(), "the reference's and the candidate's");
        Evaluator.free(e);
        assertEquals(List.of(1, 1), OPENED.stream().map(x -> x.closed).toList());
        Evaluator.free(new HashEvaluator(Shape.S4x4)); // nothing to free: no effect
    }

    @Test
    void optionsAreCheckedWhicheverBackendIsChosen() {
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> registry(CPU, FAST).choose("cpu", BackendOptions.of("gemm", "cudnn"), notes));
        assertEquals("gemm cudnn: expected kernels or cublas", bad.getMessage());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> registry(CPU, FAST).choose("cpu", BackendOptions.of("tiles", "big"), notes));
        assertTrue(unknown.getMessage().startsWith("tiles: no backend here takes it"), unknown.getMessage());
        // A value only another backend honours, asked for with one that does not take the option.
        IllegalArgumentException library = assertThrows(IllegalArgumentException.class,
                () -> registry(CPU, FAST).choose("cpu", BackendOptions.of("gemm", "cublas"), notes));
        assertEquals("gemm cublas: device cpu does not take it; it needs device fast (or auto where that runs)", library.getMessage());
        // Values any backend satisfies, and defaults, are fine everywhere.
        assertSame(CPU, registry(CPU, FAST).choose("cpu", BackendOptions.of("gemm", "kernels", "graphs", "off"), notes).backend());
        assertEquals("", notes());
        // auto taking the reference says the library goes unused.
        var c = registry(CPU, GONE).choose("auto", BackendOptions.of("gemm", "CUBLAS"), notes);
        assertSame(CPU, c.backend());
        assertTrue(notes().startsWith("gemm: cublas unused (cpu runs the network)"), notes());
        // The backend reads the value given.
        printed.reset();
        registry(CPU, FAST).choose("fast", BackendOptions.of("gemm", "cublas"), notes).open(null, notes);
        assertEquals("fast opened, gemm cublas", notes());
    }

    @Test
    void aBackendThatRefusesStopsWhenAskedForAndGivesWayUnderAuto() {
        Fake refusing = new Fake("fast", false, 10, null, 1, true);
        UnusableBackendException asked = assertThrows(UnusableBackendException.class,
                () -> registry(CPU, refusing).choose("fast", BackendOptions.NONE, notes).open(null, notes));
        assertEquals("device fast: its values FAILED against the reference", asked.getMessage());
        var auto = registry(CPU, refusing).choose("auto", BackendOptions.NONE, notes);
        printed.reset();
        Evaluator e = auto.open(null, notes);
        assertEquals(1.0, ((Scaled) e).factor);
        assertTrue(notes().startsWith("device: cpu device (fast refused: its values FAILED against the reference)"), notes());
        UnusableBackendException checked = assertThrows(UnusableBackendException.class,
                () -> registry(CPU, refusing).choose("check", BackendOptions.NONE, notes).open(null, notes));
        assertEquals("device check: fast: its values FAILED against the reference", checked.getMessage());
    }

    @Test
    void namesAreUniqueAndOneBackendIsTheReference() {
        assertThrows(IllegalStateException.class, () -> registry(CPU, FAST, new Fake("fast", false, 1, null, 1, false)));
        assertThrows(IllegalStateException.class, () -> registry(FAST));
        assertThrows(IllegalStateException.class, () -> registry(CPU, new Fake("cpu2", true, 0, null, 1, false)));
        assertThrows(IllegalStateException.class, () -> registry(CPU, new Fake("auto", false, 0, null, 1, false)));
    }

    private static long[] boards(int n) {
        Rng rng = new Rng(5);
        long[] b = new long[n];
        for (int i = 0; i < n; i++) {
            b[i] = rng.nextLong() & 0x7777_7777_7777_7777L;
        }
        return b;
    }

    @Test
    void policyTrainingTakesAutoOrANameAndAutoSaysWhy() {
        Backends d = registry(GONE, CPU);
        assertEquals(List.of("auto", "cpu", "gone"), d.policyTrainingNames());
        assertSame(CPU, d.choosePolicyTraining("auto", notes));
        assertEquals("device: cpu policy device (auto; gone: GONE unavailable: no such device)", notes());
        printed.reset();
        assertSame(CPU, d.choosePolicyTraining("CPU", notes));
        assertEquals("", notes(), "a backend asked for by name is not announced");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> d.choosePolicyTraining("gone", notes));
        assertEquals("device gone: GONE unavailable: no such device", refused.getMessage());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> d.choosePolicyTraining("check", notes));
        assertEquals("device check: expected auto, cpu or gone", unknown.getMessage());

        assertSame(FAST, registry(CPU, FAST).choosePolicyTraining("auto", notes));
        assertEquals("device: fast policy device (auto)", notes());
        assertInstanceOf(CpuBackend.class, Backends.installed().choosePolicyTraining("cpu", notes));
        assertEquals("cpu, " + GemmKernel.best().describe(), new CpuBackend().policyDevice(), "the CPU names its convolution kernel");
    }
}
