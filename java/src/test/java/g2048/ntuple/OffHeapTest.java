package g2048.ntuple;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class OffHeapTest {

    private static final Path STATM = Path.of("/proc/self/statm");

    @Test
    void tablesAreZeroedWritableAndOfTheSizeAskedFor() {
        SplittableRandom random = new SplittableRandom(20261128);
        try (Arena arena = Arena.ofConfined()) {
            for (int k = 0; k < 20; k++) {
                long bytes = 1 + random.nextLong(5L << 20);
                OffHeap.Table t = k % 2 == 0 ? OffHeap.allocate(bytes, arena) : OffHeap.allocateTouched(bytes, arena);
                MemorySegment s = t.segment();
                assertEquals(bytes, s.byteSize());
                long[] at = random.longs(200, 0, bytes).toArray();
                for (long i : at) {
                    assertEquals(0, s.get(ValueLayout.JAVA_BYTE, i), "byte " + i + " of a fresh table of " + bytes);
                }
                for (long i : at) {
                    s.set(ValueLayout.JAVA_BYTE, i, (byte) (i * 31 + 7));
                }
                for (long i : at) {
                    assertEquals((byte) (i * 31 + 7), s.get(ValueLayout.JAVA_BYTE, i));
                }
            }
        }
    }

    @Test
    void aTouchedTableIsResidentWhenItIsReturned() throws IOException {
        assumeTrue(Files.isReadable(STATM), "no /proc/self/statm to read the resident size from");
        long bytes = 96L << 20;
        try (Arena arena = Arena.ofConfined()) {
            long before = residentBytes();
            MemorySegment s = OffHeap.allocateTouched(bytes, arena).segment();
            long after = residentBytes();
            // every page faulted in by the allocation itself, none by reading it
            assertTrue(after - before >= bytes * 9 / 10,
                    "resident size grew by " + (after - before) + " bytes for a touched table of " + bytes);
            assertEquals(0, s.get(ValueLayout.JAVA_LONG, bytes - 8));
        }
    }

    @Test
    void aTableOfNoBytesIsRefused() {
        try (Arena arena = Arena.ofConfined()) {
            assertThrows(IllegalArgumentException.class, () -> OffHeap.allocate(0, arena));
            assertThrows(IllegalArgumentException.class, () -> OffHeap.allocateTouched(-1, arena));
        }
    }

    /** The process's resident set: the second field of /proc/self/statm, in pages of 4 KiB. */
    private static long residentBytes() throws IOException {
        String[] fields = Files.readString(STATM).trim().split("\\s+");
        return Long.parseLong(fields[1]) * 4096;
    }
}
