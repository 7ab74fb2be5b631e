package g2048.play;

import static g2048.settings.BadSetting.field;

import g2048.ntuple.ModelFootprint;
import g2048.ntuple.TablePrecision;
import g2048.settings.BadSetting;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Collection;
import java.util.Locale;

/**
 * What n-tuple models need before they load: each file named once (a file named again, by any path
 * or link, is the same model, shared), and their tables' memory against what the machine has left.
 * Without the check an ensemble too large for memory is killed by the kernel part-way, without a
 * word.
 */
final class ModelMemory {

    private ModelMemory() {
    }

    /** What a file is on disk (its inode, else its real path), so that two names of one file are one model. */
    static Object identity(Path file) {
        try {
            Object key = Files.readAttributes(file, BasicFileAttributes.class).fileKey();
            return key != null ? key : file.toRealPath();
        } catch (IOException e) {
            return file.toAbsolutePath().normalize(); // unreadable: its load says why
        }
    }

    /** Refuses {@code files} (distinct) when their tables from {@code table} need more than the memory available. */
    static void check(Collection<Path> files, TablePrecision table) {
        check(files, table, ModelFootprint.availableBytes());
    }

    /** As {@link #check(Collection, TablePrecision)}, a refusal naming the spec's field {@code named} (the late model's). */
    static void check(Collection<Path> files, TablePrecision table, String named) {
        check(files, table, ModelFootprint.availableBytes(), named);
    }

    /** {@link #check(Collection, TablePrecision)} against {@code available} bytes (negative: unknown, not checked). */
    static void check(Collection<Path> files, TablePrecision table, long available) {
        check(files, table, available, "models");
    }

    private static void check(Collection<Path> files, TablePrecision table, long available, String named) {
        if (available < 0) {
            return;
        }
        long need = 0;
        for (Path f : files) {
            need += ModelFootprint.playBytes(f, table);
        }
        if (need > available) {
            throw new BadSetting(field(named), String.format(Locale.ROOT,
                    ": the %d model file%s named need %.2f GiB of tables, more than the %.2f GiB of memory available",
                    files.size(), files.size() == 1 ? "" : "s", need / (double) (1L << 30), available / (double) (1L << 30)));
        }
    }
}
