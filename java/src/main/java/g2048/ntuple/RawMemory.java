package g2048.ntuple;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Unchecked float reads and writes at absolute addresses, for the look-up hot path only.
 *
 * <p>A {@code MemorySegment} access checks the segment's bounds, alignment and liveness every
 * time; on the 4×6 evaluation (32 look-ups) those checks cost about a third of the time. The
 * indices there are correct by construction (a tuple's index is below c^n, its table's length), so
 * {@link TupleNetwork} reads the segment's memory through {@code jdk.internal.misc.Unsafe} when the
 * JVM exports it to us ({@code --add-exports java.base/jdk.internal.misc=ALL-UNNAMED}: the launcher,
 * the jar's manifest, the tests and the benchmarks all do). Without the export
 * {@link #AVAILABLE} is false and the networks keep the checked segment accesses; they say which
 * in {@link TupleNetwork#rawAccess()}. The segment must stay alive while it is read (see
 * {@link NtupleModel#close()}).
 */
final class RawMemory {

    static final boolean AVAILABLE;
    private static final MethodHandle GET_FLOAT;
    private static final MethodHandle PUT_FLOAT;
    private static final MethodHandle GET_SHORT;

    static {
        MethodHandle get = null;
        MethodHandle put = null;
        MethodHandle getShort = null;
        try {
            Class<?> c = Class.forName("jdk.internal.misc.Unsafe");
            Object unsafe = c.getMethod("getUnsafe").invoke(null);
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            get = lookup.findVirtual(c, "getFloat", MethodType.methodType(float.class, Object.class, long.class))
                    .bindTo(unsafe);
            put = lookup.findVirtual(c, "putFloat", MethodType.methodType(void.class, Object.class, long.class, float.class))
                    .bindTo(unsafe);
            getShort = lookup.findVirtual(c, "getShort", MethodType.methodType(short.class, Object.class, long.class))
                    .bindTo(unsafe);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            get = null;
            put = null;
            getShort = null;
        }
        GET_FLOAT = get;
        PUT_FLOAT = put;
        GET_SHORT = getShort;
        AVAILABLE = get != null && put != null && getShort != null;
    }

    private RawMemory() {
    }

    static float get(long address) {
        try {
            return (float) GET_FLOAT.invokeExact((Object) null, address);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    static short getShort(long address) {
        try {
            return (short) GET_SHORT.invokeExact((Object) null, address);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    static void put(long address, float value) {
        try {
            PUT_FLOAT.invokeExact((Object) null, address, value);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
