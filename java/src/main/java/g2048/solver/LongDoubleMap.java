package g2048.solver;

import java.util.Arrays;

/**
 * An open-addressing map from non-zero {@code long} keys to {@code double} sums (linear probing,
 * load at most 1/2); the key 0 marks an empty slot, which suits boards (a state is never empty).
 */
final class LongDoubleMap {

    private long[] keys = new long[1 << 10];
    private double[] values = new double[1 << 10];
    private int size;

    /** Adds {@code v} to the value of {@code key} (0 if absent). */
    void add(long key, double v) {
        if (key == 0) {
            throw new IllegalArgumentException("key 0 is reserved for empty slots");
        }
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (true) {
            long k = keys[i];
            if (k == key) {
                values[i] += v;
                return;
            }
            if (k == 0) {
                keys[i] = key;
                values[i] = v;
                size++;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    private static int slot(long key, int mask) {
        long h = key * 0x9E37_79B9_7F4A_7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    private void grow() {
        long[] oldKeys = keys;
        double[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        values = new double[oldKeys.length * 2];
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != 0) {
                add(oldKeys[i], oldValues[i]);
            }
        }
    }

    int size() {
        return size;
    }

    /** Slots to iterate: a slot holds an entry when {@link #keyAt} is non-zero. */
    int capacity() {
        return keys.length;
    }

    long keyAt(int slot) {
        return keys[slot];
    }

    double valueAt(int slot) {
        return values[slot];
    }

    void clear() {
        if (keys.length > 1 << 16) {
            keys = new long[1 << 10];
            values = new double[1 << 10];
        } else {
            Arrays.fill(keys, 0);
        }
        size = 0;
    }
}
