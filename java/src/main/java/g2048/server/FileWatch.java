package g2048.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * The files a server serves from (the model, the solver database's files), as they were when
 * loaded: size, modification time and identity. A model is mapped, not copied, so a file replaced
 * or truncated under the server would change its answers or fault its reads; {@link #changed}
 * says which file no longer matches, so that the server stops answering from it and its health
 * says so, instead of answering from other data or failing with a fault.
 */
final class FileWatch {

    private record Stamp(long size, long modified, Object key) {
    }

    private final Map<Path, Stamp> loaded = new LinkedHashMap<>();

    /** Records {@code paths} as they are now: files, and the regular files of directories (two levels). */
    FileWatch(List<Path> paths) {
        for (Path p : paths) {
            if (Files.isDirectory(p)) {
                try (Stream<Path> s = Files.walk(p, 2)) {
                    s.filter(f -> Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)).sorted()
                            .forEach(f -> loaded.put(f, stamp(f)));
                } catch (IOException | java.io.UncheckedIOException e) {
                    loaded.put(p, null);
                }
            } else {
                loaded.put(p, stamp(p));
            }
        }
    }

    /** The first file that no longer matches what was loaded, in words; null when all match. */
    String changed() {
        for (Map.Entry<Path, Stamp> e : loaded.entrySet()) {
            Stamp now = stamp(e.getKey());
            if (!Objects.equals(now, e.getValue())) {
                return e.getKey().getFileName() + (now == null ? " is gone or unreadable" : " changed on disk")
                        + " since the server loaded it (restart the server to serve the new file)";
            }
        }
        return null;
    }

    private static Stamp stamp(Path f) {
        try {
            BasicFileAttributes a = Files.readAttributes(f, BasicFileAttributes.class);
            return new Stamp(a.size(), a.lastModifiedTime().toMillis(), a.fileKey());
        } catch (IOException e) {
            return null;
        }
    }
}
