package g2048.cli;

import java.io.Console;
import java.io.PrintStream;

/**
 * A one-line progress display on standard error, redrawn in place, shown only when standard error
 * is a terminal (so logs and pipes stay clean). Safe to call from several threads.
 */
final class ProgressBar {

    private static final long REDRAW_NANOS = 200_000_000L;

    private final PrintStream err = System.err;
    private final boolean enabled;
    private final long start = System.nanoTime();
    private long lastDraw;

    ProgressBar(boolean wanted) {
        Console console = System.console();
        this.enabled = wanted && console != null && console.isTerminal();
    }

    /** Redraws with {@code done} of {@code total} and a free-form tail, at most five times a second. */
    synchronized void update(long done, long total, String tail) {
        if (!enabled) {
            return;
        }
        long now = System.nanoTime();
        if (now - lastDraw < REDRAW_NANOS && done < total) {
            return;
        }
        lastDraw = now;
        int width = 30;
        int filled = total <= 0 ? 0 : (int) Math.min(width, width * done / total);
        double secs = (now - start) / 1e9;
        err.print("\r[" + "#".repeat(filled) + " ".repeat(width - filled) + "] " + done + "/" + total
                + String.format(java.util.Locale.ROOT, "  %.0fs  ", secs) + tail + "\u001b[K");
        err.flush();
    }

    /** Clears the line. */
    synchronized void finish() {
        if (enabled) {
            err.print("\r\u001b[K");
            err.flush();
        }
    }
}
