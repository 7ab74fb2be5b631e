package g2048.tables;

import java.util.HashMap;
import java.util.Map;

/**
 * The endgame tables' game solved the slow, obvious way: a 4×4 grid of cells, the fixed ones holding
 * placeholders that must stay put, lines walked cell by cell, and a memoised expectimax over
 * success probabilities. It shares no
 * code with the engine's tables: keys are read and written here by their definition (the free
 * cells' codes in cell order, four bits each).
 */
final class RegionReference {

    private final int[] free;
    private final boolean[] wall = new boolean[16];
    private final int targetCode;
    private final Map<Long, Double> states = new HashMap<>();
    private final Map<Long, Double> afters = new HashMap<>();

    RegionReference(Formation formation, int target) {
        this.targetCode = Integer.numberOfTrailingZeros(target);
        int n = 0;
        for (int c = 0; c < 16; c++) {
            wall[c] = (formation.fixedCells() >>> c & 1) != 0;
            if (!wall[c]) {
                n++;
            }
        }
        free = new int[n];
        int k = 0;
        for (int c = 0; c < 16; c++) {
            if (!wall[c]) {
                free[k++] = c;
            }
        }
    }

    /** The afterstates met so far, with their probabilities. */
    Map<Long, Double> afters() {
        return afters;
    }

    private static final int PLACEHOLDER = 15;

    int[] grid(long key) {
        int[] g = new int[16];
        for (int c = 0; c < 16; c++) {
            g[c] = wall[c] ? PLACEHOLDER : 0;
        }
        for (int i = 0; i < free.length; i++) {
            g[free[i]] = (int) (key >>> (4 * i) & 0xF);
        }
        return g;
    }

    long key(int[] g) {
        long key = 0;
        for (int i = 0; i < free.length; i++) {
            key |= (long) g[free[i]] << (4 * i);
        }
        return key;
    }

    /**
     * The grid after moving {@code dir} (0 up, 1 right, 2 down, 3 left) by the rules of 2048, the
     * placeholders (code 15) sliding like tiles that merge with nothing; null when nothing moves or
     * a placeholder leaves its cell. {@code made[0]} is the largest code a merge made.
     */
    int[] move(int[] g, int dir, int[] made) {
        int[] out = new int[16];
        made[0] = 0;
        for (int line = 0; line < 4; line++) {
            // the cells of the line, starting from the side the tiles move towards
            int[] cells = new int[4];
            for (int i = 0; i < 4; i++) {
                cells[i] = switch (dir) {
                    case 0 -> 4 * i + line;
                    case 1 -> 4 * line + (3 - i);
                    case 2 -> 4 * (3 - i) + line;
                    default -> 4 * line + i;
                };
            }
            int place = 0;
            boolean lastMerged = true;
            for (int i = 0; i < 4; i++) {
                int v = g[cells[i]];
                if (v == 0) {
                    continue;
                }
                if (!lastMerged && v != PLACEHOLDER && out[cells[place - 1]] == v) {
                    out[cells[place - 1]] = v + 1;
                    made[0] = Math.max(made[0], v + 1);
                    lastMerged = true;
                } else {
                    out[cells[place++]] = v;
                    lastMerged = false;
                }
            }
        }
        boolean moved = false;
        for (int c = 0; c < 16; c++) {
            moved |= out[c] != g[c];
            if (wall[c] && out[c] != PLACEHOLDER) {
                return null;
            }
        }
        return moved ? out : null;
    }

    /** The success probability of a state: the best move (1 if it makes the target), 0 with none. */
    double state(long key) {
        Double known = states.get(key);
        if (known != null) {
            return known;
        }
        int[] g = grid(key);
        double best = 0;
        int[] made = new int[1];
        for (int d = 0; d < 4; d++) {
            int[] a = move(g, d, made);
            if (a == null) {
                continue;
            }
            best = Math.max(best, made[0] >= targetCode ? 1 : after(key(a)));
        }
        states.put(key, best);
        return best;
    }

    /** The success probability of an afterstate: a 2 (0.9) or a 4 (0.1) in each empty free cell, uniformly. */
    double after(long key) {
        Double known = afters.get(key);
        if (known != null) {
            return known;
        }
        int[] g = grid(key);
        double sum = 0;
        int empty = 0;
        for (int c : free) {
            if (g[c] == 0) {
                empty++;
                g[c] = 1;
                double two = state(key(g));
                g[c] = 2;
                double four = state(key(g));
                g[c] = 0;
                sum += 0.9 * two + 0.1 * four;
            }
        }
        double v = sum / empty;
        afters.put(key, v);
        return v;
    }
}
