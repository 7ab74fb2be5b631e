package g2048.tables;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Which formations a player's positions take, to choose the tables worth building by what is met
 * rather than by guess. At each position, for each target, the cells holding the target or more
 * are a formation a table could match ({@link TableSet}'s rule) when their tiles all differ; the
 * survey counts each such set, up to symmetry ({@link CanonicalCells}), by the moves and the games
 * it is met in. Shared by every thread of a run; each game counts through its own {@link Game}.
 */
public final class FormationSurvey {

    /** One set of cells met for one target: its canonical cells, the moves it was met at and the games it was met in. */
    public record Sighting(int target, int cells, long moves, long games) {

        /** Its fixed cells: the big tiles. */
        public int fixedCount() {
            return Integer.bitCount(cells);
        }

        /** Its free cells. */
        public int freeCount() {
            return 16 - fixedCount();
        }

        /** Its picture, as {@link Formation#of} reads it. */
        public String picture() {
            return Formation.picture(cells);
        }
    }

    private record Count(LongAdder moves, LongAdder games) {
    }

    private final int[] targets;
    private final int[] targetCodes;
    private final LongAdder moves = new LongAdder();
    private final LongAdder games = new LongAdder();
    /** By {@code targetIndex << 16 | canonical cells}. */
    private final Map<Integer, Count> counts = new ConcurrentHashMap<>();

    /** A survey for {@code targets}, each a power of two in 8..16384 and none twice (refused otherwise). */
    public FormationSurvey(List<Integer> targets) {
        this.targets = targets.stream().mapToInt(Integer::intValue).toArray();
        this.targetCodes = new int[this.targets.length];
        for (int i = 0; i < this.targets.length; i++) {
            targetCodes[i] = RegionGame.targetCode(this.targets[i]);
            for (int j = 0; j < i; j++) {
                if (this.targets[j] == this.targets[i]) {
                    throw new IllegalArgumentException("target " + this.targets[i] + " given twice");
                }
            }
        }
    }

    /**
     * The cells holding code {@code tc} or more, when their tiles all differ (a table could match
     * them); -1 when two of them are equal.
     */
    public static int distinctCellsAtLeast(long board, int tc) {
        int cells = TableSet.cellsAtLeast(board, tc);
        long nibbles = Long.expand(cells, 0x1111_1111_1111_1111L) * 0xF;
        return TableSet.allDifferent(board & nibbles) ? cells : -1;
    }

    /** The positions of one game, on one thread: a set of cells met at several of its moves counts once among the games. */
    public final class Game {

        private final BitSet seen = new BitSet(targets.length << 16);

        private Game() {
            games.increment();
        }

        /** A position at which the player chooses a move. */
        public void position(long board) {
            moves.increment();
            for (int i = 0; i < targetCodes.length; i++) {
                int cells = distinctCellsAtLeast(board, targetCodes[i]);
                if (cells <= 0) {
                    continue;
                }
                int key = i << 16 | CanonicalCells.of(cells);
                Count c = counts.computeIfAbsent(key, k -> new Count(new LongAdder(), new LongAdder()));
                c.moves().increment();
                if (!seen.get(key)) {
                    seen.set(key);
                    c.games().increment();
                }
            }
        }
    }

    /** A new game, counted. */
    public Game newGame() {
        return new Game();
    }

    /** The targets, in the order given. */
    public List<Integer> targets() {
        return java.util.Arrays.stream(targets).boxed().toList();
    }

    /** The positions counted: the moves chosen. */
    public long moves() {
        return moves.sum();
    }

    /** The games counted. */
    public long games() {
        return games.sum();
    }

    /**
     * The sets of {@code minFixed..maxFixed} cells met for {@code target} (one of {@link #targets}),
     * by the most moves first, then the least canonical cells.
     */
    public List<Sighting> sightings(int target, int minFixed, int maxFixed) {
        int index = targets().indexOf(target);
        if (index < 0) {
            throw new IllegalArgumentException("target " + target + ": not surveyed (" + targets() + ")");
        }
        List<Sighting> out = new ArrayList<>();
        for (Map.Entry<Integer, Count> e : counts.entrySet()) {
            int cells = e.getKey() & 0xFFFF;
            int fixed = Integer.bitCount(cells);
            if (e.getKey() >>> 16 == index && fixed >= minFixed && fixed <= maxFixed) {
                out.add(new Sighting(target, cells, e.getValue().moves().sum(), e.getValue().games().sum()));
            }
        }
        out.sort(Comparator.comparingLong(Sighting::moves).reversed().thenComparingInt(Sighting::cells));
        return out;
    }

    /** The named formation ({@link Formation#NAMED}) that is {@code cells} under a symmetry, or null. */
    public static Formation named(int cells) {
        return Formation.NAMED.values().stream().filter(f -> CanonicalCells.same(f.fixedCells(), cells))
                .min(Comparator.comparing(Formation::name)).orElse(null);
    }

    /** The table of {@code tables} for {@code target} whose formation is {@code cells} under a symmetry, or null. */
    public static EndgameTable table(List<EndgameTable> tables, int target, int cells) {
        return tables.stream().filter(t -> t.target() == target && CanonicalCells.same(t.formation().fixedCells(), cells))
                .min(Comparator.comparing(Coverage::name)).orElse(null);
    }
}
