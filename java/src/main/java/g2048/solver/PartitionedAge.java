package g2048.solver;

import static g2048.solver.Layouts.INT;
import static g2048.solver.Layouts.LONG;

import g2048.files.BadFileException;
import g2048.files.ChecksummedFile;
import g2048.game.Shape;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * An age split by ranges of normalised IDs into partitions, as a cluster writes it: partition
 * {@code p} holds the states and afterstates whose IDs lie in {@code [split[p-1], split[p])} in an
 * ids file and a values file of exactly the {@link AgeFiles} layout ({@code ids-AAAAAA-pPPPPP.bin},
 * {@code values-AAAAAA-pPPPPP.bin}), and an index names the splits and the counts. Concatenated in
 * partition order, the partitions' IDs are the age's sorted IDs, so a rank in the age is the
 * partition's first rank plus the rank inside it.
 *
 * <pre>
 * parts-AAAAAA.bin
 *   MAGIC_OFFSET      0   8 bytes "G2048PT1"
 *   ROWS, COLS, AGE   8, 12, 16 as in {@link AgeFiles}
 *   PARTS_OFFSET      20  int   partitions P (at least 1)
 *   STATES_OFFSET     24  long  states of the age
 *   AFTERS_OFFSET     32  long  afterstates
 *   TERMINAL_OFFSET   40  long  terminal states
 *                     48  16 bytes reserved, 0
 *   HEADER_BYTES      64  P − 1 longs: the splits, strictly increasing; then P longs: states per
 *                         partition; P longs: afterstates per partition; P longs: terminal states
 *   end − 32              SHA-256
 * </pre>
 */
public record PartitionedAge(int age, long[] splits, long[] states, long[] afters, long[] terminal) {

    static final String MAGIC = "G2048PT1";
    static final long PARTS_OFFSET = 20;
    /** A bound on partitions an age, far above any plan, so a damaged count cannot allocate wildly. */
    public static final int MAX_PARTS = 1 << 20;

    public PartitionedAge {
        int p = states.length;
        if (p < 1 || p > MAX_PARTS || splits.length != p - 1 || afters.length != p || terminal.length != p) {
            throw new IllegalArgumentException("partitions: " + p + " state counts, " + splits.length + " splits, "
                    + afters.length + " afterstate counts, " + terminal.length + " terminal counts; expected P, P-1, P, P");
        }
    }

    public int parts() {
        return states.length;
    }

    public long totalStates() {
        return Arrays.stream(states).sum();
    }

    public long totalAfters() {
        return Arrays.stream(afters).sum();
    }

    public long totalTerminal() {
        return Arrays.stream(terminal).sum();
    }

    /** The partition holding {@code id}: the number of splits at or below it. */
    public int partOf(long id) {
        return partOf(splits, id);
    }

    /** The partition of {@code id} under {@code splits} (sorted ascending). */
    public static int partOf(long[] splits, long id) {
        int lo = 0;
        int hi = splits.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (splits[mid] <= id) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    public static String indexName(int age) {
        return String.format(Locale.ROOT, "parts-%06d.bin", age);
    }

    public static String idsName(int age, int part) {
        return String.format(Locale.ROOT, "ids-%06d-p%05d.bin", age, part);
    }

    public static String valuesName(int age, int part) {
        return String.format(Locale.ROOT, "values-%06d-p%05d.bin", age, part);
    }

    /** A partition's exact state values for the backward pass, under {@code work/} (deleted when the solve is done). */
    public static String doublesName(int age, int part) {
        return "work/" + String.format(Locale.ROOT, "vs-%06d-p%05d.bin", age, part);
    }

    static Path indexFile(Path dir, int age) {
        return dir.resolve(indexName(age));
    }

    /** The index file's bytes, checksum included. */
    public byte[] bytes(Shape shape) {
        int p = parts();
        long size = AgeFiles.HEADER_BYTES + 8L * (4L * p - 1) + ChecksummedFile.TRAILER_BYTES;
        MemorySegment seg = MemorySegment.ofArray(new byte[Math.toIntExact(size)]);
        MemorySegment.copy(MemorySegment.ofArray(MAGIC.getBytes(StandardCharsets.US_ASCII)), 0, seg, AgeFiles.MAGIC_OFFSET, 8);
        seg.set(INT, AgeFiles.ROWS_OFFSET, shape.rows());
        seg.set(INT, AgeFiles.COLS_OFFSET, shape.cols());
        seg.set(INT, AgeFiles.AGE_OFFSET, age);
        seg.set(INT, PARTS_OFFSET, p);
        seg.set(LONG, AgeFiles.STATES_OFFSET, totalStates());
        seg.set(LONG, AgeFiles.AFTERS_OFFSET, totalAfters());
        seg.set(LONG, AgeFiles.TERMINAL_OFFSET, totalTerminal());
        long at = AgeFiles.HEADER_BYTES;
        for (long[] column : new long[][] {splits, states, afters, terminal}) {
            for (long v : column) {
                seg.set(LONG, at, v);
                at += 8;
            }
        }
        byte[] digest = ChecksummedFile.sha256(seg.asSlice(0, at));
        MemorySegment.copy(MemorySegment.ofArray(digest), 0, seg, at, ChecksummedFile.TRAILER_BYTES);
        return seg.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
    }

    /** The index of {@code age} in {@code dir}, checked. */
    static PartitionedAge read(Path dir, Shape shape, int age) throws IOException {
        Path file = indexFile(dir, age);
        try (Arena arena = Arena.ofConfined()) {
            return parse(file, ChecksummedFile.map(file, "a partition index of a " + shape + " solution", arena), shape, age);
        }
    }

    /** Parses a whole index file ({@code file} names it in errors): checksum, header, splits and counts. */
    public static PartitionedAge parse(Path file, MemorySegment all, Shape shape, int age) throws BadFileException {
        MemorySegment seg = ChecksummedFile.verify(file, all);
        if (seg.byteSize() < AgeFiles.HEADER_BYTES) {
            throw new BadFileException(file, "too short for its header (" + seg.byteSize() + " bytes before the checksum)");
        }
        byte[] magic = seg.asSlice(AgeFiles.MAGIC_OFFSET, 8).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
        if (!Arrays.equals(magic, MAGIC.getBytes(StandardCharsets.US_ASCII))) {
            throw new BadFileException(file, "magic " + java.util.HexFormat.of().formatHex(magic) + ", expected '" + MAGIC + "'");
        }
        int r = seg.get(INT, AgeFiles.ROWS_OFFSET);
        int c = seg.get(INT, AgeFiles.COLS_OFFSET);
        int a = seg.get(INT, AgeFiles.AGE_OFFSET);
        if (r != shape.rows() || c != shape.cols() || a != age) {
            throw new BadFileException(file, "holds " + r + "x" + c + " age " + a + ", expected " + shape + " age " + age);
        }
        int p = seg.get(INT, PARTS_OFFSET);
        if (p < 1 || p > MAX_PARTS || seg.byteSize() != AgeFiles.HEADER_BYTES + 8L * (4L * p - 1)) {
            throw new BadFileException(file, "announces " + p + " partitions in " + seg.byteSize()
                    + " bytes before the checksum, expected 1.." + MAX_PARTS + " partitions of 32 bytes less 8");
        }
        long at = AgeFiles.HEADER_BYTES;
        long[][] columns = {new long[p - 1], new long[p], new long[p], new long[p]};
        for (long[] column : columns) {
            for (int i = 0; i < column.length; i++) {
                column[i] = seg.get(LONG, at);
                at += 8;
            }
        }
        PartitionedAge index = new PartitionedAge(age, columns[0], columns[1], columns[2], columns[3]);
        for (int i = 0; i < index.splits.length; i++) {
            if (index.splits[i] < 0 || (i > 0 && index.splits[i] <= index.splits[i - 1])) {
                throw new BadFileException(file, "split " + i + " (" + index.splits[i] + ") is negative or not above the one before");
            }
        }
        for (int i = 0; i < p; i++) {
            if (index.states[i] < 0 || index.afters[i] < 0 || index.terminal[i] < 0 || index.terminal[i] > index.states[i]) {
                throw new BadFileException(file, "partition " + i + " counts " + index.states[i] + " states, " + index.afters[i]
                        + " afterstates, " + index.terminal[i] + " terminal: expected non-negative counts, terminal ≤ states");
            }
        }
        if (index.totalStates() != seg.get(LONG, AgeFiles.STATES_OFFSET) || index.totalAfters() != seg.get(LONG, AgeFiles.AFTERS_OFFSET)
                || index.totalTerminal() != seg.get(LONG, AgeFiles.TERMINAL_OFFSET)) {
            throw new BadFileException(file, "the header's totals differ from the sums of its partitions' counts");
        }
        return index;
    }
}
