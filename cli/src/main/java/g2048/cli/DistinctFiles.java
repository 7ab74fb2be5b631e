package g2048.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Refuses a file named twice in one option, by what it is on disk (its real path, or its identity
 * where links make two paths one file): {@code --data d.g2pd --data ./d.g2pd} would otherwise train
 * on the games it holds out, inflating every held-out figure without a word.
 */
final class DistinctFiles {

    private DistinctFiles() {
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
