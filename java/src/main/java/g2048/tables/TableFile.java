package g2048.tables;

import static g2048.solver.Layouts.INT;
import static g2048.solver.Layouts.LONG;

import g2048.files.AtomicFile;
import g2048.files.BadFileException;
import g2048.files.ChecksummedFile;
import g2048.solver.EliasFano;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;

/**
 * An endgame table's file ({@code NAME-TARGET.g2et}): every afterstate of the build by age, with
 * its success probability, read memory-mapped by {@link EndgameTable}.
 *
 * <pre>
 * layout (little-endian):
 *   0   8 bytes  magic G2048ET1
 *   8   int      fixed cells (bit 4r + c)
 *   12  int      target code (log2 of the target)
 *   16  int      last age
 *   20  int      ages (last age / 2 + 1)
 *   24  long     afterstates, all ages
 *   32  per age (0, 2, 4, ...): long offset of its keys, an {@link EliasFano} block, and long offset
 *       of its values: a long n, then n {@link Quantized} probabilities in key order
 *   ... the blocks, then the SHA-256 trailer of {@link ChecksummedFile}
 * </pre>
 */
final class TableFile {

    static final String MAGIC = "G2048ET1";
    static final String EXTENSION = ".g2et";
    static final int HEADER = 32;
    private static final int COPY_CHUNK = 1 << 20;

    private TableFile() {
    }

    /** The file name of a table: {@code NAME-TARGET.g2et}. */
    static String fileName(Formation formation, int target) {
        return formation.name() + "-" + target + EXTENSION;
    }

    /** Gathers the work files of a finished build into {@code out}, forced and renamed into place. */
    static void write(Path out, RegionGame game, WorkFiles files, int lastAge) throws IOException {
        int ages = lastAge / 2 + 1;
        try (Arena maps = Arena.ofConfined()) {
            MemorySegment[] keys = new MemorySegment[ages];
            MemorySegment[] values = new MemorySegment[ages];
            long[] keyBytes = new long[ages];
            long[] valueBytes = new long[ages];
            long total = 0;
            for (int i = 0; i < ages; i++) {
                WorkFiles.Ids ids = files.readIds(2 * i, maps);
                long n = ids.afters().size();
                keys[i] = ids.afterBlock();
                values[i] = files.readValues(2 * i, n, maps);
                keyBytes[i] = keys[i].byteSize();
                valueBytes[i] = values[i].byteSize();
                total += n;
            }
            long afterstates = total;
            AtomicFile.writeStream(out, stream -> write(stream, game, lastAge, keyBytes, valueBytes, afterstates, (i, s) -> {
                copy(keys[i], s);
                copy(values[i], s);
            }));
        }
    }

    /** Writes the blocks of age number {@code i} (age {@code 2i}), in file order: its keys' block, then its values'. */
    @FunctionalInterface
    interface AgeBlocks {
        void write(int i, OutputStream out) throws IOException;
    }

    /**
     * Writes a table to a stream, the one writer of table files (one machine's build or a
     * cluster's): the header, which needs every age's block sizes first, each age's blocks, then
     * the SHA-256 of all before it. Blocks of other sizes than announced are refused.
     */
    static void write(OutputStream out, RegionGame game, int lastAge, long[] keyBytes, long[] valueBytes, long afterstates,
                      AgeBlocks blocks) throws IOException {
        int ages = lastAge / 2 + 1;
        MemorySegment header = MemorySegment.ofArray(new byte[HEADER + 16 * ages]);
        MemorySegment.copy(MemorySegment.ofArray(MAGIC.getBytes(StandardCharsets.US_ASCII)), 0, header, 0, 8);
        header.set(INT, 8, game.formation().fixedCells());
        header.set(INT, 12, game.targetCode());
        header.set(INT, 16, lastAge);
        header.set(INT, 20, ages);
        header.set(LONG, 24, afterstates);
        long at = HEADER + 16L * ages;
        for (int i = 0; i < ages; i++) {
            header.set(LONG, HEADER + 16L * i, at);
            at += keyBytes[i];
            header.set(LONG, HEADER + 16L * i + 8, at);
            at += valueBytes[i];
        }
        Sealing sealed = new Sealing(out);
        copy(header, sealed);
        for (int i = 0; i < ages; i++) {
            long from = sealed.count;
            blocks.write(i, sealed);
            if (sealed.count - from != keyBytes[i] + valueBytes[i]) {
                throw new IllegalStateException("age " + 2 * i + ": " + (sealed.count - from) + " bytes of blocks written, "
                        + (keyBytes[i] + valueBytes[i]) + " announced");
            }
        }
        out.write(sealed.digest.digest());
    }

    /** Writes a segment to a stream in chunks. */
    static void copy(MemorySegment seg, OutputStream out) throws IOException {
        for (long off = 0; off < seg.byteSize(); off += COPY_CHUNK) {
            out.write(seg.asSlice(off, Math.min(COPY_CHUNK, seg.byteSize() - off)).toArray(ValueLayout.JAVA_BYTE));
        }
    }

    /** Passes bytes on, counting them into the SHA-256 of the trailer. */
    private static final class Sealing extends FilterOutputStream {
        final MessageDigest digest = ChecksummedFile.digest();
        long count;

        Sealing(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            digest.update((byte) b);
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            digest.update(b, off, len);
            count += len;
        }
    }

    /** The table in {@code file}, mapped in {@code arena} and checked: damage is a one-line {@link BadFileException}. */
    static EndgameTable open(Path file, Arena arena) throws IOException {
        MemorySegment seg = ChecksummedFile.mapVerified(file, "an endgame table (.g2et)", arena);
        if (seg.byteSize() < HEADER || !MAGIC.equals(new String(seg.asSlice(0, 8).toArray(ValueLayout.JAVA_BYTE),
                StandardCharsets.US_ASCII))) {
            throw new BadFileException(file, "not an endgame table (expected the magic " + MAGIC + ")");
        }
        Formation formation;
        RegionGame game;
        try {
            String name = file.getFileName().toString();
            int dash = name.lastIndexOf('-');
            formation = new Formation(dash > 0 ? name.substring(0, dash) : "table", seg.get(INT, 8));
            game = new RegionGame(formation, 1 << Math.min(30, Math.max(0, seg.get(INT, 12))));
        } catch (IllegalArgumentException e) {
            throw new BadFileException(file, "header: " + e.getMessage());
        }
        int lastAge = seg.get(INT, 16);
        int ages = seg.get(INT, 20);
        if (lastAge < 0 || lastAge % 2 != 0 || ages != lastAge / 2 + 1 || lastAge > game.maxAge()
                || HEADER + 16L * ages > seg.byteSize()) {
            throw new BadFileException(file, "header: last age " + lastAge + " and " + ages + " ages do not fit the file");
        }
        EliasFano.Reader[] keys = new EliasFano.Reader[ages];
        long[] valueBase = new long[ages];
        long total = 0;
        for (int i = 0; i < ages; i++) {
            long k = seg.get(LONG, HEADER + 16L * i);
            long v = seg.get(LONG, HEADER + 16L * i + 8);
            long kb = EliasFano.blockBytesAt(seg, k);
            if (kb < 0 || k + kb != v || v < 0 || v > seg.byteSize() - 8) {
                throw new BadFileException(file, "age " + 2 * i + ": its blocks do not fit the file");
            }
            keys[i] = new EliasFano.Reader(seg, k);
            long n = seg.get(LONG, v);
            if (n != keys[i].size() || v + 8 + Quantized.bytes(n) > seg.byteSize()) {
                throw new BadFileException(file, "age " + 2 * i + ": " + n + " values for " + keys[i].size() + " afterstates");
            }
            valueBase[i] = v + 8;
            total += n;
        }
        if (total != seg.get(LONG, 24)) {
            throw new BadFileException(file, "header: " + seg.get(LONG, 24) + " afterstates, the ages hold " + total);
        }
        return new EndgameTable(file, game, seg, keys, valueBase, total);
    }
}
