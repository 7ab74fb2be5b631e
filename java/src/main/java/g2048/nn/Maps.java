package g2048.nn;

import java.util.Arrays;

/**
 * The geometry of an activation: maps of {@code h[i] × w[i]} cells laid end to end, each cell
 * holding {@code channels} values. Cells are numbered map by map, row-major inside a map.
 */
public record Maps(int[] h, int[] w, int channels) {

    public Maps {
        if (h.length != w.length || h.length == 0) {
            throw new IllegalArgumentException("maps need as many heights as widths, at least one");
        }
        for (int i = 0; i < h.length; i++) {
            if (h[i] < 1 || w[i] < 1) {
                throw new IllegalArgumentException("map " + i + " is " + h[i] + "x" + w[i] + ": the layers shrink the board to nothing");
            }
        }
        h = h.clone();
        w = w.clone();
    }

    public static Maps single(int h, int w, int channels) {
        return new Maps(new int[] {h}, new int[] {w}, channels);
    }

    public int count() {
        return h.length;
    }

    /** Number of cells over all maps. */
    public int cells() {
        int n = 0;
        for (int i = 0; i < h.length; i++) {
            n += h[i] * w[i];
        }
        return n;
    }

    /** Values per sample: cells × channels. */
    public int size() {
        return cells() * channels;
    }

    /** Index of the first cell of map {@code m}. */
    public int firstCell(int m) {
        int n = 0;
        for (int i = 0; i < m; i++) {
            n += h[i] * w[i];
        }
        return n;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Maps m && Arrays.equals(h, m.h) && Arrays.equals(w, m.w) && channels == m.channels;
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Arrays.hashCode(h) + Arrays.hashCode(w)) + channels;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < h.length; i++) {
            sb.append(i == 0 ? "" : "+").append(h[i]).append('x').append(w[i]);
        }
        return sb.append('x').append(channels).toString();
    }
}
