package g2048.tables;

import g2048.files.ChecksummedFile;
import g2048.solver.EliasFano;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

/**
 * One endgame table opened for look-ups ({@link TableFile#open}): the success probability of an
 * afterstate of its {@link RegionGame} by key, and of a state as the best of its moves. Safe for
 * concurrent readers; the memory is the arena's that opened it.
 */
public final class EndgameTable {

    private final Path file;
    private final RegionGame game;
    private final MemorySegment seg;
    private final EliasFano.Reader[] keys;
    private final long[] valueBase;
    private final long afterstates;

    EndgameTable(Path file, RegionGame game, MemorySegment seg, EliasFano.Reader[] keys, long[] valueBase,
                 long afterstates) {
        this.file = file;
        this.game = game;
        this.seg = seg;
        this.keys = keys;
        this.valueBase = valueBase;
        this.afterstates = afterstates;
    }

    public Path file() {
        return file;
    }

    public RegionGame game() {
        return game;
    }

    public Formation formation() {
        return game.formation();
    }

    public int target() {
        return game.target();
    }

    /** The afterstates the table holds. */
    public long afterstates() {
        return afterstates;
    }

    /** The bytes of the file, its checksum included (as a listing of the directory shows it). */
    public long bytes() {
        return seg.byteSize() + ChecksummedFile.TRAILER_BYTES;
    }

    /** The success probability of the afterstate {@code key} (to 2^-17), NaN if the table does not hold it. */
    public double afterstate(long key) {
        int age = RegionGame.age(key);
        int i = age / 2;
        if (i >= keys.length) {
            return Double.NaN;
        }
        long r = keys[i].rank(key);
        return r < 0 ? Double.NaN : Quantized.get(seg, valueBase[i], r);
    }

    /**
     * The success probability of each move from the state {@code key} into {@code out[0..3]}: 1 for a
     * move that makes the target, NaN for an illegal move or an afterstate the table lacks.
     */
    public void moves(long key, double[] out) {
        for (int d = 0; d < 4; d++) {
            long a = game.after(key, d);
            out[d] = a == RegionGame.SUCCESS ? 1 : a == RegionGame.ILLEGAL ? Double.NaN : afterstate(a);
        }
    }

    /** The success probability of the state {@code key}: the best of its moves (0 with none); NaN if a move's afterstate is missing. */
    public double state(long key) {
        double[] p = new double[4];
        moves(key, p);
        double best = 0;
        for (int d = 0; d < 4; d++) {
            long a = game.after(key, d);
            if (a == RegionGame.ILLEGAL) {
                continue;
            }
            if (Double.isNaN(p[d])) {
                return Double.NaN;
            }
            best = Math.max(best, p[d]);
        }
        return best;
    }
}
