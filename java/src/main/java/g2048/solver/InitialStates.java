package g2048.solver;

import g2048.game.Shape;
import g2048.game.Spawns;
import java.util.ArrayList;
import java.util.List;

/**
 * The initial states of a shape (two spawns on an empty board) with their probabilities: the first
 * tile on a uniformly chosen cell, the second on a uniformly chosen other cell, each a 2 (0.9) or
 * a 4 (0.1). Every ordered placement is listed, so a board reached in two orders appears twice.
 */
public final class InitialStates {

    /** One ordered placement and its probability. */
    public record Start(long board, double probability, int age) {
    }

    private InitialStates() {
    }

    public static List<Start> of(Shape shape) {
        int[] cells = SolverKernels.cellsOf(shape);
        int n = cells.length;
        List<Start> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i == j) {
                    continue;
                }
                for (int ci = 1; ci <= 2; ci++) {
                    for (int cj = 1; cj <= 2; cj++) {
                        double p = (1.0 / n) * (1.0 / (n - 1)) * tileProbability(ci) * tileProbability(cj);
                        long b = ((long) ci << (4 * cells[i])) | ((long) cj << (4 * cells[j]));
                        out.add(new Start(b, p, (1 << ci) + (1 << cj)));
                    }
                }
            }
        }
        return out;
    }

    static double tileProbability(int code) {
        return code == 1 ? Spawns.P_TWO : 1 - Spawns.P_TWO;
    }
}
