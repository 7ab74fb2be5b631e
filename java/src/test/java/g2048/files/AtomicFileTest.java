package g2048.files;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFileTest {

    @TempDir
    Path dir;

    private List<String> names() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void writesBytesTextAndStreamsAndReplacesTheOldFile() throws IOException {
        Path f = dir.resolve("a.bin");
        AtomicFile.write(f, new byte[] {1, 2, 3});
        assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(f));
        AtomicFile.writeString(f, "héllo\n");
        assertEquals("héllo\n", Files.readString(f, StandardCharsets.UTF_8));
        AtomicFile.writeStream(f, out -> {
            for (int i = 0; i < 100_000; i++) {
                out.write(i);
            }
        });
        byte[] back = Files.readAllBytes(f);
        assertEquals(100_000, back.length);
        assertEquals((byte) 99_999, back[99_999]);
        ByteBuffer b = ByteBuffer.wrap(new byte[] {9, 8, 7});
        b.position(2);
        AtomicFile.write(f, b);
        assertArrayEquals(new byte[] {9, 8, 7}, Files.readAllBytes(f), "from position 0, whatever the buffer's position");
        assertEquals(List.of("a.bin"), names(), "no temporary file left");
    }

    @Test
    void aChannelWriterMaySeekToFillAHeaderLast() throws IOException {
        Path f = dir.resolve("h.bin");
        AtomicFile.write(f, ch -> {
            ch.position(4);
            AtomicFile.writeFully(ch, ByteBuffer.wrap(new byte[] {5, 6}));
            ch.write(ByteBuffer.wrap(new byte[] {1, 2, 3, 4}), 0);
        });
        assertArrayEquals(new byte[] {1, 2, 3, 4, 5, 6}, Files.readAllBytes(f));
    }

    @Test
    void aFailureMidWriteLeavesTheOldFileAndNoTemporaryFile() throws IOException {
        Path f = dir.resolve("model.g2n");
        AtomicFile.writeString(f, "old");
        IOException e = assertThrows(IOException.class, () -> AtomicFile.write(f, ch -> {
            AtomicFile.writeFully(ch, ByteBuffer.wrap("half of the new".getBytes(StandardCharsets.UTF_8)));
            throw new IOException("disk full");
        }));
        assertTrue(e.getMessage().startsWith(f.toString()) && e.getMessage().contains("disk full"), e.getMessage());
        assertEquals("old", Files.readString(f));
        assertEquals(List.of("model.g2n"), names());

        IllegalStateException bug = new IllegalStateException("bug in the writer");
        assertSame(bug, assertThrows(IllegalStateException.class, () -> AtomicFile.writeStream(f, out -> {
            out.write(new byte[1 << 17]);
            throw bug;
        })), "an unchecked failure is rethrown as it is");
        assertEquals("old", Files.readString(f));
        assertEquals(List.of("model.g2n"), names());
    }

    @Test
    void aRenameThatFailsNamesTheTargetAndLeavesNoTemporaryFile() throws IOException {
        Path target = dir.resolve("taken");
        Files.createDirectories(target.resolve("inside"));
        IOException e = assertThrows(IOException.class, () -> AtomicFile.writeString(target, "x"));
        assertTrue(e.getMessage().startsWith(target.toString()), e.getMessage());
        assertEquals(List.of("taken"), names());
    }

    @Test
    void createsTheDirectoryAndCanLeaveForcingToTheCaller() throws IOException {
        Path f = dir.resolve("sub/deeper/d.bin");
        AtomicFile.write(f, AtomicFile.Durability.DEFERRED, ch -> AtomicFile.writeFully(ch, ByteBuffer.wrap(new byte[] {4})));
        AtomicFile.force(f);
        assertArrayEquals(new byte[] {4}, Files.readAllBytes(f));
    }
    @Test
    void leftoversOfDeadWritersAreDeletedThoseOfLiveOnesKept() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        long deadPid = gone.pid();
        long livePid = ProcessHandle.current().pid();
        Path dead = Files.writeString(dir.resolve(".ids-000004.bin." + deadPid + "-3.tmp"), "half");
        Path live = Files.writeString(dir.resolve(".ids-000006.bin." + livePid + "-4.tmp"), "being written");
        Path other = Files.writeString(dir.resolve(".notes.tmp"), "not ours");
        Path target = Files.writeString(dir.resolve("ids-000004.bin"), "whole");
        org.junit.jupiter.api.Assumptions.assumeTrue(ProcessHandle.of(deadPid).isEmpty(), "the pid is not reused yet");
        assertEquals(1, AtomicFile.deleteLeftovers(dir));
        assertTrue(Files.notExists(dead));
        assertTrue(Files.exists(live) && Files.exists(other) && Files.exists(target));
        assertEquals(0, AtomicFile.deleteLeftovers(dir.resolve("missing")));
    }

    /** Starts a write it never finishes (after marking that it began), for {@link #aDiscardedWriteCutShortBySigtermLeavesNoTemporary}. */
    public static final class HangingWriter {
        public static void main(String[] args) throws Exception {
            Path dir = Path.of(args[0]);
            AtomicFile.writeDiscardedOnExit(dir.resolve("entry.tables"), AtomicFile.Durability.DEFERRED, ch -> {
                AtomicFile.writeFully(ch, ByteBuffer.allocate(1 << 20));
                Files.writeString(dir.resolve("started"), "");
                try {
                    Thread.sleep(60_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
    }

    @Test
    void aDiscardedWriteCutShortBySigtermLeavesNoTemporary() throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), HangingWriter.class.getName(), dir.toString())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (Files.notExists(dir.resolve("started")) && p.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(Files.exists(dir.resolve("started")), "the writer began");
            assertTrue(names().stream().anyMatch(n -> n.endsWith(".tmp")), "its temporary is there: " + names());
            p.destroy(); // SIGTERM, as Ctrl-C's SIGINT: the JVM exits through its shutdown hooks
            assertTrue(p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS));
            assertEquals(List.of("started"), names(), "the temporary is deleted on the way out");
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void namesDerivedFromALongNameStayWithinNameMax() throws IOException {
        String base = "é".repeat(100) + "x".repeat(50) + ".g2n"; // 254 bytes
        String other = "é".repeat(100) + "y".repeat(50) + ".g2n";
        String stem = AtomicFile.stem(base);
        assertTrue(stem.getBytes(StandardCharsets.UTF_8).length <= 160, stem);
        assertTrue(!stem.equals(AtomicFile.stem(other)), "two long names sharing a beginning get different stems");
        assertEquals("short.g2n", AtomicFile.stem("short.g2n"));
        Path target = dir.resolve(base);
        AtomicFile.write(target, new byte[] {7});
        try (LockFile lock = LockFile.beside(target)) {
            assertTrue(Files.exists(lock.file()));
            assertTrue(lock.file().getFileName().toString().getBytes(StandardCharsets.UTF_8).length <= 255);
        }
        Path left = Files.writeString(dir.resolve("." + stem + "." + (ProcessHandle.current().pid() + 4_000_000) + "-1.tmp"), "");
        assertEquals(1, AtomicFile.deleteLeftoversOf(target));
        assertTrue(Files.notExists(left));
        assertEquals(List.of(base), names());
    }
}
