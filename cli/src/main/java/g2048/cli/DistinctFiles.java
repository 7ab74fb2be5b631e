package g2048.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Refuses an output that is one of the command's inputs, and a file named twice in one option.
 *
 * <p>An output that is the same file as an input (the same path, or a link to it, symbolic or hard)
 * would replace what the command reads: {@code import tdl2048 --out w.w w.w} would leave the model
 * where the weights were. Refused before the work starts, naming both options.
 *
 * <p>A file named twice in one option, by what it is on disk (its real path, or its identity
 * where links make two paths one file): {@code --data d.g2pd --data ./d.g2pd} would otherwise train
 * on the games it holds out, inflating every held-out figure without a word.
 */
final class DistinctFiles {

    private DistinctFiles() {
    }

    /**
     * Throws {@link Errors.BadInput} when {@code out} exists and is the same file as one of {@code
     * inputs} (null ones skipped), or, when {@code out} is a directory, holds one of them.
     */
    static void checkNotAnInput(String outOption, Path out, String inOption, Iterable<Path> inputs) {
        if (out == null || !Files.exists(out)) {
            return;
        }
        for (Path in : inputs) {
            if (in == null || !Files.exists(in)) {
                continue;
            }
            boolean same;
            try {
                same = Files.isSameFile(out, in) || Files.isDirectory(out) && in.toRealPath().startsWith(out.toRealPath());
            } catch (IOException e) {
                continue; // unreadable: its reader says why
            }
            if (same) {
                throw new Errors.BadInput(outOption + ": " + out + (Files.isDirectory(out) ? " holds " : " is ")
                        + inOption + " " + in + ", which this command reads; choose another " + outOption);
            }
        }
    }

    /** {@link #checkNotAnInput(String, Path, String, Iterable)} of one input. */
    static void checkNotAnInput(String outOption, Path out, String inOption, Path input) {
        checkNotAnInput(outOption, out, inOption, java.util.Collections.singletonList(input));
    }

    static void check(String option, List<Path> files) {
        Map<Object, Path> seen = new HashMap<>();
        for (Path p : files) {
            Object key;
            try {
                Object id = Files.readAttributes(p, java.nio.file.attribute.BasicFileAttributes.class).fileKey();
                key = id != null ? id : p.toRealPath();
            } catch (IOException e) {
                key = p.toAbsolutePath().normalize(); // unreadable: its reader says why
            }
            Path first = seen.putIfAbsent(key, p);
            if (first != null) {
                throw new Errors.BadInput(option + ": " + p + " is the file " + first + " already named (each file once)");
            }
        }
    }
}
