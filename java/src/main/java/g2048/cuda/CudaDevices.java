package g2048.cuda;

import g2048.eval.Evaluator;
import g2048.game.Shape;
import g2048.nn.Network;
import g2048.nn.NetworkEvaluator;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The {@code --device auto|cpu|cuda} choice for value networks. {@code auto} takes CUDA where it
 * can run and says what it chose ({@link Choice#line()}, e.g.
 * {@code device: cpu (CUDA unavailable: no libcuda.so.1 (no NVIDIA driver on this machine))});
 * {@code cuda} where CUDA cannot run throws {@link CudaUnavailableException} (one line, exit code 2
 * on the command line); {@code cpu} never touches CUDA.
 */
public final class CudaDevices {

    /** What the user asked for. */
    public enum Request {
        AUTO, CPU, CUDA;

        /** Parses {@code auto}, {@code cpu} or {@code cuda}; anything else is bad input naming the option. */
        public static Request parse(String text) {
            return switch (text.toLowerCase(Locale.ROOT)) {
                case "auto" -> AUTO;
                case "cpu" -> CPU;
                case "cuda" -> CUDA;
                default -> throw new IllegalArgumentException("--device " + text + ": expected auto, cpu or cuda");
            };
        }
    }

    /** Where value networks run, and the line saying why. */
    public enum Kind {
        CPU, CUDA
    }

    /**
     * @param line one line for standard error, {@code device: ...}
     */
    public record Choice(Kind kind, String line) {
    }

    private CudaDevices() {
    }

    /** Chooses for {@code request} given what the probe found (pure, for tests). */
    public static Choice choose(Request request, CudaProbe.Result probe) {
        return switch (request) {
            case CPU -> new Choice(Kind.CPU, "device: cpu (as asked)");
            case CUDA -> {
                if (!probe.available()) {
                    throw new CudaUnavailableException("--device cuda", probe.reason());
                }
                yield new Choice(Kind.CUDA, "device: cuda " + probe.description() + " (as asked)");
            }
            case AUTO -> probe.available()
                    ? new Choice(Kind.CUDA, "device: cuda " + probe.description())
                    : new Choice(Kind.CPU, "device: cpu (CUDA unavailable: " + probe.reason() + ")");
        };
    }

    /** Chooses for {@code request} on this machine; {@code cpu} does not probe. */
    public static Choice choose(Request request) {
        if (request == Request.CPU) {
            return new Choice(Kind.CPU, "device: cpu (as asked)");
        }
        return choose(request, CudaProbe.probe());
    }

    /**
     * The evaluator of {@code network} with {@code weights} on the chosen device: the CPU reference
     * ({@link NetworkEvaluator}) or a {@link CudaEvaluator} on the shared context whose products are
     * by {@code gemm}, replaying its small forwards when {@code graphs} and the products are the kernels.
     */
    public static Evaluator evaluator(Choice choice, Network network, float[] weights, String source, GemmMode gemm, boolean graphs) {
        return switch (choice.kind()) {
            case CPU -> new NetworkEvaluator(network, weights, source);
            case CUDA -> CudaEvaluator.create(CudaContext.shared(), network, weights, source, CudaEvaluator.DEFAULT_CAPACITY, gemm,
                    graphs && gemm == GemmMode.KERNELS);
        };
    }

    /** Parses {@code --cuda-graphs}: on or off. */
    public static boolean graphs(String text) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "on" -> true;
            case "off" -> false;
            default -> throw new IllegalArgumentException("--cuda-graphs " + text + ": expected on or off");
        };
    }

    /**
     * Checks {@code --gemm} against the choice: a library named with {@code --device cpu} is bad
     * input; with {@code auto} choosing the CPU, a line on {@code notes} says it goes unused.
     */
    public static GemmMode gemm(String text, Request request, Choice choice, PrintStream notes) {
        GemmMode g = GemmMode.parse(text);
        if (g != GemmMode.KERNELS && choice.kind() == Kind.CPU) {
            if (request == Request.CPU) {
                throw new IllegalArgumentException("--gemm " + g.label() + ": names a GPU library; it needs --device cuda or auto");
            }
            notes.println("gemm: " + g.label() + " unused (the cpu runs the network)");
        }
        return g;
    }

    /** "cpu" or "cuda" for {@code requested} (auto, cpu or cuda); an {@code auto} choice is reported on {@code notes}. */
    public static String resolve(String requested, PrintStream notes) {
        Request r = Request.parse(requested);
        Choice c = choose(r);
        if (r == Request.AUTO) {
            notes.println(c.line());
        }
        return c.kind() == Kind.CUDA ? "cuda" : "cpu";
    }

    /**
     * An evaluator over the network in {@code model} on the device {@code device} names, its GPU
     * products by {@code gemm} ({@code --gemm}), its small forwards replayed as CUDA graphs as
     * {@code graphs} ({@code --cuda-graphs} on or off; with the kernels' products only), for a 4×4
     * board. A GPU evaluator is first compared with the CPU reference ({@link SelfCheck}), through
     * the path a batch of its size takes, and the result goes to {@code notes}; if it disagrees,
     * {@code cuda} is refused and {@code auto} says it takes the CPU instead.
     */
    public static Evaluator open(Path model, String device, String gemm, String graphs, Shape shape, PrintStream notes) {
        if (model == null) {
            throw new IllegalArgumentException("--model: the cnn player needs a network file (.g2nn), e.g. one written by 'train cnn'");
        }
        if (!shape.equals(Shape.S4x4)) {
            throw new IllegalArgumentException("--shape: value networks play 4x4 only, got " + shape);
        }
        Request r = Request.parse(device);
        Choice c = choose(r);
        GemmMode products = gemm(gemm, r, c, notes);
        boolean replay = graphs(graphs);
        g2048.nn.TrainedNetwork t;
        try {
            t = g2048.nn.NetworkFile.load(model);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(model + ": " + e.getMessage(), e);
        }
        Network network = new Network(t.spec());
        String source = model.getFileName().toString();
        NetworkEvaluator cpu = new NetworkEvaluator(network, t.weights(), source);
        if (c.kind() == Kind.CPU) {
            if (r == Request.AUTO) {
                notes.println(c.line());
            }
            return cpu;
        }
        Evaluator gpu = evaluator(c, network, t.weights(), source, products, replay);
        SelfCheck.Result check = SelfCheck.compare(gpu, cpu, 1, SelfCheck.BOARDS, products.tolerance());
        if (check.passed()) {
            String graphed = ((CudaEvaluator) gpu).replays()
                    ? ", forwards of up to " + CudaPass.RECORDED_MAX_BATCH + " boards as CUDA graphs"
                    : replay ? ", no CUDA graphs (--gemm " + products.label() + ")" : "";
            notes.println(c.line() + graphed + ", " + check.line());
            return gpu;
        }
        ((CudaEvaluator) gpu).close();
        if (r == Request.CUDA) {
            throw new IllegalStateException("--device cuda: the GPU's values " + check.line());
        }
        notes.println("device: cpu (the GPU's values " + check.line() + ")");
        return cpu;
    }
}
