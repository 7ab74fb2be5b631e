package g2048.solver;

import g2048.game.Shape;

/**
 * A slow, obviously-correct reference of the rules on a plain grid of codes, written from the rules
 * alone (independent of {@link g2048.game.Moves}): slide a line towards index 0, merging equal
 * neighbours once, the pair nearest the wall first.
 */
final class ReferenceGame {

    final Shape shape;

    ReferenceGame(Shape shape) {
        this.shape = shape;
    }

    int[][] grid(long board) {
        int[][] g = new int[shape.rows()][shape.cols()];
        for (int r = 0; r < shape.rows(); r++) {
            for (int c = 0; c < shape.cols(); c++) {
                g[r][c] = (int) (board >>> (4 * (4 * r + c))) & 0xF;
            }
        }
        return g;
    }

    long board(int[][] g) {
        long b = 0;
        for (int r = 0; r < shape.rows(); r++) {
            for (int c = 0; c < shape.cols(); c++) {
                b |= (long) g[r][c] << (4 * (4 * r + c));
            }
        }
        return b;
    }

    /** Slides {@code line} towards index 0 in place; returns the reward. */
    static int slide(int[] line) {
        int[] tiles = new int[line.length];
        int n = 0;
        for (int v : line) {
            if (v != 0) {
                tiles[n++] = v;
            }
        }
        int[] out = new int[line.length];
        int k = 0;
        int reward = 0;
        for (int i = 0; i < n; i++) {
            if (i + 1 < n && tiles[i] == tiles[i + 1]) {
                out[k++] = tiles[i] + 1;
                reward += 1 << (tiles[i] + 1);
                i++;
            } else {
                out[k++] = tiles[i];
            }
        }
        System.arraycopy(out, 0, line, 0, line.length);
        return reward;
    }

    /** The afterstate and reward of direction d (0 up, 1 right, 2 down, 3 left); afterstate == board when illegal. */
    long[] move(long board, int d) {
        int[][] g = grid(board);
        int rows = shape.rows();
        int cols = shape.cols();
        int reward = 0;
        if (d == 1 || d == 3) {
            for (int r = 0; r < rows; r++) {
                int[] line = new int[cols];
                for (int i = 0; i < cols; i++) {
                    line[i] = g[r][d == 3 ? i : cols - 1 - i];
                }
                reward += slide(line);
                for (int i = 0; i < cols; i++) {
                    g[r][d == 3 ? i : cols - 1 - i] = line[i];
                }
            }
        } else {
            for (int c = 0; c < cols; c++) {
                int[] line = new int[rows];
                for (int i = 0; i < rows; i++) {
                    line[i] = g[d == 0 ? i : rows - 1 - i][c];
                }
                reward += slide(line);
                for (int i = 0; i < rows; i++) {
                    g[d == 0 ? i : rows - 1 - i][c] = line[i];
                }
            }
        }
        return new long[] {board(g), reward};
    }

    /** Empty cells as nibble indices. */
    int[] empties(long board) {
        int[][] g = grid(board);
        int n = 0;
        int[] tmp = new int[shape.cells()];
        for (int r = 0; r < shape.rows(); r++) {
            for (int c = 0; c < shape.cols(); c++) {
                if (g[r][c] == 0) {
                    tmp[n++] = 4 * r + c;
                }
            }
        }
        return java.util.Arrays.copyOf(tmp, n);
    }
}
