package g2048.solver;

import static g2048.files.AtomicFile.Durability.DEFERRED;
import static g2048.solver.Layouts.DOUBLE;
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
import java.util.Locale;

/**
 * The per-age files of a solution directory. Every file ends in a SHA-256 trailer
 * ({@link ChecksummedFile}); all numbers are little-endian.
 *
 * <pre>
 * ids-AAAAAA.bin (forward pass: the age's states and afterstates, normalised IDs)
 *   MAGIC_OFFSET        0   8 bytes "G2048ID2"
 *   ROWS_OFFSET         8   int   rows
 *   COLS_OFFSET         12  int   cols
 *   AGE_OFFSET          16  int   age
 *                       20  int   reserved, 0
 *   STATES_OFFSET       24  long  states
 *   AFTERS_OFFSET       32  long  afterstates
 *   TERMINAL_OFFSET     40  long  terminal states (no legal move)
 *   SECOND_BLOCK_OFFSET 48  long  offset of the afterstates' block
 *                       56  long  reserved, 0
 *   HEADER_BYTES        64  the states' {@link EliasFano} block, then the afterstates' block, of the
 *                           IDs packed by {@link CellPacking} (the shape's cells contiguous, row-major)
 *   end − 32                SHA-256 of all bytes before it
 *
 * values-AAAAAA.bin (backward pass: values in the order of the IDs above)
 *   MAGIC_OFFSET        0   8 bytes "G2048VL1"
 *   ROWS_OFFSET, COLS_OFFSET, AGE_OFFSET as above
 *   SCALE_OFFSET        20  int   scale bits ({@link PackedValues#SCALE_BITS})
 *   STATES_OFFSET       24  long  states
 *   AFTERS_OFFSET       32  long  afterstates
 *   BEST_OFFSET         40  double the best afterstate value of the age (NaN when none)
 *   SECOND_BLOCK_OFFSET 48  long  offset of the afterstate values' block
 *   HEADER_BYTES        64  state values ({@link PackedValues} block), then afterstate values
 *   end − 32                SHA-256
 *
 * work/vs-AAAAAA.bin (backward checkpoint: the age's exact state values, deleted when done)
 *   MAGIC_OFFSET        0   8 bytes "G2048VD1"
 *   STATES_OFFSET       24  long  n   (bytes 8..23 as in the other files)
 *   HEADER_BYTES        64  n doubles
 *   end − 32                SHA-256
 * </pre>
 */
public final class AgeFiles {

    static final long MAGIC_OFFSET = 0;
    static final long ROWS_OFFSET = 8;
    static final long COLS_OFFSET = 12;
    static final long AGE_OFFSET = 16;
    static final long SCALE_OFFSET = 20;
    static final long STATES_OFFSET = 24;
    static final long AFTERS_OFFSET = 32;
    static final long TERMINAL_OFFSET = 40;
    static final long BEST_OFFSET = 40;
    static final long SECOND_BLOCK_OFFSET = 48;
    static final long HEADER_BYTES = 64;

    static final String IDS_MAGIC = "G2048ID2";
    static final String VALUES_MAGIC = "G2048VL1";
    static final String DOUBLES_MAGIC = "G2048VD1";

    private AgeFiles() {
    }

    public static Path idsFile(Path dir, int age) {
        return dir.resolve(String.format(Locale.ROOT, "ids-%06d.bin", age));
    }

    public static Path valuesFile(Path dir, int age) {
        return dir.resolve(String.format(Locale.ROOT, "values-%06d.bin", age));
    }

    static Path doublesFile(Path dir, int age) {
        return dir.resolve("work").resolve(String.format(Locale.ROOT, "vs-%06d.bin", age));
    }

    private static void header(MemorySegment seg, String magic, Shape shape, int age) {
        MemorySegment.copy(MemorySegment.ofArray(magic.getBytes(StandardCharsets.US_ASCII)), 0, seg, MAGIC_OFFSET, 8);
        seg.set(INT, ROWS_OFFSET, shape.rows());
        seg.set(INT, COLS_OFFSET, shape.cols());
        seg.set(INT, AGE_OFFSET, age);
    }

    private static void checkHeader(Path file, MemorySegment seg, String magic, Shape shape, int age) throws BadFileException {
        if (seg.byteSize() < HEADER_BYTES) {
            throw new BadFileException(file, "too short for its header (" + seg.byteSize() + " bytes before the checksum, expected at least "
                    + HEADER_BYTES + ")");
        }
        byte[] mb = seg.asSlice(MAGIC_OFFSET, 8).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
        if (!java.util.Arrays.equals(mb, magic.getBytes(StandardCharsets.US_ASCII))) {
            throw new BadFileException(file, "magic " + java.util.HexFormat.of().formatHex(mb) + ", expected '" + magic + "'");
        }
        int r = seg.get(INT, ROWS_OFFSET);
        int c = seg.get(INT, COLS_OFFSET);
        int a = seg.get(INT, AGE_OFFSET);
        if (r != shape.rows() || c != shape.cols() || a != age) {
            throw new BadFileException(file, "holds " + r + "x" + c + " age " + a + ", expected " + shape + " age " + age);
        }
    }

    /**
     * Checks that the two blocks of a file (at {@link #HEADER_BYTES} and at the offset its header
     * names) follow each other and end where the checksum starts, before the checksum is computed.
     */
    private static void checkBlocks(Path file, MemorySegment seg, boolean eliasFano, String first, String second)
            throws BadFileException {
        long firstEnd = blockEnd(file, seg, HEADER_BYTES, eliasFano, first);
        long at = seg.get(LONG, SECOND_BLOCK_OFFSET);
        if (at != firstEnd) {
            throw new BadFileException(file, "the header puts the " + second + " at byte " + at + ", expected " + firstEnd
                    + " (the file is damaged)");
        }
        long end = blockEnd(file, seg, at, eliasFano, second);
        if (end != seg.byteSize()) {
            long size = seg.byteSize() + ChecksummedFile.TRAILER_BYTES;
            long announced = end + ChecksummedFile.TRAILER_BYTES;
            throw new BadFileException(file, size + " bytes, its header announces " + announced
                    + (size > announced ? " (extra bytes after the end)" : " (the file is truncated or damaged)"));
        }
    }

    private static long blockEnd(Path file, MemorySegment seg, long offset, boolean eliasFano, String what) throws BadFileException {
        long bytes = eliasFano ? EliasFano.blockBytesAt(seg, offset) : PackedValues.blockBytesAt(seg, offset);
        if (bytes < 0) {
            throw new BadFileException(file, "the " + what + " at byte " + offset + " are malformed or run past the end of the file ("
                    + (seg.byteSize() + ChecksummedFile.TRAILER_BYTES) + " bytes): the file is damaged or truncated");
        }
        return offset + bytes;
    }

    private static void checkCount(Path file, String what, long header, long block) throws BadFileException {
        if (header != block) {
            throw new BadFileException(file, "the header counts " + header + " " + what + ", their block " + block);
        }
    }

    /** The file mapped, its header and geometry checked, then its checksum: the content before the trailer. */
    private static MemorySegment open(Path file, String what, String magic, Shape shape, int age, Arena arena,
                                      BlockCheck blocks) throws IOException {
        return checked(file, ChecksummedFile.map(file, what + " of a " + shape + " solution", arena), magic, shape, age, blocks);
    }

    /** As {@link #open} for a whole file already in memory ({@code file} names it in errors). */
    private static MemorySegment checked(Path file, MemorySegment all, String magic, Shape shape, int age, BlockCheck blocks)
            throws BadFileException {
        if (all.byteSize() < ChecksummedFile.TRAILER_BYTES) {
            throw new BadFileException(file, "too short for a checksummed file (" + all.byteSize() + " bytes)");
        }
        MemorySegment seg = all.asSlice(0, all.byteSize() - ChecksummedFile.TRAILER_BYTES);
        checkHeader(file, seg, magic, shape, age);
        blocks.check(seg);
        return ChecksummedFile.verify(file, all);
    }

    @FunctionalInterface
    private interface BlockCheck {
        void check(MemorySegment seg) throws BadFileException;
    }

    /** Writes the forward pass's output of one age. */
    static Path writeIds(Path dir, Shape shape, int age, IdSet states, IdSet afters, long terminal) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            ChecksummedFile.write(idsFile(dir, age), idsContent(shape, age, states, afters, terminal, arena), DEFERRED);
            return idsFile(dir, age);
        }
    }

    /** The bytes of an ids file, with room for the checksum that {@link ChecksummedFile#write} fills. */
    static MemorySegment idsContent(Shape shape, int age, IdSet states, IdSet afters, long terminal, Arena arena) {
        CellPacking packing = new CellPacking(shape);
        long second = HEADER_BYTES + EliasFano.blockBytes(states, packing::pack);
        long size = second + EliasFano.blockBytes(afters, packing::pack) + ChecksummedFile.TRAILER_BYTES;
        MemorySegment seg = arena.allocate(size, 8);
        header(seg, IDS_MAGIC, shape, age);
        seg.set(LONG, STATES_OFFSET, states.size());
        seg.set(LONG, AFTERS_OFFSET, afters.size());
        seg.set(LONG, TERMINAL_OFFSET, terminal);
        seg.set(LONG, SECOND_BLOCK_OFFSET, second);
        EliasFano.write(states, packing::pack, seg, HEADER_BYTES);
        EliasFano.write(afters, packing::pack, seg, second);
        return seg;
    }

    /** Writes the backward pass's output of one age. */
    static Path writeValues(Path dir, Shape shape, int age, MemorySegment stateValues, long nStates,
                            MemorySegment afterValues, long nAfters, double best) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            ChecksummedFile.write(valuesFile(dir, age),
                    valuesContent(shape, age, stateValues, nStates, afterValues, nAfters, best, arena), DEFERRED);
            return valuesFile(dir, age);
        }
    }

    /** The bytes of a values file, with room for the checksum. */
    static MemorySegment valuesContent(Shape shape, int age, MemorySegment stateValues, long nStates,
                                       MemorySegment afterValues, long nAfters, double best, Arena arena) {
        long second = HEADER_BYTES + PackedValues.blockBytes(stateValues, nStates);
        long size = second + PackedValues.blockBytes(afterValues, nAfters) + ChecksummedFile.TRAILER_BYTES;
        MemorySegment seg = arena.allocate(size, 8);
        header(seg, VALUES_MAGIC, shape, age);
        seg.set(INT, SCALE_OFFSET, PackedValues.SCALE_BITS);
        seg.set(LONG, STATES_OFFSET, nStates);
        seg.set(LONG, AFTERS_OFFSET, nAfters);
        seg.set(DOUBLE, BEST_OFFSET, best);
        seg.set(LONG, SECOND_BLOCK_OFFSET, second);
        PackedValues.write(stateValues, nStates, seg, HEADER_BYTES);
        PackedValues.write(afterValues, nAfters, seg, second);
        return seg;
    }

    /** Writes the exact state values of an age, for a resumed backward pass. */
    static Path writeDoubles(Path dir, Shape shape, int age, MemorySegment values, long n) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            ChecksummedFile.write(doublesFile(dir, age), doublesContent(shape, age, values, n, arena), DEFERRED);
            return doublesFile(dir, age);
        }
    }

    /** The bytes of a backward checkpoint, with room for the checksum. */
    static MemorySegment doublesContent(Shape shape, int age, MemorySegment values, long n, Arena arena) {
        long size = HEADER_BYTES + 8 * n + ChecksummedFile.TRAILER_BYTES;
        MemorySegment seg = arena.allocate(size, 8);
        header(seg, DOUBLES_MAGIC, shape, age);
        seg.set(LONG, STATES_OFFSET, n);
        for (long i = 0; i < n; i++) {
            seg.set(DOUBLE, HEADER_BYTES + 8 * i, values.getAtIndex(DOUBLE, i));
        }
        return seg;
    }

    /** One age's IDs, mapped and checked; the readers hold packed IDs ({@link CellPacking}). */
    record Ids(long states, long afters, long terminal, EliasFano.Reader stateIds, EliasFano.Reader afterIds,
               CellPacking packing) {
        long stateRank(long board) {
            return stateIds.rank(packing.pack(board));
        }

        long afterRank(long board) {
            return afterIds.rank(packing.pack(board));
        }

        IdSet decodeStates() {
            return stateIds.decode(packing::unpack);
        }

        IdSet decodeAfters() {
            return afterIds.decode(packing::unpack);
        }
    }

    static Ids readIds(Path dir, Shape shape, int age, Arena arena) throws IOException {
        return readIdsFile(idsFile(dir, age), shape, age, arena);
    }

    /** The ids file {@code file} (a single age's, or one partition's of it: the same layout). */
    static Ids readIdsFile(Path file, Shape shape, int age, Arena arena) throws IOException {
        return ids(file, open(file, "an ids file", IDS_MAGIC, shape, age, arena,
                s -> checkBlocks(file, s, true, "states' IDs", "afterstates' IDs")), shape);
    }

    /** An ids file already in memory, whole ({@code file} names it in errors). */
    static Ids readIds(Path file, MemorySegment all, Shape shape, int age) throws BadFileException {
        return ids(file, checked(file, all, IDS_MAGIC, shape, age,
                s -> checkBlocks(file, s, true, "states' IDs", "afterstates' IDs")), shape);
    }

    private static Ids ids(Path file, MemorySegment seg, Shape shape) throws BadFileException {
        EliasFano.Reader states = eliasFano(file, seg, HEADER_BYTES);
        EliasFano.Reader afters = eliasFano(file, seg, seg.get(LONG, SECOND_BLOCK_OFFSET));
        checkCount(file, "states", seg.get(LONG, STATES_OFFSET), states.size());
        checkCount(file, "afterstates", seg.get(LONG, AFTERS_OFFSET), afters.size());
        long terminal = seg.get(LONG, TERMINAL_OFFSET);
        if (terminal < 0 || terminal > states.size()) {
            throw new BadFileException(file, "the header counts " + terminal + " terminal states of " + states.size());
        }
        return new Ids(states.size(), afters.size(), terminal, states, afters, new CellPacking(shape));
    }

    private static EliasFano.Reader eliasFano(Path file, MemorySegment seg, long offset) throws BadFileException {
        try {
            return new EliasFano.Reader(seg, offset);
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            throw new BadFileException(file, e.getMessage());
        }
    }

    /** One age's values, mapped and checked. */
    record Values(double best, PackedValues.Reader stateValues, PackedValues.Reader afterValues) {
    }

    static Values readValues(Path dir, Shape shape, int age, Arena arena) throws IOException {
        return readValuesFile(valuesFile(dir, age), shape, age, arena);
    }

    /** The values file {@code file} (a single age's, or one partition's of it). */
    static Values readValuesFile(Path file, Shape shape, int age, Arena arena) throws IOException {
        return values(file, open(file, "a values file", VALUES_MAGIC, shape, age, arena, valuesCheck(file)));
    }

    /** A values file already in memory, whole. */
    static Values readValues(Path file, MemorySegment all, Shape shape, int age) throws BadFileException {
        return values(file, checked(file, all, VALUES_MAGIC, shape, age, valuesCheck(file)));
    }

    private static BlockCheck valuesCheck(Path file) {
        return s -> {
            if (s.get(INT, SCALE_OFFSET) != PackedValues.SCALE_BITS) {
                throw new BadFileException(file, "scale 2^" + s.get(INT, SCALE_OFFSET) + ", expected 2^" + PackedValues.SCALE_BITS);
            }
            checkBlocks(file, s, false, "state values", "afterstate values");
        };
    }

    private static Values values(Path file, MemorySegment seg) throws BadFileException {
        PackedValues.Reader states = new PackedValues.Reader(seg, HEADER_BYTES);
        PackedValues.Reader afters = new PackedValues.Reader(seg, seg.get(LONG, SECOND_BLOCK_OFFSET));
        checkCount(file, "state values", seg.get(LONG, STATES_OFFSET), states.size());
        checkCount(file, "afterstate values", seg.get(LONG, AFTERS_OFFSET), afters.size());
        return new Values(seg.get(DOUBLE, BEST_OFFSET), states, afters);
    }

    /** The exact state values of an age into a new off-heap array of {@code n} doubles (little-endian). */
    static MemorySegment readDoubles(Path dir, Shape shape, int age, long n, Arena arena) throws IOException {
        Path file = doublesFile(dir, age);
        try (Arena map = Arena.ofConfined()) {
            MemorySegment seg = open(file, "a backward checkpoint", DOUBLES_MAGIC, shape, age, map, doublesCheck(file, n));
            MemorySegment out = arena.allocate(Math.max(8, 8 * n), 8);
            for (long i = 0; i < n; i++) {
                out.setAtIndex(DOUBLE, i, seg.get(DOUBLE, HEADER_BYTES + 8 * i));
            }
            return out;
        }
    }

    private static BlockCheck doublesCheck(Path file, long n) {
        return s -> {
            if (s.get(LONG, STATES_OFFSET) != n) {
                throw new BadFileException(file, "holds " + s.get(LONG, STATES_OFFSET) + " values, expected " + n);
            }
            if (s.byteSize() != HEADER_BYTES + 8 * n) {
                throw new BadFileException(file, (s.byteSize() + ChecksummedFile.TRAILER_BYTES) + " bytes, expected "
                        + (HEADER_BYTES + 8 * n + ChecksummedFile.TRAILER_BYTES) + " for " + n + " values");
            }
        };
    }

    /** A backward checkpoint of {@code n} values already in memory, whole: the content after the header. */
    static MemorySegment readDoubles(Path file, MemorySegment all, Shape shape, int age, long n) throws BadFileException {
        return checked(file, all, DOUBLES_MAGIC, shape, age, doublesCheck(file, n)).asSlice(HEADER_BYTES, 8 * n);
    }
}
