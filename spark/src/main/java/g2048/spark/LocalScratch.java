package g2048.spark;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Spark's scratch space (shuffle and spill files) for a run in {@code local} mode: a subdirectory
 * named after this process, {@code g2048-spark-PID}, deleted when the run ends (or the JVM exits on
 * Ctrl-C or SIGTERM). A run that was killed (SIGKILL, a lost machine) cannot delete its own, and a
 * shuffle can be gigabytes: the next run deletes every such subdirectory whose process is gone
 * before it claims its own.
 */
final class LocalScratch implements AutoCloseable {

    private static final Pattern NAME = Pattern.compile("g2048-spark-(\\d+)");

    private final Path dir;

    LocalScratch(Path dir) {
        this.dir = dir;
    }

    /** Deletes the scratch subdirectories of processes that are gone, then creates this process's own. */
    static Path claim(Path parent, PrintStream out) throws IOException {
        Files.createDirectories(parent);
        try (Stream<Path> entries = Files.list(parent)) {
            for (Path p : entries.toList()) {
                Matcher m = NAME.matcher(p.getFileName().toString());
                if (m.matches() && Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                        && ProcessHandle.of(Long.parseLong(m.group(1))).map(h -> !h.isAlive()).orElse(true)) {
                    long bytes = deleteTree(p);
                    out.printf(Locale.ROOT, "deleted %s (%,d bytes), the scratch space of an interrupted run%n", p, bytes);
                }
            }
        }
        Path own = parent.resolve("g2048-spark-" + ProcessHandle.current().pid());
        Files.createDirectories(own);
        // Ctrl-C or SIGTERM skips the close in the main thread; a hook still removes what is left after Spark's own
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                deleteTree(own);
            } catch (IOException | RuntimeException e) {
                // files Spark's hook is deleting at the same moment; the next run deletes the rest
            }
        }, "g2048-scratch-cleanup"));
        return own;
    }

    /** Deletes a directory tree; returns the bytes its files held. */
    static long deleteTree(Path root) throws IOException {
        if (!Files.exists(root, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return 0;
        }
        long[] bytes = {0};
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                if (Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    bytes[0] += Files.size(p);
                }
                Files.deleteIfExists(p);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return bytes[0];
    }

    @Override
    public void close() throws IOException {
        if (dir != null) {
            deleteTree(dir);
        }
    }
}
