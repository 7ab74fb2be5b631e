package g2048.nn;

import java.io.PrintStream;

/**
 * The {@code --device} choice of {@code train cnn}, whose training loop runs on the CPU reference:
 * {@code cpu} runs there, {@code auto} says it chose the CPU, and {@code cuda} is refused with the
 * reason rather than silently training on the CPU. (Players choose with
 * {@code g2048.cuda.CudaDevices}, which does run networks on a GPU.)
 */
public final class Devices {

    private Devices() {
    }

    /** The device to use for {@code requested} (auto, cpu or cuda); notes go to {@code notes}. */
    public static String resolve(String requested, PrintStream notes) {
        return switch (requested) {
            case "cpu" -> "cpu";
            case "auto" -> {
                notes.println("device auto: chose cpu (the training loop does not drive the GPU trainer yet)");
                yield "cpu";
            }
            case "cuda" -> throw new IllegalArgumentException(
                    "--device cuda: the training loop does not drive the GPU trainer yet; use --device cpu");
            default -> throw new IllegalArgumentException("--device: unknown device '" + requested + "', expected auto, cpu or cuda");
        };
    }
}
