package g2048.nn;

import g2048.game.Board;
import java.util.List;

/**
 * A slow, obviously correct forward pass in double, written from the spec and the documented
 * parameter layout without the connection tables: the oracle for the fast CPU path.
 */
final class ReferenceNet {

    private ReferenceNet() {
    }

    /** A map list: per map h, w and values [h][w][c]. */
    record Act(int[] h, int[] w, double[][][][] v, int c) {
    }

    static double value(NetSpec spec, double[] p, long board) {
        int[] offset = {0};
        double[][][] valueArr = new double[4][4][16];
        double[][][] full = new double[4][4][24];
        for (int r = 0; r < 4; r++) {
            for (int c = 0; c < 4; c++) {
                int code = Board.code(board, r, c);
                valueArr[r][c][code] = 1;
                full[r][c][code] = 1;
                full[r][c][16 + r] = 1;
                full[r][c][20 + c] = 1;
            }
        }
        double[][][] trunkIn;
        switch (spec.input()) {
            case VALUES -> trunkIn = valueArr;
            case VALUES_POSITIONS -> trunkIn = full;
            default -> {
                Act e = single(full);
                for (LayerSpec l : spec.embed()) {
                    e = apply(l, e, p, offset, true);
                }
                double[] flat = flatten(e);
                int k = flat.length / 16;
                trunkIn = new double[4][4][16 + k];
                for (int r = 0; r < 4; r++) {
                    for (int c = 0; c < 4; c++) {
                        System.arraycopy(valueArr[r][c], 0, trunkIn[r][c], 0, 16);
                        for (int j = 0; j < k; j++) {
                            trunkIn[r][c][16 + j] = flat[(r * 4 + c) * k + j];
                        }
                    }
                }
            }
        }
        Act a = single(trunkIn);
        List<LayerSpec> trunk = spec.trunk();
        for (int i = 0; i < trunk.size(); i++) {
            a = apply(trunk.get(i), a, p, offset, i < trunk.size() - 1);
        }
        if (offset[0] != p.length) {
            throw new AssertionError("reference used " + offset[0] + " parameters of " + p.length);
        }
        return a.v()[0][0][0][0];
    }

    private static Act single(double[][][] x) {
        return new Act(new int[] {x.length}, new int[] {x[0].length}, new double[][][][] {x}, x[0][0].length);
    }

    private static double[] flatten(Act a) {
        int n = 0;
        for (int m = 0; m < a.h().length; m++) {
            n += a.h()[m] * a.w()[m] * a.c();
        }
        double[] f = new double[n];
        int i = 0;
        for (int m = 0; m < a.h().length; m++) {
            for (int r = 0; r < a.h()[m]; r++) {
                for (int c = 0; c < a.w()[m]; c++) {
                    for (int k = 0; k < a.c(); k++) {
                        f[i++] = a.v()[m][r][c][k];
                    }
                }
            }
        }
        return f;
    }

    private static Act apply(LayerSpec l, Act a, double[] p, int[] offset, boolean relu) {
        int cin = a.c();
        int cout = l.out();
        Act out;
        switch (l) {
            case LayerSpec.Conv conv -> {
                int oh = a.h()[0] - conv.kh() + 1;
                int ow = a.w()[0] - conv.kw() + 1;
                double[][][] y = new double[oh][ow][cout];
                int base = offset[0];
                int biasAt = base + conv.kh() * conv.kw() * cin * cout;
                for (int r = 0; r < oh; r++) {
                    for (int c = 0; c < ow; c++) {
                        for (int j = 0; j < cout; j++) {
                            double s = p[biasAt + j];
                            for (int dr = 0; dr < conv.kh(); dr++) {
                                for (int dc = 0; dc < conv.kw(); dc++) {
                                    for (int i = 0; i < cin; i++) {
                                        s += a.v()[0][r + dr][c + dc][i] * p[base + ((dr * conv.kw() + dc) * cin + i) * cout + j];
                                    }
                                }
                            }
                            y[r][c][j] = s;
                        }
                    }
                }
                offset[0] = biasAt + cout;
                out = single(y);
            }
            case LayerSpec.Dual12 d -> {
                int maps = a.h().length;
                int[] h = new int[2 * maps];
                int[] w = new int[2 * maps];
                double[][][][] v = new double[2 * maps][][][];
                for (int m = 0; m < maps; m++) {
                    int base = offset[0] + m * (2 * cin * cout + cout);
                    int biasAt = base + 2 * cin * cout;
                    double[][][] x = a.v()[m];
                    int mh = a.h()[m];
                    int mw = a.w()[m];
                    double[][][] hor = new double[mh][mw - 1][cout];
                    double[][][] ver = new double[mh - 1][mw][cout];
                    for (int j = 0; j < cout; j++) {
                        for (int r = 0; r < mh; r++) {
                            for (int c = 0; c < mw; c++) {
                                for (int t = 0; t < 2; t++) {
                                    if (c < mw - 1) {
                                        double s = t == 0 ? p[biasAt + j] : 0;
                                        for (int i = 0; i < cin; i++) {
                                            s += x[r][c + t][i] * p[base + (t * cin + i) * cout + j];
                                        }
                                        hor[r][c][j] += s;
                                    }
                                    if (r < mh - 1) {
                                        double s = t == 0 ? p[biasAt + j] : 0;
                                        for (int i = 0; i < cin; i++) {
                                            s += x[r + t][c][i] * p[base + (t * cin + i) * cout + j];
                                        }
                                        ver[r][c][j] += s;
                                    }
                                }
                            }
                        }
                    }
                    h[2 * m] = mh;
                    w[2 * m] = mw - 1;
                    v[2 * m] = hor;
                    h[2 * m + 1] = mh - 1;
                    w[2 * m + 1] = mw;
                    v[2 * m + 1] = ver;
                }
                offset[0] += maps * (2 * cin * cout + cout);
                out = new Act(h, w, v, cout);
            }
            case LayerSpec.Dense d -> {
                double[] x = flatten(a);
                int base = offset[0];
                int biasAt = base + x.length * cout;
                double[][][] y = new double[1][1][cout];
                for (int j = 0; j < cout; j++) {
                    double s = p[biasAt + j];
                    for (int i = 0; i < x.length; i++) {
                        s += x[i] * p[base + i * cout + j];
                    }
                    y[0][0][j] = s;
                }
                offset[0] = biasAt + cout;
                out = single(y);
            }
        }
        if (relu) {
            for (double[][][] m : out.v()) {
                for (double[][] row : m) {
                    for (double[] cell : row) {
                        for (int j = 0; j < cell.length; j++) {
                            cell[j] = Math.max(0, cell[j]);
                        }
                    }
                }
            }
        }
        return out;
    }

    /** Mean squared error of the batch in double. */
    static double loss(NetSpec spec, double[] p, long[] boards, float[] targets, int n) {
        double s = 0;
        for (int i = 0; i < n; i++) {
            double e = value(spec, p, boards[i]) - targets[i];
            s += e * e;
        }
        return s / n;
    }
}
