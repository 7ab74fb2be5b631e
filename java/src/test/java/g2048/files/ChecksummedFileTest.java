package g2048.files;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChecksummedFileTest {

    @TempDir
    Path dir;

    /** {@code n} seeded bytes followed by room for the trailer. */
    private static MemorySegment content(Arena arena, int n, long seed) {
        MemorySegment seg = arena.allocate(n + ChecksummedFile.TRAILER_BYTES);
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < n; i++) {
            seg.set(ValueLayout.JAVA_BYTE, i, (byte) r.nextInt());
        }
        return seg;
    }

    @Test
    void writesTheSha256OfTheContentAndReadsTheContentBack() throws Exception {
        Path f = dir.resolve("ids.bin");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = content(arena, 10_000, 1);
            byte[] body = seg.asSlice(0, 10_000).toArray(ValueLayout.JAVA_BYTE);
            String hex = ChecksummedFile.write(f, seg, AtomicFile.Durability.FORCED);
            byte[] want = MessageDigest.getInstance("SHA-256").digest(body);
            assertEquals(HexFormat.of().formatHex(want), hex);
            byte[] file = Files.readAllBytes(f);
            assertEquals(10_000 + 32, file.length);
            assertArrayEquals(want, java.util.Arrays.copyOfRange(file, 10_000, file.length), "the trailer is the SHA-256");
            MemorySegment back = ChecksummedFile.mapVerified(f, arena);
            assertArrayEquals(body, back.toArray(ValueLayout.JAVA_BYTE));
        }
    }

    @Test
    void aDamagedOrTruncatedFileIsAnErrorNamingIt() throws IOException {
        Path f = dir.resolve("values.bin");
        try (Arena arena = Arena.ofConfined()) {
            ChecksummedFile.write(f, content(arena, 1000, 2), AtomicFile.Durability.DEFERRED);
        }
        byte[] good = Files.readAllBytes(f);
        for (int at : new int[] {0, 500, 999, 1000, 1031}) {
            byte[] bad = good.clone();
            bad[at] ^= 0x10;
            Files.write(f, bad);
            IOException e = assertThrows(IOException.class, () -> map(f), "a flipped bit at " + at);
            assertTrue(e.getMessage().startsWith(f + ": SHA-256 checksum mismatch"), e.getMessage());
        }
        Files.write(f, java.util.Arrays.copyOf(good, good.length - 1));
        assertThrows(IOException.class, () -> map(f), "one byte short");
        Files.write(f, new byte[31]);
        IOException e = assertThrows(IOException.class, () -> map(f));
        assertTrue(e.getMessage().startsWith(f + ": too short"), e.getMessage());
    }

    private static void map(Path f) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            ChecksummedFile.mapVerified(f, arena);
        }
    }

    @Test
    void emptyContentHasATrailerToo() throws IOException {
        Path f = dir.resolve("empty.bin");
        try (Arena arena = Arena.ofConfined()) {
            ChecksummedFile.write(f, arena.allocate(ChecksummedFile.TRAILER_BYTES), AtomicFile.Durability.FORCED);
            assertEquals(0, ChecksummedFile.mapVerified(f, arena).byteSize());
        }
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
            assertEquals(ChecksummedFile.TRAILER_BYTES, ch.size());
        }
    }
}
