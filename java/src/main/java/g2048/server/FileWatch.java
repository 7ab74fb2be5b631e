package g2048.server;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import java.util.zip.CRC32C;

/**
 * The files a server serves from (the model, the solver database's files) compared with what was
 * loaded. A model is mapped, not copied, so a file replaced or truncated under the server would
 * change its answers or fault its reads; {@link #changed(Path)} says which file of a source no
 * longer matches, so that the requests that read it are refused (and health says so) instead of
 * answered from other data or failing with a fault.
 *
 * <p>A file matches when its content does: its checksum (CRC32C) is taken at the first
 * {@link #refresh}, and taken again whenever its size, modification time or identity change. So a
 * {@code touch} changes nothing, and a file restored to its content serves again.
 */
final class FileWatch {

    private record Stamp(long size, long modified, Object key) {
    }

    /** One watched file: the source it belongs to, its stamp when last looked at, and its checksum as loaded. */
    private static final class Watched {
        final Path source;
        Stamp seen;
        long loadedCrc = -1;
        boolean matches = true;

        Watched(Path source, Stamp seen) {
            this.source = source;
            this.seen = seen;
        }
    }

    private final Map<Path, Watched> files = new LinkedHashMap<>();
    /** The files that do not match now, each with why, as of the last {@link #refresh}. */
    private volatile Map<Path, String> problems = Map.of();
    private boolean checksummed;

    /** Records {@code sources} as they are now: files, and the regular files of directories (two levels). */
    FileWatch(List<Path> sources) {
        for (Path p : sources) {
            if (Files.isDirectory(p)) {
                try (Stream<Path> s = Files.walk(p, 2)) {
                    s.filter(f -> Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)).sorted()
                            .forEach(f -> files.put(f, new Watched(p, stamp(f))));
                } catch (IOException | java.io.UncheckedIOException e) {
                    files.put(p, new Watched(p, null));
                }
            } else {
                files.put(p, new Watched(p, stamp(p)));
            }
        }
    }

    /**
     * Looks at the files again: the first time, takes the checksum of each as loaded; after, takes it
     * again of each file whose stamp moved, which matches while its checksum is the loaded one.
     */
    synchronized void refresh() {
        Map<Path, String> now = new LinkedHashMap<>();
        for (Map.Entry<Path, Watched> e : files.entrySet()) {
            Path f = e.getKey();
            Watched w = e.getValue();
            Stamp stamp = stamp(f);
            if (!checksummed) {
                // changed between loading and this first look: no checksum of what was loaded to restore to
                w.matches = stamp != null && stamp.equals(w.seen);
                w.loadedCrc = w.matches ? crc(f) : -1;
                w.matches &= w.loadedCrc >= 0;
            } else if (!Objects.equals(stamp, w.seen)) {
                w.matches = stamp != null && w.loadedCrc >= 0 && crc(f) == w.loadedCrc;
            }
            w.seen = stamp;
            if (!w.matches) {
                now.put(w.source, f.getFileName() + (stamp == null ? " is gone or unreadable" : " changed on disk")
                        + " since the server loaded it (restore it, or restart the server to serve the new file)");
            }
        }
        checksummed = true;
        problems = Map.copyOf(now);
    }

    /** Why a file of {@code source} (as the server was given it) no longer matches what was loaded; null while all do. */
    String changed(Path source) {
        return problems.get(source);
    }

    /** The first file that no longer matches what was loaded, in words; null when all match. */
    String changed() {
        return problems.values().stream().findFirst().orElse(null);
    }

    private static Stamp stamp(Path f) {
        try {
            BasicFileAttributes a = Files.readAttributes(f, BasicFileAttributes.class);
            return new Stamp(a.size(), a.lastModifiedTime().toMillis(), a.fileKey());
        } catch (IOException e) {
            return null;
        }
    }

    /** The CRC32C of {@code f}'s content; -1 when it cannot be read. */
    private static long crc(Path f) {
        CRC32C crc = new CRC32C();
        ByteBuffer b = ByteBuffer.allocateDirect(1 << 20);
        try (FileChannel c = FileChannel.open(f, StandardOpenOption.READ)) {
            while (c.read(b.clear()) > 0) {
                crc.update(b.flip());
            }
            return crc.getValue();
        } catch (IOException e) {
            return -1;
        }
    }
}
