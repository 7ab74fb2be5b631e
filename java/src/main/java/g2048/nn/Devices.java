package g2048.nn;

import g2048.eval.Evaluator;
import g2048.game.Shape;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * Chooses where a value network runs on the command line. The CPU reference is the only backend
 * enabled here: {@code cpu} runs there, {@code auto} says it chose the CPU, and {@code cuda} is
 * refused with a clear reason rather than silently running on the CPU. (The CUDA backend in
 * {@code g2048.cuda} is enabled once it has been checked against this reference on a GPU.)
 */
public final class Devices {

    private Devices() {
    }

    /** The device to use for {@code requested} (auto, cpu or cuda); notes go to {@code notes}. */
    public static String resolve(String requested, PrintStream notes) {
        return switch (requested) {
            case "cpu" -> "cpu";
            case "auto" -> {
                notes.println("device auto: chose cpu (the CUDA backend is not enabled on the command line until it has been checked on a GPU)");
                yield "cpu";
            }
            case "cuda" -> throw new IllegalArgumentException(
                    "--device cuda: the CUDA backend is not available on the command line until it has been checked on a GPU; use --device cpu");
            default -> throw new IllegalArgumentException("--device: unknown device '" + requested + "', expected auto, cpu or cuda");
        };
    }

    /** An evaluator over the network in {@code model} on {@code device}, for a 4×4 board. */
    public static Evaluator open(Path model, String device, Shape shape, PrintStream notes) {
        if (model == null) {
            throw new IllegalArgumentException("--model: the cnn player needs a network file (.g2nn), e.g. one written by 'train cnn'");
        }
        if (!shape.equals(Shape.S4x4)) {
            throw new IllegalArgumentException("--shape: value networks play 4x4 only, got " + shape);
        }
        resolve(device, notes);
        TrainedNetwork t;
        try {
            t = NetworkFile.load(model);
        } catch (IOException e) {
            throw new UncheckedIOException(model + ": " + e.getMessage(), e);
        }
        return new NetworkEvaluator(new Network(t.spec()), t.weights(), model.getFileName().toString());
    }
}
