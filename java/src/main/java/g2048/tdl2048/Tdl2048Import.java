package g2048.tdl2048;

import g2048.files.BadFileException;
import g2048.game.Shape;
import g2048.ntuple.Method;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.WeightCheck;
import g2048.ntuple.TerminalValue;
import g2048.ntuple.TupleNetwork;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A TDL2048+ weight file read into a g2048 TD-afterstate model (TDL2048 learns afterstate values):
 * each table of the network found by its name and size, its values copied into the tuple's table
 * with the index digits put in g2048's ascending cell order. A table the network needs and the
 * file lacks, or one the file holds and the network does not read, is refused: the network given
 * is then not the one the file was trained with.
 */
public final class Tdl2048Import {

    private static final ValueLayout.OfFloat LE_FLOAT = ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private Tdl2048Import() {
    }

    /** The model {@code weights} holds for {@code net}; one line of {@link BadFileException} when it cannot. */
    public static NtupleModel read(Path weights, Tdl2048Network net) throws BadFileException {
        try (Tdl2048WeightFile file = Tdl2048WeightFile.open(weights)) {
            List<Tdl2048WeightFile.Stored> stored = file.tables();
            List<Tdl2048WeightFile.Stored> used = new ArrayList<>();
            Tdl2048WeightFile.Stored[] match = new Tdl2048WeightFile.Stored[net.tables().size()];
            for (int k = 0; k < match.length; k++) {
                Tdl2048Network.Table t = net.tables().get(k);
                for (Tdl2048WeightFile.Stored s : stored) {
                    if (s.sign() == t.sign() && s.entries() == t.entries()) {
                        if (match[k] != null) {
                            throw new BadFileException(weights, "holds table " + t.name() + " twice");
                        }
                        match[k] = s;
                    }
                }
                if (match[k] == null) {
                    throw new BadFileException(weights, "no table " + t.name() + " of " + t.entries() + " values for network '"
                            + net.text() + "'" + (net.stages().count() > 1 ? " (stage " + (t.stage() + 1) + ")" : "")
                            + "; the file holds " + describe(stored));
                }
                used.add(match[k]);
            }
            List<Tdl2048WeightFile.Stored> unused = stored.stream().filter(s -> !used.contains(s)).toList();
            if (!unused.isEmpty()) {
                throw new BadFileException(weights, "holds " + describe(unused) + ", which network '" + net.text()
                        + "' does not read (a different --net or --stages?)");
            }
            NtupleModel model = NtupleModel.create(net.spec(), Shape.S4x4, Method.TD_AFTERSTATE, TerminalValue.ZERO,
                    net.stages(), 0, false, 0, 0.1);
            try {
                TupleNetwork tables = model.network();
                for (int k = 0; k < match.length; k++) {
                    Tdl2048WeightFile.Stored from = match[k];
                    TableSource source = new TableSource() {
                        @Override
                        public float value(long j) {
                            return file.value(from, j);
                        }

                        @Override
                        public MemorySegment floats() {
                            return from.width() == Float.BYTES ? file.floats(from) : null;
                        }
                    };
                    copy(source, from.name(), net.tables().get(k), net, tables, weights);
                }
            } catch (RuntimeException | BadFileException e) {
                model.close();
                throw e;
            }
            return model;
        }
    }

    private static String describe(List<Tdl2048WeightFile.Stored> tables) {
        return tables.stream().map(s -> s.name() + "[" + s.entries() + "]").collect(Collectors.joining(", "));
    }

    /** One stored table, read by its entry numbers in the pattern's own digit order. */
    public interface TableSource {

        /** Entry {@code j} as single precision. */
        float value(long j);

        /** Every entry as little-endian single precision, for a bulk copy; null when stored otherwise. */
        MemorySegment floats();
    }

    /**
     * Copies one table: g2048 entry {@code i} (digit {@code k} the code of the k-th cell in ascending
     * order) is the source's entry {@code j} (digit {@code m} the code of the pattern's m-th cell).
     * A non-finite value, or one whose sum over the features could overflow, is refused, naming {@code name} and
     * {@code weights}.
     */
    public static void copy(TableSource from, String name, Tdl2048Network.Table table, Tdl2048Network net,
                            TupleNetwork into, Path weights) throws BadFileException {
        EntryMap map = EntryMap.of(table, net, into.weights());
        long first = map.first();
        long entries = table.entries();
        MemorySegment dst = into.table();
        MemorySegment bulk = map.identity() ? from.floats() : null;
        if (bulk != null) {
            MemorySegment.copy(bulk, LE_FLOAT, 0, dst, ValueLayout.JAVA_FLOAT, first * Float.BYTES, entries);
        } else {
            for (long i = 0; i < entries; i++) {
                dst.setAtIndex(ValueLayout.JAVA_FLOAT, first + i, from.value(map.fileEntry(i)));
            }
        }
        float limit = WeightCheck.limit(net.spec());
        for (long i = 0; i < entries; i++) {
            float v = dst.getAtIndex(ValueLayout.JAVA_FLOAT, first + i);
            String problem = WeightCheck.problem(v, limit);
            if (problem != null) {
                throw new BadFileException(weights, "table " + name + " entry " + map.fileEntry(i) + " is " + v + ": "
                        + (Float.isFinite(v) ? problem : "a model holds finite weights only"));
            }
        }
    }

    /**
     * Where a table of the other engine's file lies among g2048's weights: its entries start at
     * {@code first} (over all banks), and g2048's entry {@code first + i} is the file table's entry
     * {@link #fileEntry}{@code (i)}, the same cells' values in the file's digit order.
     *
     * @param digitAt digit {@code m} of a file entry is digit {@code digitAt[m]} of g2048's
     */
    public record EntryMap(long first, int[] digitAt) {

        /** The map of {@code table} of {@code net}, in tables of {@code weights} weights per bank. */
        public static EntryMap of(Tdl2048Network.Table table, Tdl2048Network net, long weights) {
            int[] order = table.order();
            int[] sorted = net.spec().tuples()[table.tuple()];
            int n = order.length;
            int[] digitAt = new int[n];
            for (int m = 0; m < n; m++) {
                for (int k = 0; k < n; k++) {
                    if (sorted[k] == order[m]) {
                        digitAt[m] = k;
                    }
                }
            }
            return new EntryMap((long) table.stage() * weights + base(net, table.tuple()), digitAt);
        }

        /** Whether the file's entries are in g2048's order. */
        public boolean identity() {
            for (int m = 0; m < digitAt.length; m++) {
                if (digitAt[m] != m) {
                    return false;
                }
            }
            return true;
        }

        /** The file table's entry of g2048's entry {@code first + i}. */
        public long fileEntry(long i) {
            long j = 0;
            for (int m = 0; m < digitAt.length; m++) {
                j |= ((i >>> (4 * digitAt[m])) & 0xF) << (4 * m);
            }
            return j;
        }
    }

    /** Where tuple {@code t}'s table starts within a bank: the tables of the tuples before it. */
    private static long base(Tdl2048Network net, int t) {
        long b = 0;
        for (int u = 0; u < t; u++) {
            b += net.spec().tupleEntries(u);
        }
        return b;
    }
}
