package g2048.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LockFileTest {

    @TempDir
    Path dir;

    @Test
    void aSecondLockIsRefusedNamingTheFileAndGrantedAfterRelease() throws IOException {
        Path out = dir.resolve("run");
        try (LockFile first = LockFile.inDirectory(out)) {
            assertEquals(out.resolve(LockFile.NAME), first.file());
            LockFile.Held e = assertThrows(LockFile.Held.class, () -> LockFile.inDirectory(out));
            assertTrue(e.getMessage().contains(out.resolve(LockFile.NAME).toString()), e.getMessage());
            assertEquals(out.resolve(LockFile.NAME), e.file());
        }
        try (LockFile again = LockFile.inDirectory(out)) {
            assertTrue(Files.exists(again.file()));
        }
    }

    @Test
    void aReleasedLockLeavesNoFileBehind() throws IOException {
        Path out = dir.resolve("done");
        try (LockFile held = LockFile.inDirectory(out)) {
            assertTrue(Files.exists(held.file()));
        }
        assertFalse(Files.exists(out.resolve(LockFile.NAME)), "a finished run leaves no lock file");
        // a file left by a killed run is locked as usual, and removed at the end
        Files.writeString(out.resolve(LockFile.NAME), "");
        try (LockFile again = LockFile.inDirectory(out)) {
            assertTrue(Files.exists(again.file()));
        }
        assertFalse(Files.exists(out.resolve(LockFile.NAME)));
    }

    @Test
    void closingTwiceIsHarmlessAndDoesNotReleaseALaterHolder() throws IOException {
        Path f = dir.resolve("x.lock");
        LockFile a = LockFile.acquire(f);
        a.close();
        try (LockFile _ = LockFile.acquire(f)) {
            a.close();
            assertThrows(LockFile.Held.class, () -> LockFile.acquire(f));
        }
    }

    @Test
    void aLockHeldByAnotherProcessIsRefused() throws Exception {
        Path f = dir.resolve("shared.lock");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), HoldLock.class.getName(), f.toString())
                .redirectErrorStream(true).start();
        try {
            BufferedReader lines = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("locked", lines.readLine());
            LockFile.Held e = assertThrows(LockFile.Held.class, () -> LockFile.acquire(f));
            assertTrue(e.getMessage().startsWith(f.toString()), e.getMessage());
            child.getOutputStream().close();
            assertTrue(child.waitFor(30, TimeUnit.SECONDS), "the child ends when its input closes");
            assertEquals(0, child.exitValue());
            try (LockFile mine = LockFile.acquire(f)) {
                assertEquals(f, mine.file());
            }
        } finally {
            child.destroyForcibly();
        }
    }

    /** Holds the lock on {@code args[0]} until its standard input closes. */
    public static final class HoldLock {
        public static void main(String[] args) throws IOException {
            try (LockFile _ = LockFile.acquire(Path.of(args[0]))) {
                System.out.println("locked");
                System.out.flush();
                while (System.in.read() >= 0) {
                    // wait for the parent to close our input
                }
            }
        }
    }
}
