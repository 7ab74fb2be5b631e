package g2048.solver;

import g2048.files.BadFileException;
import g2048.game.Board;
import g2048.game.Moves;
import g2048.game.Shape;
import g2048.player.BestMove;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A finished solution, opened for look-ups: a board's value is found by normalising it, taking its
 * age (the sum of its tiles), finding its rank among that age's IDs (Elias-Fano; in the partition
 * holding the ID when the age is split, see {@link PartitionedAge}) and reading the value of that
 * rank. Ages are mapped and their checksums checked on first use. Thread-safe.
 */
public final class Solution implements AutoCloseable {

    private final Path dir;
    private final Shape shape;
    private final Manifest manifest;
    private final Moves moves;
    private final Normalizer normalizer;
    private final Arena arena = Arena.ofShared();
    private final ConcurrentHashMap<Integer, AgeTable> ages = new ConcurrentHashMap<>();

    private Solution(Path dir, Manifest manifest) {
        this.dir = dir;
        this.manifest = manifest;
        this.shape = manifest.shape();
        this.moves = Moves.of(shape);
        this.normalizer = new Normalizer(shape);
    }

    /**
     * Opens the finished solution in {@code dir} (written by {@link Solver}).
     *
     * @throws IllegalArgumentException when {@code dir} holds no solution or an unfinished one
     * @throws IOException when its manifest cannot be read or is damaged ({@link g2048.files.BadFileException} names the file)
     */
    public static Solution open(Path dir) throws IOException {
        Manifest m = Manifest.read(dir);
        if (m == null) {
            throw new IllegalArgumentException("solution directory " + dir + ": no solution there (no " + Manifest.FILE + ")");
        }
        if (!m.done()) {
            throw new IllegalArgumentException("solution directory " + dir + ": the " + m.shape() + " solve there is not"
                    + " finished (solving " + m.shape() + " into the same directory resumes it)");
        }
        return new Solution(dir, m);
    }

    public Shape shape() {
        return shape;
    }

    public Manifest manifest() {
        return manifest;
    }

    private AgeTable age(int age) {
        return ages.computeIfAbsent(age, a -> {
            try {
                return AgeTable.open(dir, shape, a, arena);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    private int ageOf(long board) {
        long a = Board.tileSum(board);
        return a < Manifest.FIRST_AGE || a > manifest.lastAge() ? -1 : (int) a;
    }

    /** The optimal expected future score of a state, or NaN if it is not a reachable state. */
    public double stateValue(long board) {
        int a = ageOf(board);
        if (a < 0) {
            return Double.NaN;
        }
        return age(a).stateValue(normalizer.normalize(board));
    }

    /** The optimal expected future score of an afterstate, or NaN if it is not a reachable afterstate. */
    public double afterstateValue(long after) {
        int a = ageOf(after);
        if (a < 0) {
            return Double.NaN;
        }
        return age(a).afterValue(normalizer.normalize(after));
    }

    /**
     * Fills {@code out[d]} with reward + afterstate value of each legal move (NaN for an illegal
     * one) and returns the legal-move mask.
     */
    public int moveValues(long board, double[] out) {
        int legal = moves.legalMask(board);
        for (int d = 0; d < 4; d++) {
            out[d] = (legal >>> d & 1) == 0 ? Double.NaN
                    : moves.reward(board, d) + afterstateValue(moves.move(board, d));
        }
        return legal;
    }

    /** The best move (lowest direction among equal values), or -1 when no move is legal. */
    public int bestMove(long board) {
        double[] q = new double[4];
        int legal = moveValues(board, q);
        return BestMove.of(q, legal);
    }

    /**
     * One age's afterstates and values decoded into memory, for passes that look up many boards
     * of one age (grading): a rank in an {@link IdSet} instead of an Elias-Fano search. Close it
     * after use.
     */
    AfterTable afterTable(int age) {
        if (age < Manifest.FIRST_AGE || age > manifest.lastAge()) {
            return new AfterTable(IdSet.empty(), new double[0]);
        }
        AgeTable a = age(age);
        return new AfterTable(a.decodeAfters(), a.afterValues());
    }

    /** See {@link #afterTable}. */
    record AfterTable(IdSet ids, double[] values) implements AutoCloseable {
        /** The value of a normalised afterstate, NaN if absent. */
        double value(long normalized) {
            long r = ids.rank(normalized);
            return r < 0 ? Double.NaN : values[(int) r];
        }

        @Override
        public void close() {
            ids.close();
        }
    }

    /** The best afterstate value stored for an age (NaN when the age has no afterstates). */
    public double bestAfterstateValue(int age) {
        return age(age).best();
    }

    /**
     * The expected optimal score from the initial states of the given ages (4: two 2-tiles,
     * 6: a 2 and a 4, 8: two 4-tiles, 0: all of them, the random start), weighted by their
     * probabilities in the initial distribution.
     */
    public double expectedFromStart(int ageFilter) {
        double sum = 0;
        double weight = 0;
        for (InitialStates.Start s : InitialStates.of(shape)) {
            if (ageFilter == 0 || s.age() == ageFilter) {
                double v = stateValue(s.board());
                if (Double.isNaN(v)) {
                    throw new UncheckedIOException(new BadFileException(AgeFiles.idsFile(dir, s.age()), "holds no initial state "
                            + g2048.game.BoardText.format(s.board(), shape) + ": the solution is inconsistent"));
                }
                sum += s.probability() * v;
                weight += s.probability();
            }
        }
        return sum / weight;
    }

    @Override
    public void close() {
        arena.close();
    }
}
