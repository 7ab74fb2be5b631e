package g2048.files;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Checks, before a file is opened, that it is a regular file of a sane size. Opening a FIFO blocks
 * until a writer comes, reading {@code /dev/zero} never ends, a directory maps as "No such device":
 * each is refused here instead, with one line naming the file, what it is and what was expected.
 * Links are followed. Nothing is opened, so the check itself never blocks.
 */
public final class RegularFile {

    private RegularFile() {
    }

    /**
     * Returns the size of {@code path} if it is a regular file; otherwise throws a
     * {@link BadFileException} naming it. {@code what} names what the caller expected, e.g.
     * "a value network (.g2nn)", and ends the message: {@code x.g2nn: a directory, expected a value
     * network (.g2nn)}.
     */
    public static long check(Path path, String what) throws BadFileException {
        return check(path, what, Long.MAX_VALUE);
    }

    /** As {@link #check(Path, String)}, and refuses a file of more than {@code maxBytes} bytes. */
    public static long check(Path path, String what, long maxBytes) throws BadFileException {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(path, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            throw new BadFileException(path, "no such file, expected " + what);
        } catch (AccessDeniedException e) {
            throw new BadFileException(path, "permission denied, expected " + what + " to read");
        } catch (IOException e) {
            throw new BadFileException(path, "cannot read its attributes (" + reason(e) + "), expected " + what, e);
        }
        if (a.isDirectory()) {
            throw new BadFileException(path, "a directory, expected " + what);
        }
        if (!a.isRegularFile()) {
            throw new BadFileException(path, kind(path) + ", expected " + what);
        }
        if (a.size() > maxBytes) {
            throw new BadFileException(path, a.size() + " bytes, more than the " + maxBytes + " allowed for " + what);
        }
        return a.size();
    }

    /**
     * Refuses {@code target} as an output when it exists and is not a regular file (links followed):
     * renaming a new file over a device, FIFO or socket would replace it (as root, {@code /dev/null}
     * itself), and writing into one never ends or fails half-way. An absent target passes.
     */
    public static void checkOutput(Path target) throws BadFileException {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(target, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            return;
        } catch (IOException e) {
            return; // unreadable attributes: the write itself says what is wrong
        }
        if (a.isDirectory()) {
            throw new BadFileException(target, "a directory, expected a regular file to write");
        }
        if (!a.isRegularFile()) {
            throw new BadFileException(target, kind(target) + ", expected a regular file to write (left as it is)");
        }
    }

    /** What a non-regular file is, from its mode where the platform tells it. */
    private static String kind(Path path) {
        try {
            int type = (Integer) Files.getAttribute(path, "unix:mode") & 0170000;
            return switch (type) {
                case 0020000 -> "a character device";
                case 0060000 -> "a block device";
                case 0010000 -> "a FIFO (named pipe)";
                case 0140000 -> "a socket";
                default -> "not a regular file";
            };
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            return "not a regular file (a device, FIFO or socket)";
        }
    }

    private static String reason(IOException e) {
        return e.getMessage() == null ? "an I/O error" : e.getMessage();
    }
}
