package g2048.cuda;

import g2048.eval.Evaluator;
import g2048.nn.Network;
import g2048.nn.NetworkEvaluator;
import java.util.Locale;

/**
 * The {@code --device auto|cpu|cuda} choice for value networks. {@code auto} takes CUDA where it
 * can run and says what it chose ({@link Choice#line()}, e.g.
 * {@code device: cpu (CUDA unavailable: no libcuda.so.1 (no NVIDIA driver on this machine))});
 * {@code cuda} where CUDA cannot run throws {@link CudaUnavailableException} (one line, exit code 2
 * on the command line); {@code cpu} never touches CUDA.
 */
public final class Devices {

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

    private Devices() {
    }

    /** Chooses for {@code request} given what the probe found (pure, for tests). */
    public static Choice choose(Request request, CudaProbe.Result probe) {
        return switch (request) {
            case CPU -> new Choice(Kind.CPU, "device: cpu (as asked)");
            case CUDA -> {
                if (!probe.available()) {
                    throw new CudaUnavailableException(probe.reason());
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
     * ({@link NetworkEvaluator}) or a {@link CudaEvaluator} on the shared context.
     */
    public static Evaluator evaluator(Choice choice, Network network, float[] weights, String source) {
        return switch (choice.kind()) {
            case CPU -> new NetworkEvaluator(network, weights, source);
            case CUDA -> CudaEvaluator.create(CudaContext.shared(), network, weights, source, CudaEvaluator.DEFAULT_CAPACITY);
        };
    }

    /** {@link #choose(Request)} of the parsed text, printing the choice's line to standard error. */
    public static Choice chooseAndReport(String deviceOption) {
        Choice c = choose(Request.parse(deviceOption));
        System.err.println(c.line());
        return c;
    }
}
