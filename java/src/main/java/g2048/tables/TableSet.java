package g2048.tables;

import g2048.files.BadFileException;
import g2048.game.Moves;
import g2048.game.Shape;
import g2048.game.Symmetries;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The endgame tables of a directory, matched against live 4×4 boards.
 *
 * <p><b>Matching.</b> A board matches a table when, under one of the 8 symmetries, the cells that
 * hold the target or more are exactly the formation's fixed cells (so the free cells hold less)
 * and those big tiles are all different (equal big tiles may merge, which a table cannot value).
 * Of the matches, the one with the largest target counts, ties to the most probable success.
 *
 * <p><b>Moves.</b> A table values the moves of its game ({@link RegionGame}): those that keep the
 * big tiles where they are, checked here against the real move. A move that shifts a big tile
 * leaves the formation and gets no value (NaN). A board whose afterstate the table does not hold
 * (a position its game cannot reach from its seeds) is left to the other player. The table
 * decides when its best move's probability clears the threshold.
 */
public final class TableSet implements AutoCloseable {

    private static final Pattern NAME = Pattern.compile("([A-Za-z0-9_]{1,24})-([0-9]{1,5})\\" + TableFile.EXTENSION);
    private static final Symmetries SYMMETRIES = new Symmetries(Shape.S4x4);
    private static final Moves MOVES = Moves.of(Shape.S4x4);

    /** A table's choice for a board: the direction, each direction's success probability (NaN where it has none), the table. */
    public record Decision(int direction, double[] probabilities, EndgameTable table) {
    }

    /** A table under one symmetry: its fixed cells as they lie on the board. */
    private record Placement(EndgameTable table, int symmetry) {
    }

    private final Path dir;
    private final Arena arena;
    private final List<EndgameTable> tables;
    /** By target code, then by the 16-bit mask of the cells holding that code or more: the placements that match. */
    private final Placement[][][] byMask = new Placement[16][][];
    private final int[] targetCodes;

    private TableSet(Path dir, Arena arena, List<EndgameTable> tables) {
        this.dir = dir;
        this.arena = arena;
        this.tables = tables;
        List<Integer> codes = new ArrayList<>();
        for (EndgameTable t : tables) {
            int tc = t.game().targetCode();
            if (byMask[tc] == null) {
                byMask[tc] = new Placement[1 << 16][];
                codes.add(tc);
            }
            for (int s = 0; s < 8; s++) {
                // the fixed cells on the board: those the symmetry carries onto the formation's
                long onBoard = SYMMETRIES.apply(SYMMETRIES.inverse(s), t.formation().fixedNibbles());
                int mask = 0;
                for (int c = 0; c < 16; c++) {
                    if ((onBoard >>> (4 * c) & 0xF) != 0) {
                        mask |= 1 << c;
                    }
                }
                Placement[] old = byMask[tc][mask];
                Placement[] grown = old == null ? new Placement[1] : java.util.Arrays.copyOf(old, old.length + 1);
                grown[grown.length - 1] = new Placement(t, s);
                byMask[tc][mask] = grown;
            }
        }
        targetCodes = codes.stream().sorted(Comparator.reverseOrder()).mapToInt(Integer::intValue).toArray();
    }

    /**
     * The tables ({@code NAME-TARGET.g2et}) of {@code dir}, each checked; a directory without one,
     * a damaged table, or one whose name does not match its header is refused naming it.
     */
    public static TableSet open(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new BadFileException(dir, "not a directory of endgame tables (expected NAME-TARGET" + TableFile.EXTENSION + " files)");
        }
        List<Path> files;
        try (var list = Files.list(dir)) {
            files = list.filter(p -> p.getFileName().toString().endsWith(TableFile.EXTENSION)).sorted().toList();
        }
        if (files.isEmpty()) {
            throw new BadFileException(dir, "holds no endgame table (expected NAME-TARGET" + TableFile.EXTENSION + " files; build them with 'tables build')");
        }
        Arena arena = Arena.ofShared();
        try {
            List<EndgameTable> tables = new ArrayList<>();
            for (Path f : files) {
                Matcher m = NAME.matcher(f.getFileName().toString());
                if (!m.matches()) {
                    throw new BadFileException(f, "expected a name NAME-TARGET" + TableFile.EXTENSION);
                }
                EndgameTable t = TableFile.open(f, arena);
                if (t.target() != Integer.parseInt(m.group(2))) {
                    throw new BadFileException(f, "holds a table for " + t.target() + ", its name says " + m.group(2));
                }
                tables.add(t);
            }
            return new TableSet(dir, arena, List.copyOf(tables));
        } catch (IOException | RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    public Path dir() {
        return dir;
    }

    public List<EndgameTable> tables() {
        return tables;
    }

    /** The decision of the best matching table for {@code board}, or null when none matches or none clears {@code threshold}. */
    public Decision decide(long board, double threshold) {
        Decision best = null;
        for (int tc : targetCodes) {
            Placement[] candidates = byMask[tc][cellsAtLeast(board, tc)];
            if (candidates == null) {
                continue;
            }
            for (Placement p : candidates) {
                Decision d = evaluate(board, p);
                if (d != null && (best == null || d.probabilities()[d.direction()] > best.probabilities()[best.direction()])) {
                    best = d;
                }
            }
            if (best != null) {
                break;
            }
        }
        return best != null && best.probabilities()[best.direction()] >= threshold ? best : null;
    }

    /** The cells (bit per cell) holding code {@code tc} or more. */
    static int cellsAtLeast(long board, int tc) {
        int mask = 0;
        for (int c = 0; c < 16; c++) {
            if ((board >>> (4 * c) & 0xF) >= tc) {
                mask |= 1 << c;
            }
        }
        return mask;
    }

    /** Whether the tiles of {@code nibbles} (a board's nibbles, 0 for none) all differ: equal big tiles may merge, which a table cannot value. */
    static boolean allDifferent(long nibbles) {
        int seen = 0;
        for (long f = nibbles; f != 0; f >>>= 4) {
            int code = (int) (f & 0xF);
            if (code != 0) {
                if ((seen >>> code & 1) != 0) {
                    return false;
                }
                seen |= 1 << code;
            }
        }
        return true;
    }

    private static Decision evaluate(long board, Placement p) {
        RegionGame game = p.table().game();
        long image = SYMMETRIES.apply(p.symmetry(), board);
        long fixed = image & game.formation().fixedNibbles();
        if (!allDifferent(fixed)) {
            return null;
        }
        long key = game.key(image);
        double[] byDirection = new double[4];
        java.util.Arrays.fill(byDirection, Double.NaN);
        int bestDir = -1;
        int back = SYMMETRIES.inverse(p.symmetry());
        for (int d = 0; d < 4; d++) {
            long real = MOVES.move(image, d);
            if (real == image) {
                continue;
            }
            long moved = game.moved(key, d);
            if (moved < 0 || real != (Long.expand(moved, game.formation().freeNibbles()) | fixed)) {
                continue;
            }
            double v = game.madeTarget(moved) ? 1 : p.table().afterstate(moved);
            if (Double.isNaN(v)) {
                return null;
            }
            int dir = SYMMETRIES.mapDirection(back, d);
            byDirection[dir] = v;
            if (bestDir < 0 || v > byDirection[bestDir] || v == byDirection[bestDir] && dir < bestDir) {
                bestDir = dir;
            }
        }
        return bestDir < 0 ? null : new Decision(bestDir, byDirection, p.table());
    }

    @Override
    public void close() {
        arena.close();
    }
}
