package g2048.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The overwrite policy for outputs that hold trained work (a model file, a run directory): a run
 * writes over one only when it continues it ({@code --resume} names it); a fresh run, or one resumed
 * from elsewhere, is refused before it starts, so that rerunning the first command of a long run
 * instead of its resume command loses nothing.
 */
final class TrainedWork {

    private TrainedWork() {
    }

    /**
     * Refuses {@code out} (named by {@code option}) when it exists and is not the file or directory
     * {@code resumed} (null: a fresh run) continues.
     */
    static void refuseReplacing(String option, Path out, Path resumed) {
        if (!Files.exists(out) || resumed != null && sameFile(out, resumed)) {
            return;
        }
        throw new Errors.BadInput(option + ": " + out + " exists and holds trained work; pass --resume " + out
                + " to continue it, or remove it (or choose another " + option + ") to start afresh"
                + (resumed != null ? " (--resume names " + resumed + ")" : ""));
    }

    static boolean sameFile(Path a, Path b) {
        try {
            return Files.isSameFile(a, b);
        } catch (IOException e) {
            return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
        }
    }
}
