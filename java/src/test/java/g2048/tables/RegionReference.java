package g2048.tables;

import java.util.HashMap;
import java.util.Map;

/**
 * The endgame tables' game solved the slow, obvious way: a 4×4 grid of cells, the fixed ones walls,
 * lines walked cell by cell, and a memoised expectimax over success probabilities. It shares no
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

    int[] grid(long key) {
        int[] g = new int[16];
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

    /** The grid after moving {@code dir} (0 up, 1 right, 2 down, 3 left), or null when nothing moves; {@code made[0]} is the largest code a merge made. */
    int[] move(int[] g, int dir, int[] made) {
        int[] out = g.clone();
        made[0] = 0;
        boolean moved = false;
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
            int i = 0;
            while (i < 4) {
                if (wall[cells[i]]) {
                    i++;
                    continue;
                }
                int j = i;
                while (j < 4 && !wall[cells[j]]) {
                    j++;
                }
                // the segment cells[i..j): slide and merge, each tile merging at most once
                int place = i;
                int lastPlaced = -1;
                boolean lastMerged = false;
                for (int c = i; c < j; c++) {
                    int v = g[cells[c]];
                    if (v == 0) {
                        continue;
                    }
                    if (lastPlaced >= 0 && !lastMerged && out[cells[lastPlaced]] == v) {
                        out[cells[lastPlaced]] = v + 1;
                        made[0] = Math.max(made[0], v + 1);
                        lastMerged = true;
                    } else {
                        out[cells[place]] = v;
                        lastPlaced = place;
                        lastMerged = false;
                        place++;
                    }
                }
                for (int c = place; c < j; c++) {
                    out[cells[c]] = 0;
                }
                i = j;
            }
        }
        for (int c = 0; c < 16; c++) {
            moved |= out[c] != g[c];
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
