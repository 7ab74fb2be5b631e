package g2048.ntuple;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Locale;

/**
 * Zeroed off-heap tables for lookup tables that are far larger than the caches.
 *
 * <p>On Linux the memory comes from {@code mmap(MAP_ANONYMOUS)} and is marked with
 * {@code madvise(MADV_HUGEPAGE)} before it is first touched, so that transparent huge pages back it
 * (one TLB entry per 2 MiB instead of per 4 KiB: random look-ups in a 256 MiB table otherwise miss
 * the TLB on nearly every access). Elsewhere, or if those calls are missing, the memory comes from
 * {@link Arena#allocate} and {@link #hugePages} says so. The memory lives as long as its arena.
 */
public final class OffHeap {

    private static final long HUGE = 2L << 20;
    private static final int PROT_READ_WRITE = 0x3;
    private static final int MAP_PRIVATE_ANONYMOUS = 0x02 | 0x20;
    private static final int MADV_HUGEPAGE = 14;
    /** Linux 5.14 and later: fault every page of a range in now, writable, in one call. */
    private static final int MADV_POPULATE_WRITE = 23;

    private static final MethodHandle MMAP;
    private static final MethodHandle MADVISE;
    private static final MethodHandle MUNMAP;

    static {
        MethodHandle mmap = null;
        MethodHandle madvise = null;
        MethodHandle munmap = null;
        if (System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
            Linker linker = Linker.nativeLinker();
            SymbolLookup libc = linker.defaultLookup();
            mmap = libc.find("mmap").map(a -> linker.downcallHandle(a, FunctionDescriptor.of(ValueLayout.ADDRESS,
                    ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
                    ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG))).orElse(null);
            madvise = libc.find("madvise").map(a -> linker.downcallHandle(a, FunctionDescriptor.of(ValueLayout.JAVA_INT,
                    ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT))).orElse(null);
            munmap = libc.find("munmap").map(a -> linker.downcallHandle(a, FunctionDescriptor.of(ValueLayout.JAVA_INT,
                    ValueLayout.ADDRESS, ValueLayout.JAVA_LONG))).orElse(null);
        }
        MMAP = mmap;
        MADVISE = madvise;
        MUNMAP = munmap;
    }

    /**
     * Links the system calls now: about a tenth of a second of a cold start, which a command line
     * can spend on a thread of its own while it parses its arguments, before its first table.
     */
    public static void prepare() {
        // the static initialiser has run by the time this is called
    }

    /** A zeroed table and whether huge pages were asked for it. */
    public record Table(MemorySegment segment, boolean hugePages) {
    }

    private OffHeap() {
    }

    /** {@code bytes} of zeroed memory owned by {@code arena}, on huge pages where the system allows. */
    public static Table allocate(long bytes, Arena arena) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("table size must be positive, got " + bytes);
        }
        if (MMAP == null || MADVISE == null || MUNMAP == null || Boolean.getBoolean("g2048.noHugePages")) {
            return new Table(arena.allocate(bytes, 64), false);
        }
        long length = (bytes + HUGE - 1) / HUGE * HUGE;
        try {
            // Over-allocate by one huge page so the table can start on a 2 MiB boundary.
            long mapped = length + HUGE;
            MemorySegment raw = (MemorySegment) MMAP.invokeExact(MemorySegment.NULL, mapped, PROT_READ_WRITE,
                    MAP_PRIVATE_ANONYMOUS, -1, 0L);
            if (raw.address() == -1L) {
                throw new OutOfMemoryError("mmap of " + mapped + " bytes failed");
            }
            long start = (raw.address() + HUGE - 1) / HUGE * HUGE;
            MemorySegment aligned = MemorySegment.ofAddress(start);
            int rc = (int) MADVISE.invokeExact(aligned, length, MADV_HUGEPAGE);
            long base = raw.address();
            MemorySegment table = aligned.reinterpret(length, arena, s -> unmap(base, mapped)).asSlice(0, bytes);
            return new Table(table, rc == 0);
        } catch (OutOfMemoryError | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("off-heap allocation of " + bytes + " bytes failed: " + t, t);
        }
    }

    /**
     * As {@link #allocate}, with every page faulted in now: for a table that will be read or
     * trained at random (a model for play, a network to train), so that the page faults, each
     * zeroing up to 2 MiB, are paid once while the table is made rather than spread through the
     * first games' moves. A loader that writes only the non-zero entries leaves most pages of a
     * sparse table untouched otherwise, and training touches nearly every page of its tables within
     * its first games. One {@code madvise(MADV_POPULATE_WRITE)} faults them all where the kernel
     * has it (Linux 5.14); elsewhere a write per 4 KiB page does.
     */
    public static Table allocateTouched(long bytes, Arena arena) {
        Table t = allocate(bytes, arena);
        MemorySegment s = t.segment();
        if (t.hugePages() && populate(s)) {
            return t;
        }
        // a zero written into fresh, zeroed memory: one write per 4 KiB page faults in every page
        for (long off = 0; off < bytes; off += 4096) {
            s.set(ValueLayout.JAVA_BYTE, off, (byte) 0);
        }
        return t;
    }

    /** Faults in every page of {@code segment} (page-aligned: an {@link #allocate}d huge-page table); false where refused. */
    private static boolean populate(MemorySegment segment) {
        try {
            return (int) MADVISE.invokeExact(segment, segment.byteSize(), MADV_POPULATE_WRITE) == 0;
        } catch (Throwable e) {
            return false;
        }
    }

    /** Asks for huge pages on an existing region (e.g. a private file mapping); true if accepted. */
    static boolean adviseHugePages(MemorySegment segment) {
        if (MADVISE == null) {
            return false;
        }
        long start = (segment.address() + HUGE - 1) / HUGE * HUGE;
        long end = (segment.address() + segment.byteSize()) / HUGE * HUGE;
        if (end <= start) {
            return false;
        }
        try {
            return (int) MADVISE.invokeExact(MemorySegment.ofAddress(start), end - start, MADV_HUGEPAGE) == 0;
        } catch (Throwable t) {
            return false;
        }
    }

    private static void unmap(long address, long length) {
        try {
            int ignored = (int) MUNMAP.invokeExact(MemorySegment.ofAddress(address), length);
        } catch (Throwable t) {
            // Nothing useful to do while an arena closes; the address space is lost until exit.
        }
    }
}
