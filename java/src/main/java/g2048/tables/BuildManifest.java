package g2048.tables;

import static g2048.solver.Layouts.INT;
import static g2048.solver.Layouts.LONG;

import g2048.files.AtomicFile;
import g2048.files.BadFileException;
import g2048.files.ChecksummedFile;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How far a table build has come: the last age of the forward pass written ({@code -2} for none),
 * the last age there is ({@code -2} until the forward pass has found it), and the youngest age of
 * the backward pass written ({@link #NONE} for none), with the states and afterstates counted so far
 * (for the ETA). Written as {@code manifest.bin} with a {@link ChecksummedFile} trailer, forced, once
 * the files it names are forced: a killed build resumes from it. A build on a cluster keeps the same
 * manifest as bytes ({@link #bytes}, {@link #parse}).
 */
public record BuildManifest(int fixedCells, int targetCode, int forwardDone, int lastAge, int backwardDone, long states,
                     long afters) {

    public static final String FILE = "manifest.bin";
    /** {@link #backwardDone} before the backward pass has written an age. */
    public static final int NONE = Integer.MAX_VALUE;
    private static final String MAGIC = "G2048TM1";
    private static final int BYTES = 48;

    public static BuildManifest fresh(RegionGame game) {
        return new BuildManifest(game.formation().fixedCells(), game.targetCode(), -2, -2, NONE, 0, 0);
    }

    public boolean forwardFinished() {
        return lastAge >= 0;
    }

    public boolean backwardFinished() {
        return backwardDone == 0;
    }

    public BuildManifest withForward(int age, long newStates, long newAfters) {
        return new BuildManifest(fixedCells, targetCode, age, lastAge, backwardDone, states + newStates, afters + newAfters);
    }

    public BuildManifest withLastAge(int age) {
        return new BuildManifest(fixedCells, targetCode, forwardDone, age, backwardDone, states, afters);
    }

    public BuildManifest withBackward(int age) {
        return new BuildManifest(fixedCells, targetCode, forwardDone, lastAge, age, states, afters);
    }

    void write(Path dir) throws IOException {
        ChecksummedFile.write(dir.resolve(FILE), content(), AtomicFile.Durability.FORCED);
    }

    /** The manifest file's bytes, checksum included. */
    public byte[] bytes() {
        MemorySegment seg = content();
        ChecksummedFile.seal(seg);
        return seg.toArray(ValueLayout.JAVA_BYTE);
    }

    private MemorySegment content() {
        MemorySegment seg = MemorySegment.ofArray(new byte[BYTES + ChecksummedFile.TRAILER_BYTES]);
        MemorySegment.copy(MemorySegment.ofArray(MAGIC.getBytes(StandardCharsets.US_ASCII)), 0, seg, 0, 8);
        seg.set(INT, 8, fixedCells);
        seg.set(INT, 12, targetCode);
        seg.set(INT, 16, forwardDone);
        seg.set(INT, 20, lastAge);
        seg.set(INT, 24, backwardDone);
        seg.set(INT, 28, 0);
        seg.set(LONG, 32, states);
        seg.set(LONG, 40, afters);
        return seg;
    }

    /** The manifest in {@code dir}, null if there is none; refused if it is damaged or names another table. */
    static BuildManifest read(Path dir, RegionGame game) throws IOException {
        Path file = dir.resolve(FILE);
        if (!Files.exists(file)) {
            return null;
        }
        try (Arena arena = Arena.ofConfined()) {
            return parse(file, ChecksummedFile.mapVerified(file, "a table build's manifest", arena), game);
        }
    }

    /** The manifest in the bytes of a whole file ({@code file} names it in errors), checked as {@link #read} checks it. */
    public static BuildManifest parse(Path file, byte[] bytes, RegionGame game) throws BadFileException {
        return parse(file, ChecksummedFile.verify(file, MemorySegment.ofArray(bytes)), game);
    }

    private static BuildManifest parse(Path file, MemorySegment seg, RegionGame game) throws BadFileException {
        String magic = seg.byteSize() == BYTES
                ? new String(seg.asSlice(0, 8).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.US_ASCII) : "";
        if (!magic.equals(MAGIC)) {
            throw new BadFileException(file, "not a table build's manifest (" + MAGIC + ", " + BYTES + " bytes)");
        }
        BuildManifest m = new BuildManifest(seg.get(INT, 8), seg.get(INT, 12), seg.get(INT, 16), seg.get(INT, 20),
                seg.get(INT, 24), seg.get(LONG, 32), seg.get(LONG, 40));
        if (m.fixedCells != game.formation().fixedCells() || m.targetCode != game.targetCode()) {
            throw new BadFileException(file, "names another table (fixed cells " + Integer.toHexString(m.fixedCells)
                    + ", target " + (1 << m.targetCode) + "), not " + game.formation().name() + " for " + game.target());
        }
        return m;
    }
}
