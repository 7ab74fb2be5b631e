package g2048.tables;

import static g2048.solver.Layouts.DOUBLE;
import static g2048.solver.Layouts.INT;
import static g2048.solver.Layouts.LONG;

import g2048.files.AtomicFile;
import g2048.files.BadFileException;
import g2048.files.ChecksummedFile;
import g2048.solver.EliasFano;
import g2048.solver.IdSet;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The files of a build in progress, one set per age in the build's work directory, each with a
 * {@link ChecksummedFile} trailer and written {@link AtomicFile.Durability#DEFERRED} (the builder
 * forces them before its manifest names them):
 * <ul>
 *   <li>{@code ids-AGE.bin}: the age's states and afterstates, two {@link EliasFano} blocks;</li>
 *   <li>{@code values-AGE.bin}: its afterstates' success probabilities, quantised ({@link Quantized});</li>
 *   <li>{@code doubles-AGE.bin}: its states' exact probabilities, so that a resumed backward pass
 *       computes from the same numbers as an uninterrupted one.</li>
 * </ul>
 * Header (little-endian): magic (8 bytes), fixed cells (int), target code (int), age (int), 0 (int).
 */
final class WorkFiles {

    static final int HEADER = 24;
    private static final String IDS = "G2048TI1";
    private static final String VALUES = "G2048TV1";
    private static final String DOUBLES = "G2048TD1";

    private final Path dir;
    private final RegionGame game;

    WorkFiles(Path dir, RegionGame game) {
        this.dir = dir;
        this.game = game;
    }

    Path ids(int age) {
        return dir.resolve("ids-" + age + ".bin");
    }

    Path values(int age) {
        return dir.resolve("values-" + age + ".bin");
    }

    Path doubles(int age) {
        return dir.resolve("doubles-" + age + ".bin");
    }

    private static void header(MemorySegment seg, String magic, RegionGame game, int age) {
        MemorySegment.copy(MemorySegment.ofArray(magic.getBytes(StandardCharsets.US_ASCII)), 0, seg, 0, 8);
        seg.set(INT, 8, game.formation().fixedCells());
        seg.set(INT, 12, game.targetCode());
        seg.set(INT, 16, age);
        seg.set(INT, 20, 0);
    }

    /** The content of a whole work file ({@code seg}, checksum verified), its header checked; {@code file} names it in errors. */
    private static MemorySegment checked(Path file, MemorySegment seg, String magic, RegionGame game, int age) throws BadFileException {
        if (seg.byteSize() < HEADER) {
            throw new BadFileException(file, "too short for a table build's work file");
        }
        String m = new String(seg.asSlice(0, 8).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE), StandardCharsets.US_ASCII);
        if (!m.equals(magic) || seg.get(INT, 8) != game.formation().fixedCells() || seg.get(INT, 12) != game.targetCode()
                || seg.get(INT, 16) != age) {
            throw new BadFileException(file, "not the " + magic + " file of formation " + game.formation().name()
                    + ", target " + game.target() + ", age " + age);
        }
        return seg;
    }

    private MemorySegment open(Path file, String magic, int age, Arena arena) throws IOException {
        return checked(file, ChecksummedFile.mapVerified(file, "a table build's work file", arena), magic, game, age);
    }

    /** An ids file's content with room for its checksum: the states' block, then the afterstates'. */
    static MemorySegment idsContent(RegionGame game, int age, IdSet states, IdSet afters, Arena arena) {
        long a = EliasFano.blockBytes(states);
        long b = EliasFano.blockBytes(afters);
        MemorySegment seg = arena.allocate(HEADER + a + b + ChecksummedFile.TRAILER_BYTES, 8);
        header(seg, IDS, game, age);
        EliasFano.write(states, seg, HEADER);
        EliasFano.write(afters, seg, HEADER + a);
        return seg;
    }

    Path writeIds(int age, IdSet states, IdSet afters) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            ChecksummedFile.write(ids(age), idsContent(game, age, states, afters, arena), AtomicFile.Durability.DEFERRED);
        }
        return ids(age);
    }

    /** An age's states and afterstates, mapped in {@code arena}. */
    record Ids(EliasFano.Reader states, EliasFano.Reader afters, MemorySegment afterBlock) {
    }

    Ids readIds(int age, Arena arena) throws IOException {
        Path file = ids(age);
        return parseIds(file, open(file, IDS, age, arena));
    }

    /** The blocks of an ids file's content (verified, header checked). */
    private static Ids parseIds(Path file, MemorySegment seg) throws BadFileException {
        long a = EliasFano.blockBytesAt(seg, HEADER);
        long b = a < 0 ? -1 : EliasFano.blockBytesAt(seg, HEADER + a);
        if (b < 0 || HEADER + a + b != seg.byteSize()) {
            throw new BadFileException(file, "its blocks do not fill the file");
        }
        return new Ids(new EliasFano.Reader(seg, HEADER), new EliasFano.Reader(seg, HEADER + a), seg.asSlice(HEADER + a, b));
    }

    /** The ids file of {@code age} in the bytes of a whole file, checked ({@code file} names it in errors). */
    static Ids parseIds(Path file, byte[] bytes, RegionGame game, int age) throws BadFileException {
        return parseIds(file, checked(file, ChecksummedFile.verify(file, MemorySegment.ofArray(bytes)), IDS, game, age));
    }

    /** A values file's content with room for its checksum: the count, then the quantised probabilities. */
    static MemorySegment valuesContent(RegionGame game, int age, MemorySegment probabilities, long n, Arena arena) {
        MemorySegment seg = arena.allocate(HEADER + 8 + Quantized.bytes(n) + ChecksummedFile.TRAILER_BYTES, 8);
        header(seg, VALUES, game, age);
        seg.set(LONG, HEADER, n);
        for (long i = 0; i < n; i++) {
            Quantized.set(seg, HEADER + 8, i, probabilities.getAtIndex(DOUBLE, i));
        }
        return seg;
    }

    Path writeValues(int age, MemorySegment probabilities, long n) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            ChecksummedFile.write(values(age), valuesContent(game, age, probabilities, n, arena), AtomicFile.Durability.DEFERRED);
        }
        return values(age);
    }

    /** The quantised values block of an age (its count, then the values), mapped in {@code arena}. */
    MemorySegment readValues(int age, long n, Arena arena) throws IOException {
        Path file = values(age);
        return valuesBlock(file, open(file, VALUES, age, arena), n);
    }

    private static MemorySegment valuesBlock(Path file, MemorySegment seg, long n) throws BadFileException {
        if (seg.byteSize() != HEADER + 8 + Quantized.bytes(n) || seg.get(LONG, HEADER) != n) {
            throw new BadFileException(file, "expected " + n + " values, as the age's ids file holds afterstates");
        }
        return seg.asSlice(HEADER);
    }

    /** The values block (count, values) of a values file of {@code n} values in the bytes of a whole file, checked. */
    static MemorySegment parseValues(Path file, byte[] bytes, RegionGame game, int age, long n) throws BadFileException {
        return valuesBlock(file, checked(file, ChecksummedFile.verify(file, MemorySegment.ofArray(bytes)), VALUES, game, age), n);
    }

    /** A doubles file's content with room for its checksum. */
    static MemorySegment doublesContent(RegionGame game, int age, MemorySegment values, long n, Arena arena) {
        MemorySegment seg = arena.allocate(HEADER + 8 * n + ChecksummedFile.TRAILER_BYTES, 8);
        header(seg, DOUBLES, game, age);
        MemorySegment.copy(values, 0, seg, HEADER, 8 * n);
        return seg;
    }

    Path writeDoubles(int age, MemorySegment values, long n) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            ChecksummedFile.write(doubles(age), doublesContent(game, age, values, n, arena), AtomicFile.Durability.DEFERRED);
        }
        return doubles(age);
    }

    /** An age's {@code n} state probabilities, copied into {@code arena}. */
    MemorySegment readDoubles(int age, long n, Arena arena) throws IOException {
        Path file = doubles(age);
        MemorySegment out = arena.allocate(Math.max(8, 8 * n), 8);
        try (Arena map = Arena.ofConfined()) {
            MemorySegment.copy(doublesBlock(file, open(file, DOUBLES, age, map), n), 0, out, 0, 8 * n);
        }
        return out;
    }

    private static MemorySegment doublesBlock(Path file, MemorySegment seg, long n) throws BadFileException {
        if (seg.byteSize() != HEADER + 8 * n) {
            throw new BadFileException(file, "expected " + n + " doubles, as the age's ids file holds states");
        }
        return seg.asSlice(HEADER);
    }

    /** The {@code n} doubles of a doubles file in the bytes of a whole file, checked. */
    static MemorySegment parseDoubles(Path file, byte[] bytes, RegionGame game, int age, long n) throws BadFileException {
        return doublesBlock(file, checked(file, ChecksummedFile.verify(file, MemorySegment.ofArray(bytes)), DOUBLES, game, age), n);
    }
}
