package g2048.ntuple;

import jdk.internal.misc.Unsafe;

/**
 * Unchecked float and short reads and float writes at absolute addresses, for the look-up hot
 * path only.
 *
 * <p>A {@code MemorySegment} access checks the segment's bounds, alignment and liveness every
 * time; on the 4×6 evaluation (32 look-ups) those checks cost about a third of the time. The
 * indices there are correct by construction (a tuple's index is below c^n, its table's length), so
 * the networks read the segment's memory through {@code jdk.internal.misc.Unsafe} when the JVM
 * exports it to us ({@code --add-exports java.base/jdk.internal.misc=ALL-UNNAMED}: the launcher,
 * the jar's manifest, the tests and the benchmarks all do; the engine is compiled with it too).
 * The calls are direct, so that a look-up compiles to one load and adds next to nothing to what
 * the JIT counts against its inlining budget: a method that holds four afterstate evaluations
 * (128 look-ups) still inlines them all. Without the export {@link #AVAILABLE} is false, nothing
 * here is called (the calls are resolved only when first made) and the networks keep the checked
 * segment accesses; they say which in {@link TupleNetwork#rawAccess()}. The segment must stay
 * alive while it is read (see {@link NtupleModel#close()}).
 */
final class RawMemory {

    static final boolean AVAILABLE;
    private static final Unsafe U;

    static {
        Unsafe u;
        try {
            u = Unsafe.getUnsafe();
        } catch (IllegalAccessError | RuntimeException e) {
            u = null;
        }
        U = u;
        AVAILABLE = u != null;
    }

    private RawMemory() {
    }

    static float get(long address) {
        return U.getFloat(address);
    }

    static short getShort(long address) {
        return U.getShort(address);
    }

    static void put(long address, float value) {
        U.putFloat(address, value);
    }

    static int getInt(long address) {
        return U.getInt(address);
    }

    static void putInt(long address, int value) {
        U.putInt(address, value);
    }
}
