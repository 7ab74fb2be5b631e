package g2048.ntuple;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * A compact TD-afterstate model loaded for play as int16 tables only ({@link Int16Network}, half the
 * memory of float32 ones): its steps decoded straight into them, or read from the user's cache
 * ({@link Int16Cache}), where each decoding leaves them for the next start; mapped read-only from the
 * cache instead when {@link #mapCachedTables} asks. Its float32 tables are made only if asked for
 * ({@link NtupleModel#network()}). A full model goes into int16 tables by {@link Int16FromFloats}.
 */
final class Int16Loading {

    /** Whether cached int16 tables are mapped rather than copied ({@link #mapCachedTables}). */
    private static volatile boolean mapCached;

    private Int16Loading() {
    }

    /**
     * Makes later loads map a compact model's cached int16 tables read-only instead of copying them
     * ({@link Int16Cache#map}): for a process that answers a move or two and exits, where copying
     * hundreds of megabytes is most of its start. Off by default: mapped tables sit on small pages,
     * which a long run pays for on every look-up.
     */
    static void mapCachedTables(boolean on) {
        mapCached = on;
    }

    /**
     * A compact TD-afterstate model for play, decoded straight into int16 tables (every page
     * faulted in while loading; or read from {@link Int16Cache}, into {@code tables} when given): no
     * float32 tables beside them.
     */
    static NtupleModel fromCompact(String name, ModelHeader h, byte[] header, byte[] compact, OffHeap.Table tables,
                                   Arena arena) throws IOException {
        OffHeap.Table t = tables;
        if (t == null && Int16Cache.present(header, tableBytes(h))) {
            NtupleModel mapped = mapped(name, h, header, arena);
            if (mapped != null) {
                return mapped;
            }
            t = CompactDecoder.tables(name, h, tableBytes(h), arena);
            if (Int16Cache.read(header, t.segment())) {
                return model(name, h, t, arena);
            }
        }
        if (t == null) {
            t = CompactDecoder.tables(name, h, tableBytes(h), arena);
        }
        CompactDecoder.decodeSteps(name, compact, h, t.segment());
        // the next start reads these tables from the user's cache instead of decoding them
        Int16Cache.write(header, t.segment());
        return model(name, h, t, arena);
    }

    /** The model over its int16 tables mapped from the cache, when {@link #mapCachedTables} is on and the entry is sound; else null. */
    static NtupleModel mapped(String name, ModelHeader h, byte[] header, Arena arena) {
        if (!mapCached) {
            return null;
        }
        MemorySegment m = Int16Cache.map(header, tableBytes(h), arena);
        return m == null ? null : model(name, h, new OffHeap.Table(m, false), arena);
    }

    /** Bytes of the int16 tables of a model of header {@code h}: every bank's weights. */
    static long tableBytes(ModelHeader h) {
        return h.banks() * h.weights() * Short.BYTES;
    }

    /** The model over int16 tables {@code t}, filled from its compact data or the cache. */
    static NtupleModel model(String name, ModelHeader h, OffHeap.Table t, Arena arena) {
        TupleLayout layout = new TupleLayout(h.spec(), h.shape());
        Int16Network[] banks = new Int16Network[h.banks()];
        long bankBytes = h.weights() * Short.BYTES;
        for (int b = 0; b < banks.length; b++) {
            banks[b] = new Int16Network(layout,
                    new OffHeap.Table(t.segment().asSlice(b * bankBytes, bankBytes), t.hugePages()), (float) h.step());
        }
        return new NtupleModel(h.method(), h.stages(), banks, layout, arena, h.training(), name, (float) h.step(),
                h.initialValue());
    }
}
