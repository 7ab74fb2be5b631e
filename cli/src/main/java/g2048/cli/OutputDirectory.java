package g2048.cli;

import g2048.files.BadFileException;
import g2048.files.RegularFile;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;

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
            throw new Errors.BadInput(option + ": directory " + dir + " does not exist");
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
