package g2048.cli;

import g2048.play.GameRunner;
import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Progress of a long job for people, on standard error: done/total, rate and ETA. On a terminal one
 * line redrawn in place (at most five times a second); otherwise a plain line every period (10 s by
 * default), so that logs stay readable. Quiet shows nothing. Results never go through here: they
 * belong on standard output. Safe to call from several threads.
 */
final class Progress {

    /** Seconds between plain lines when standard error is not a terminal. */
    static final double DEFAULT_PERIOD_SECONDS = 10;

    private static final long REDRAW_NANOS = 200_000_000L;

    private final String label;
    private final String unit;
    private final PrintStream err;
    private final boolean terminal;
    private final boolean quiet;
    private final LongSupplier clock;
    private final long periodNanos;
    private final long start;
    private long total;
    private boolean totalIsBound;
    private long doneAtStart;
    private long lastShown;
    private boolean drawn;

    /**
     * @param label     what is running, e.g. {@code play}
     * @param unit      what is counted, plural, e.g. {@code games}
     * @param total     how many there are to do; 0 or less if unknown
     * @param terminal  redraw one line in place (else plain lines every {@code periodSeconds})
     * @param clock     nanoseconds, monotonic ({@code System::nanoTime}; injected by tests)
     */
    Progress(String label, String unit, long total, PrintStream err, boolean terminal, boolean quiet, LongSupplier clock,
             double periodSeconds) {
        this.label = label;
        this.unit = unit;
        this.total = total;
        this.err = err;
        this.terminal = terminal;
        this.quiet = quiet;
        this.clock = clock;
        this.periodNanos = (long) (periodSeconds * 1e9);
        this.start = clock.getAsLong();
        this.lastShown = start;
    }

    /**
     * A listener of a run's finished games that shows them here with their mean score. Games finish on
     * several threads: they are counted and summed under one lock, so the mean matches the count.
     */
    GameRunner.Listener gamesWithMeanScore() {
        long[] finished = new long[1];
        double[] scoreSum = new double[1];
        return (done, all, r) -> {
            long n;
            double mean;
            synchronized (scoreSum) {
                n = ++finished[0];
                scoreSum[0] += r.score();
                mean = scoreSum[0] / n;
            }
            update(n, String.format(Locale.ROOT, "mean score %.0f", mean));
        };
    }

    /** Progress on {@code System.err}, redrawn in place when it is a terminal. */
    static Progress onStderr(String label, String unit, long total, boolean quiet) {
        return new Progress(label, unit, total, System.err, stderrIsTerminal(), quiet, System::nanoTime,
                DEFAULT_PERIOD_SECONDS);
    }

    /**
     * Whether standard error goes to a terminal that redraws a line. The JVM's console tells only about
     * standard input and output, so on Linux file descriptor 2 itself is asked; elsewhere the console.
     */
    static boolean stderrIsTerminal() {
        String term = System.getenv("TERM");
        if (term == null || term.equals("dumb")) {
            return false;
        }
        try {
            String fd2 = java.nio.file.Files.readSymbolicLink(java.nio.file.Path.of("/proc/self/fd/2")).toString();
            return fd2.startsWith("/dev/pts/") || fd2.startsWith("/dev/tty");
        } catch (java.io.IOException | UnsupportedOperationException | SecurityException e) {
            java.io.Console c = System.console();
            return c != null && c.isTerminal();
        }
    }

    /** A new total, or whether it is only an upper bound (then no ETA is shown: the work may end sooner). */
    synchronized void total(long newTotal, boolean bound) {
        this.total = newTotal;
        this.totalIsBound = bound;
    }

    /** A resumed job starts with {@code done} already done: its rate and ETA count only what this run does. */
    synchronized Progress resumedAt(long done) {
        this.doneAtStart = done;
        return this;
    }

    /** Records that {@code done} are done; shows a line when one is due. {@code detail} may be empty. */
    synchronized void update(long done, String detail) {
        if (quiet) {
            return;
        }
        long now = clock.getAsLong();
        boolean last = total > 0 && done >= total;
        if (terminal) {
            if (now - lastShown < REDRAW_NANOS && !last && drawn) {
                return;
            }
            err.print("\r" + line(done, now, detail) + "\u001b[K");
            err.flush();
            drawn = true;
        } else {
            if (now - lastShown < periodNanos) {
                return;
            }
            err.println(line(done, now, detail));
            err.flush();
        }
        lastShown = now;
    }

    /** Shows a line now, whatever the period (a job that reports at its own pace). */
    synchronized void show(long done, String detail) {
        if (quiet) {
            return;
        }
        long now = clock.getAsLong();
        if (terminal) {
            err.print("\r" + line(done, now, detail) + "\u001b[K");
            drawn = true;
        } else {
            err.println(line(done, now, detail));
        }
        err.flush();
        lastShown = now;
    }

    /** Ends the display: on a terminal the line is cleared, so that what follows starts at column 0. */
    synchronized void finish() {
        if (!quiet && terminal && drawn) {
            err.print("\r\u001b[K");
            err.flush();
            drawn = false;
        }
    }

    /** The line for {@code done} at time {@code now}: label, done/total (percent), rate, ETA, detail. */
    synchronized String line(long done, long now, String detail) {
        double seconds = Math.max(0, (now - start) / 1e9);
        double rate = seconds > 0 ? Math.max(0, done - doneAtStart) / seconds : 0;
        StringBuilder sb = new StringBuilder(label).append(": ");
        sb.append(String.format(Locale.ROOT, "%,d", done));
        if (total > 0) {
            sb.append(totalIsBound ? "/≤" : "/").append(String.format(Locale.ROOT, "%,d", total));
        }
        sb.append(' ').append(unit);
        if (total > 0 && !totalIsBound) {
            sb.append(String.format(Locale.ROOT, " (%.1f%%)", 100.0 * Math.min(done, total) / total));
        }
        sb.append(", ").append(rate(rate)).append(' ').append(unit).append("/s");
        sb.append(", ").append(duration(seconds)).append(" elapsed");
        if (total > 0 && !totalIsBound) {
            sb.append(", ETA ").append(rate > 0 && estimable(done, seconds) ? duration(Math.max(0, total - done) / rate) : "unknown");
        }
        if (detail != null && !detail.isEmpty()) {
            sb.append(", ").append(detail);
        }
        return sb.toString();
    }

    /** Seconds and share of the work before an ETA is shown: the first seconds' rate (a cold JIT, loading) misleads. */
    static final double ETA_AFTER_SECONDS = 3;
    static final double ETA_AFTER_SHARE = 0.02;

    /** Whether enough of the work is done, and for long enough, to estimate the rest from its rate. */
    private boolean estimable(long done, double seconds) {
        long work = total - doneAtStart;
        return seconds >= ETA_AFTER_SECONDS && work > 0 && done - doneAtStart >= ETA_AFTER_SHARE * work;
    }

    /** A rate with three significant figures and no exponent: 0.25, 12.3, 1,234. */
    static String rate(double perSecond) {
        if (perSecond >= 100) {
            return String.format(Locale.ROOT, "%,.0f", perSecond);
        }
        if (perSecond >= 10) {
            return String.format(Locale.ROOT, "%.1f", perSecond);
        }
        return String.format(Locale.ROOT, "%.2f", perSecond);
    }

    /** A duration as people read it: 42s, 3m05s, 2h07m, 3d04h. */
    static String duration(double seconds) {
        long s = Math.round(seconds);
        if (s < 60) {
            return s + "s";
        }
        if (s < 3600) {
            return String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
        }
        if (s < 86400) {
            return String.format(Locale.ROOT, "%dh%02dm", s / 3600, s % 3600 / 60);
        }
        return String.format(Locale.ROOT, "%dd%02dh", s / 86400, s % 86400 / 3600);
    }
}
