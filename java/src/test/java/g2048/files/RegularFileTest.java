package g2048.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Special files are refused before they are opened: one line naming the file, what it is and what was expected. */
class RegularFileTest {

    @TempDir
    Path dir;

    private static BadFileException refused(Path p) {
        BadFileException e = assertThrows(BadFileException.class, () -> RegularFile.check(p, "a test file"));
        assertTrue(e.getMessage().startsWith(p + ": "), e.getMessage());
        assertTrue(e.getMessage().endsWith("expected a test file"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertEquals(p, e.file());
        return e;
    }

    @Test
    void aRegularFileGivesItsSize() throws IOException {
        Path f = Files.write(dir.resolve("f"), new byte[123]);
        assertEquals(123, RegularFile.check(f, "a test file"));
        Path link = Files.createSymbolicLink(dir.resolve("link"), f);
        assertEquals(123, RegularFile.check(link, "a test file"), "links are followed");
    }

    @Test
    void missingFilesAndDirectoriesAreRefused() throws IOException {
        assertTrue(refused(dir.resolve("none")).problem().startsWith("no such file"));
        assertTrue(refused(dir).problem().startsWith("a directory"));
    }

    @Test
    void devicesAndFifosAreRefusedWithoutOpeningThem() throws Exception {
        Path zero = Path.of("/dev/zero");
        assumeTrue(Files.exists(zero), "a Unix system");
        assertTrue(refused(zero).problem().startsWith("a character device"));
        Path fifo = dir.resolve("fifo");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assumeTrue(mk.waitFor() == 0, "mkfifo");
        // opening a FIFO with no writer would block: the check must not
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertTrue(refused(fifo).problem().startsWith("a FIFO")));
        try (Arena arena = Arena.ofConfined()) {
            BadFileException e = assertTimeoutPreemptively(Duration.ofSeconds(10),
                    () -> assertThrows(BadFileException.class, () -> ChecksummedFile.mapVerified(fifo, "an ids file", arena)));
            assertEquals(fifo + ": a FIFO (named pipe), expected an ids file", e.getMessage());
        }
    }

    @Test
    void aFileLargerThanTheLimitIsRefused() throws IOException {
        Path f = Files.write(dir.resolve("big"), new byte[1001]);
        assertEquals(1001, RegularFile.check(f, "a test file", 1001));
        BadFileException e = assertThrows(BadFileException.class, () -> RegularFile.check(f, "a test file", 1000));
        assertEquals(f + ": 1001 bytes, more than the 1000 allowed for a test file", e.getMessage());
    }

    @Test
    void aDirectoryInPlaceOfAChecksummedFileIsNamed() throws IOException {
        Path d = Files.createDirectory(dir.resolve("values-000004.bin"));
        try (Arena arena = Arena.ofConfined()) {
            BadFileException e = assertThrows(BadFileException.class, () -> ChecksummedFile.mapVerified(d, arena));
            assertEquals(d + ": a directory, expected a checksummed file", e.getMessage());
        }
    }
}
