package g2048.cli;

import g2048.files.BadFileException;
import g2048.files.RegularFile;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;

/**
 * Checks an output directory before a long job starts: a run that could not write its first
 * checkpoint should not find out after an hour of work. The directory is created if missing, and a
 * file is created and deleted in it and in each subdirectory the job writes (where it exists),
 * which is the only test that also holds for read-only mounts, quotas and root.
 */
final class OutputDirectory {

    /** The longest file name, in bytes, of Linux's file systems (NAME_MAX). */
    static final int NAME_MAX = 255;

    private OutputDirectory() {
    }

    /** Throws {@link Errors.BadInput} naming {@code option} when {@code dir} or one of {@code subdirs} cannot be written. */
    static void checkWritable(String option, Path dir, String... subdirs) {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new Errors.BadInput(option + ": " + dir + " is a file, expected a directory");
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new Errors.BadInput(option + ": cannot create the directory " + dir + " (" + reason(e) + ")", e);
        }
        probe(option, dir);
        for (String sub : subdirs) {
            Path d = dir.resolve(sub);
            if (Files.exists(d) && !Files.isDirectory(d)) {
                throw new Errors.BadInput(option + ": " + d + " is a file, expected a directory");
            }
            if (Files.isDirectory(d)) {
                probe(option, d);
            }
        }
    }

    /** Throws {@link Errors.BadInput} naming {@code option} when the file {@code file} could not be written. */
    static void checkFileWritable(String option, Path file) {
        Path target = file.toAbsolutePath();
        Path dir = target.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            Path existing = dir;
            while (existing != null && !Files.exists(existing)) {
                existing = existing.getParent();
            }
            // a file where a directory of the path should be is another mistake than a missing directory
            throw new Errors.BadInput(option + ": " + (existing != null && !Files.isDirectory(existing) ? existing + " is not a directory"
                    : "directory " + dir + " does not exist"));
        }
        if (Files.isDirectory(target)) {
            throw new Errors.BadInput(option + ": " + target + " is a directory, expected a file name");
        }
        int nameBytes = target.getFileName().toString().getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        if (nameBytes > NAME_MAX) {
            throw new Errors.BadInput(option + ": the name " + target.getFileName() + " is " + nameBytes
                    + " bytes long, more than the " + NAME_MAX + " a file name may have");
        }
        try {
            RegularFile.checkOutput(target);
        } catch (BadFileException e) {
            throw new Errors.BadInput(option + ": " + e.getMessage(), e);
        }
        probe(option, dir);
    }

    /**
     * Deletes {@code dir} when it holds no file, only empty directories (what a run refused after
     * {@link #checkWritable} made it leaves): a refusal leaves nothing behind. A directory with any
     * file in it is kept whole; a failure to delete is left unsaid, the refusal being the news.
     */
    static void deleteIfNoFiles(Path dir) {
        try (java.util.stream.Stream<Path> all = Files.walk(dir)) {
            List<Path> paths = all.toList();
            if (paths.stream().allMatch(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))) {
                for (Path p : paths.reversed()) {
                    Files.delete(p);
                }
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            // kept: the error that refused the run is the one to report
        }
    }

    private static void probe(String option, Path dir) {
        try {
            Files.delete(Files.createTempFile(dir, ".g2048-write-check-", ".tmp"));
        } catch (IOException e) {
            throw new Errors.BadInput(option + ": " + dir + " is not writable (" + reason(e) + ")", e);
        }
    }

    private static String reason(IOException e) {
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return switch (e) {
            case java.nio.file.AccessDeniedException _ -> "permission denied";
            case java.nio.file.FileAlreadyExistsException x -> "a file is in the way: " + x.getFile();
            case java.nio.file.NoSuchFileException x -> "no such directory: " + x.getFile();
            default -> e.getMessage() == null ? "an I/O error" : e.getMessage();
        };
    }
}
