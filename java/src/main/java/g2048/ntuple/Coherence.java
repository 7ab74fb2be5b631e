package g2048.ntuple;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Temporal coherence (TC, Beal and Smith; the field's TD+TC): every weight keeps E, the sum of the
 * errors it was pushed by, and A, the sum of their absolute values, and learns at rate
 * {@code α·|E|/A} (α while A = 0). A weight pushed one way keeps its full rate; one pushed back and
 * forth slows down, without a schedule to tune.
 *
 * <p><b>Layout.</b> One off-heap segment beside the network's tables: for weight {@code i} (the
 * absolute entry number over all banks), E at float {@code 2i} and A at float {@code 2i + 1}, so
 * that one update touches one cache line of accumulators per feature. Saved after the tables in
 * the full model form, so that {@code --resume} continues exactly.
 *
 * <p><b>Threading.</b> As the tables: racy, unsynchronised updates shared by the trainer threads.
 */
public final class Coherence {

    private static final ValueLayout.OfFloat F = ValueLayout.JAVA_FLOAT;

    private final MemorySegment accumulators;
    private final boolean raw;
    private final long address;

    /** Accumulators for {@code weights} weights, all 0, owned by {@code arena}, faulted in now as the tables they learn beside. */
    static Coherence fresh(long weights, Arena arena) {
        return new Coherence(OffHeap.allocateTouched(2 * weights * Float.BYTES, arena).segment());
    }

    /** Over an existing segment of {@code 2 · weights} floats (E, A interleaved). */
    Coherence(MemorySegment accumulators) {
        this.accumulators = accumulators;
        this.raw = RawMemory.AVAILABLE && !Boolean.getBoolean("g2048.checkedAccess") && !accumulators.isReadOnly();
        this.address = accumulators.address();
    }

    /** Sets A to {@code prior} (E stays 0) for every weight of {@code net} that is not 0. */
    void warm(TupleNetwork net, float prior) {
        for (long i = 0, n = weights(); i < n; i++) {
            if (net.entry(i) != 0f) {
                accumulators.setAtIndex(F, 2 * i + 1, prior);
            }
        }
    }

    /** E and A of every weight, interleaved. */
    MemorySegment segment() {
        return accumulators;
    }

    /** Weights covered. */
    long weights() {
        return accumulators.byteSize() / (2L * Float.BYTES);
    }

    /**
     * Reads the accumulators of the {@code n} entries whose numbers are stored as ints from address
     * {@code at} and returns the sum of their E: called when an afterstate is chosen, so that the
     * cache lines its update will need (cold: the choice read only the weights) are on their way
     * while the next move is chosen. 0 without unchecked access.
     */
    float readAheadAt(long at, int n) {
        if (!raw) {
            return 0f;
        }
        float sum = 0f;
        for (int f = 0; f < n; f++) {
            sum += RawMemory.get(address + 8L * RawMemory.getInt(at + 4L * f));
        }
        return sum;
    }

    /** {@link #update} of the {@code n} entry numbers stored as ints from address {@code at}. */
    void updateAt(TupleNetwork net, long at, int n, float alpha, float delta) {
        if (!(raw && net.rawWritable())) {
            int[] entries = new int[n];
            for (int f = 0; f < n; f++) {
                entries[f] = RawMemory.getInt(at + 4L * f);
            }
            update(net, entries, n, alpha, delta);
            return;
        }
        float magnitude = Math.abs(delta);
        long table = net.address();
        for (int f = 0; f < n; f++) {
            updateRaw(table, RawMemory.getInt(at + 4L * f), alpha, delta, magnitude);
        }
    }

    /** One entry's step of {@link #update}, unchecked: weight {@code i} of the table at address {@code table}. */
    private void updateRaw(long table, int i, float alpha, float delta, float magnitude) {
        long e = address + 8L * i;
        float sum = RawMemory.get(e);
        float abs = RawMemory.get(e + 4);
        float rate = abs == 0f ? alpha : alpha * Math.abs(sum) / abs;
        long w = table + 4L * i;
        RawMemory.put(w, RawMemory.get(w) + rate * delta);
        RawMemory.put(e, sum + delta);
        RawMemory.put(e + 4, abs + magnitude);
    }

    /**
     * Adds {@code α · |E_i|/A_i · delta} to each entry {@code entries[0..n)} of {@code net}, then
     * {@code delta} to E_i and {@code |delta|} to A_i (an entry listed twice is updated twice, in order).
     */
    void update(TupleNetwork net, int[] entries, int n, float alpha, float delta) {
        float magnitude = Math.abs(delta);
        if (raw && net.rawWritable()) {
            long table = net.address();
            for (int f = 0; f < n; f++) {
                updateRaw(table, entries[f], alpha, delta, magnitude);
            }
            return;
        }
        for (int f = 0; f < n; f++) {
            long i = entries[f];
            float sum = accumulators.getAtIndex(F, 2 * i);
            float abs = accumulators.getAtIndex(F, 2 * i + 1);
            float rate = abs == 0f ? alpha : alpha * Math.abs(sum) / abs;
            net.setEntry(i, net.entry(i) + rate * delta);
            accumulators.setAtIndex(F, 2 * i, sum + delta);
            accumulators.setAtIndex(F, 2 * i + 1, abs + magnitude);
        }
    }
}
