package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.files.BadFileException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The one exit-code policy: bad input 2, a failure while running 1; one line, no Java class names. */
class ErrorsTest {

    private static void assertLine(int code, String message, Throwable e) {
        assertEquals(code, Errors.exitCode(e), e.toString());
        assertEquals(message, Errors.message(e));
    }

    @Test
    void aDamagedFileAnywhereInTheCauseChainIsBadInputNamedByItsOwnLine() {
        BadFileException bad = new BadFileException(Path.of("db/values-000004.bin"), "SHA-256 checksum mismatch (the file is damaged)");
        assertLine(2, "db/values-000004.bin: SHA-256 checksum mismatch (the file is damaged)", bad);
        assertLine(2, bad.getMessage(), new UncheckedIOException(bad));
        assertLine(2, bad.getMessage(), new IllegalStateException("grading failed: " + bad, new UncheckedIOException(bad)));
    }

    @Test
    void failuresWhileRunningExitWithOneWithoutClassNames() {
        IOException full = new IOException("runs/x/latest.g2nn: cannot write: No space left on device");
        assertLine(1, "runs/x/latest.g2nn: cannot write: No space left on device", full);
        assertLine(1, "training failed: runs/x/latest.g2nn: cannot write: No space left on device",
                new IllegalStateException("training failed: " + full, full));
        assertLine(1, "runs/x: already exists", new FileAlreadyExistsException("runs/x"));
        assertLine(1, "runs/x: already exists", new UncheckedIOException(new FileAlreadyExistsException("runs/x")));
        String npe = Errors.message(new NullPointerException());
        assertTrue(npe.startsWith("internal error"), npe);
        assertFalse(npe.contains("Exception"), npe);
        assertTrue(Errors.message(new OutOfMemoryError("Java heap space")).startsWith("out of memory (Java heap space)"));
        assertEquals(1, Errors.exitCode(new OutOfMemoryError()));
    }

    @Test
    void everyMessageIsOneLine() {
        assertLine(2, "--board: cell 'x y' is bad", new Errors.BadInput("--board: cell 'x\ny' is bad\n"));
        assertLine(2, "a b", new IllegalArgumentException("a\r\n  b"));
        assertEquals("x: y", Errors.oneLine("x:\n\n y"));
        // control characters of quoted text reach no terminal raw
        assertEquals("f.w: table \\x1b[31mred\\x07\\x7f\\x9b", Errors.oneLine("f.w: table \u001b[31mred\u0007\u007f\u009b"));
    }
}
