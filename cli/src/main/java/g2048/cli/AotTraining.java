package g2048.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The run that the launcher's build records the JVM's ahead-of-time cache from ({@code java
 * -XX:AOTCacheOutput=... -cp g2048.jar g2048.cli.AotTraining}): the commands people time, each
 * briefly, in one process, so that the cache holds their classes loaded and linked and the
 * profiles of their hot methods (JDK 25), and a later run compiles those methods from its first
 * moves instead of after a second of slower code. Without the profiles a training or play run
 * of a few seconds spends a fifth of its CPU time warming up.
 *
 * <p>It trains small 4×6 and six-tuple networks into a temporary directory (deleted after), plays them
 * greedily and at 2-ply from their float32 and int16 tables, and searches one board with the
 * {@code lines} player. Its output is dropped; it exits 1 if a command failed, and the launcher
 * then builds no cache.
 */
public final class AotTraining {

    /** The shipped network's tuples: its int16 tables have a look-up path of their own. */
    private static final String SIX = "012345,456789,89abcd,012456,45689a,234569:sym:c16";

    private AotTraining() {
    }

    public static void main(String[] args) throws IOException {
        // the int16 tables of the compact model stay out of the user's cache directory
        System.setProperty("g2048.cache", "off");
        Path dir = Files.createTempDirectory("g2048-aot");
        PrintStream out = System.out;
        PrintStream err = System.err;
        int failed = 0;
        try (PrintStream sink = new PrintStream(OutputStream.nullOutputStream())) {
            System.setOut(sink);
            System.setErr(sink);
            for (String[] command : commands(dir)) {
                if (Main.execute(command) != 0) {
                    failed++;
                }
            }
        } finally {
            System.setOut(out);
            System.setErr(err);
            delete(dir);
        }
        if (failed > 0) {
            System.err.println("g2048: the ahead-of-time cache's training run: " + failed + " command(s) failed");
            System.exit(Errors.FAILURE);
        }
    }

    /** The commands of the run, their files in {@code dir}: each must succeed. */
    static String[][] commands(Path dir) {
        String four = dir.resolve("four.g2n").toString();
        String six = dir.resolve("six.g2n").toString();
        String board = "2,4,8,16/0,0,0,2/0,0,0,0/0,0,0,0";
        return new String[][] {
            {"move", "--board", board, "--player", "lines", "--json"},
            {"train", "ntuple", "--net", "4x6", "--games", "3000", "--threads", "1", "--seed", "1",
                "--eval-every", "0", "--checkpoint-every", "0", "--out", four, "-q"},
            {"train", "ntuple", "--net", "4x6", "--tc", "--games", "1500", "--threads", "1", "--seed", "2",
                "--eval-every", "0", "--checkpoint-every", "0", "--out", dir.resolve("tc.g2n").toString(), "-q"},
            {"train", "ntuple", "--net", SIX, "--games", "1500", "--threads", "1", "--seed", "3",
                "--eval-every", "0", "--checkpoint-every", "0", "--out", six, "-q"},
            {"play", "--model", four, "--table", "float32", "--games", "300", "--threads", "1", "-q"},
            {"play", "--model", four, "--table", "int16", "--games", "300", "--threads", "1", "-q"},
            {"play", "--model", six, "--table", "int16", "--games", "300", "--threads", "1", "-q"},
            {"play", "--model", four, "--depth", "2", "--games", "3", "--threads", "1", "-q"},
            {"move", "--model", six, "--board", board, "--depth", "3", "--json"},
        };
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
