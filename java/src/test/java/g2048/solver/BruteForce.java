package g2048.solver;

import g2048.game.ReferenceGame;
import g2048.game.Shape;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.ToIntFunction;

/**
 * The independent reference solver: full boards, no ages, no symmetry; plain recursion with
 * memoisation over the reference rules. Also evaluates a fixed policy the same way.
 */
final class BruteForce {

    final Shape shape;
    final Map<Long, Double> stateValues = new HashMap<>();
    final Set<Long> afterstates = new HashSet<>();
    final Map<Long, Double> afterValues = new HashMap<>();

    BruteForce(Shape shape) {
        this.shape = shape;
    }

    /** {@code {afterstate, reward}} of a move by the reference rules; the afterstate is {@code board} when illegal. */
    long[] move(long board, int d) {
        return ReferenceGame.move(board, shape, d);
    }

    /** The empty cells of a board as nibble indices, by the reference rules. */
    int[] empties(long board) {
        return ReferenceGame.empties(board, shape);
    }

    /** Optimal value of a state; every state and afterstate it reaches is recorded. */
    double value(long state) {
        Double memo = stateValues.get(state);
        if (memo != null) {
            return memo;
        }
        double best = 0;
        for (int d = 0; d < 4; d++) {
            long[] m = move(state, d);
            if (m[0] != state) {
                best = Math.max(best, m[1] + afterValue(m[0]));
            }
        }
        stateValues.put(state, best);
        return best;
    }

    double afterValue(long after) {
        Double memo = afterValues.get(after);
        if (memo != null) {
            return memo;
        }
        afterstates.add(after);
        int[] e = empties(after);
        double v = 0;
        for (int cell : e) {
            v += 0.9 * value(after | (1L << (4 * cell))) + 0.1 * value(after | (2L << (4 * cell)));
        }
        v /= e.length;
        afterValues.put(after, v);
        return v;
    }

    /** The value of a state under a policy (a move per state, or -1 for uniform over legal moves). */
    double policyValue(long state, ToIntFunction<Long> policy, Map<Long, Double> memo) {
        Double m = memo.get(state);
        if (m != null) {
            return m;
        }
        int legal = 0;
        for (int d = 0; d < 4; d++) {
            if (move(state, d)[0] != state) {
                legal |= 1 << d;
            }
        }
        double v = 0;
        if (legal != 0) {
            int chosen = policy.applyAsInt(state);
            for (int d = 0; d < 4; d++) {
                if ((legal >>> d & 1) == 0 || (chosen >= 0 && d != chosen)) {
                    continue;
                }
                double p = chosen >= 0 ? 1 : 1.0 / Integer.bitCount(legal);
                long[] mv = move(state, d);
                int[] e = empties(mv[0]);
                double after = 0;
                for (int cell : e) {
                    after += 0.9 * policyValue(mv[0] | (1L << (4 * cell)), policy, memo)
                            + 0.1 * policyValue(mv[0] | (2L << (4 * cell)), policy, memo);
                }
                v += p * (mv[1] + after / e.length);
            }
        }
        memo.put(state, v);
        return v;
    }

    /** The expected value over the initial distribution (two spawns on an empty board) of a state-value function. */
    double fromStart(ToDouble f, int ageFilter) {
        int rows = shape.rows();
        int cols = shape.cols();
        int n = rows * cols;
        double sum = 0;
        double w = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i == j) {
                    continue;
                }
                for (int ti = 1; ti <= 2; ti++) {
                    for (int tj = 1; tj <= 2; tj++) {
                        int age = (1 << ti) + (1 << tj);
                        if (ageFilter != 0 && age != ageFilter) {
                            continue;
                        }
                        double p = (ti == 1 ? 0.9 : 0.1) * (tj == 1 ? 0.9 : 0.1) / n / (n - 1);
                        int ni = 4 * (i / cols) + i % cols;
                        int nj = 4 * (j / cols) + j % cols;
                        sum += p * f.of(((long) ti << (4 * ni)) | ((long) tj << (4 * nj)));
                        w += p;
                    }
                }
            }
        }
        return sum / w;
    }

    interface ToDouble {
        double of(long board);
    }
}
