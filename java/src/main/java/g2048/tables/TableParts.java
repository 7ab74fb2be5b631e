package g2048.tables;

import static g2048.solver.AgeBytes.longs;
import static g2048.solver.AgeBytes.sealed;
import static g2048.solver.Layouts.DOUBLE;
import static g2048.solver.Layouts.LONG;

import g2048.files.BadFileException;
import g2048.solver.AgeBytes;
import g2048.solver.EliasFano;
import g2048.solver.IdSet;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

/**
 * A table build's files as bytes in memory, for builds that keep them elsewhere than on a local
 * disk (a cluster's file system, one part of an age a file): the layouts of {@link WorkFiles},
 * checksum included, and the table file itself written as a stream from the parts, byte for byte
 * the file {@link TableBuilder} writes.
 */
public final class TableParts {

    private TableParts() {
    }

    /** The file name of {@code game}'s table: {@code NAME-TARGET.g2et}. */
    public static String tableName(RegionGame game) {
        return TableFile.fileName(game.formation(), game.target());
    }

    /** An ids file of sorted unique keys. */
    public static byte[] ids(RegionGame game, int age, long[] states, long[] afters) {
        try (Arena arena = Arena.ofConfined(); IdSet s = IdSet.of(states); IdSet a = IdSet.of(afters)) {
            return sealed(WorkFiles.idsContent(game, age, s, a, arena));
        }
    }

    /** The keys of an ids file. */
    public record Ids(long[] states, long[] afters) {
    }

    /** The keys of an ids file, checked ({@code file} names it in errors). */
    public static Ids readIds(Path file, byte[] bytes, RegionGame game, int age) throws BadFileException {
        WorkFiles.Ids ids = WorkFiles.parseIds(file, bytes, game, age);
        return new Ids(longs(ids.states().decode()), longs(ids.afters().decode()));
    }

    /** A values file: the afterstates' probabilities, quantised, in key order. */
    public static byte[] values(RegionGame game, int age, double[] afterValues) {
        try (Arena arena = Arena.ofConfined()) {
            return sealed(WorkFiles.valuesContent(game, age, AgeBytes.doubles(afterValues, arena), afterValues.length, arena));
        }
    }

    /** A doubles file: the states' exact probabilities, in key order. */
    public static byte[] doubles(RegionGame game, int age, double[] stateValues) {
        try (Arena arena = Arena.ofConfined()) {
            return sealed(WorkFiles.doublesContent(game, age, AgeBytes.doubles(stateValues, arena), stateValues.length, arena));
        }
    }

    /** The {@code n} probabilities of a doubles file, checked. */
    public static double[] readDoubles(Path file, byte[] bytes, RegionGame game, int age, int n) throws BadFileException {
        MemorySegment seg = WorkFiles.parseDoubles(file, bytes, game, age, n);
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = seg.getAtIndex(DOUBLE, i);
        }
        return out;
    }

    /** The {@code n} quantised probabilities of a values file, 2 bytes each as the table file holds them, checked. */
    public static MemorySegment readValueCodes(Path file, byte[] bytes, RegionGame game, int age, long n) throws BadFileException {
        return WorkFiles.parseValues(file, bytes, game, age, n).asSlice(8, 2 * n);
    }

    /** One age of a table: its afterstates' keys, sorted, and their quantised probabilities ({@link #readValueCodes}) in that order. */
    public record Age(long[] keys, MemorySegment valueCodes) {
    }

    /** Reads one age of a table from its parts. */
    @FunctionalInterface
    public interface AgeReader {
        Age read(int age) throws IOException;
    }

    /**
     * Writes {@code game}'s table to {@code out}, the ages {@code 0, 2, …, lastAge} read one at a
     * time from {@code ages}; {@code afterstates[i]} and {@code largestKeys[i]} are the count and the
     * largest key of age {@code 2i} (0 for an age without afterstates), which the header needs first.
     */
    public static void writeTable(OutputStream out, RegionGame game, int lastAge, long[] afterstates, long[] largestKeys,
                                  AgeReader ages) throws IOException {
        int n = lastAge / 2 + 1;
        long[] keyBytes = new long[n];
        long[] valueBytes = new long[n];
        long total = 0;
        for (int i = 0; i < n; i++) {
            keyBytes[i] = EliasFano.blockBytes(afterstates[i], largestKeys[i]);
            valueBytes[i] = 8 + Quantized.bytes(afterstates[i]);
            total += afterstates[i];
        }
        TableFile.write(out, game, lastAge, keyBytes, valueBytes, total, (i, s) -> {
            Age age = ages.read(2 * i);
            long count = age.keys().length;
            if (count != afterstates[i] || age.valueCodes().byteSize() != 2 * count
                    || (count > 0 && age.keys()[(int) count - 1] != largestKeys[i])) {
                throw new IllegalStateException("age " + 2 * i + ": " + count + " keys and " + age.valueCodes().byteSize() / 2
                        + " values read, " + afterstates[i] + " announced");
            }
            try (Arena arena = Arena.ofConfined(); IdSet keys = IdSet.of(age.keys())) {
                MemorySegment block = arena.allocate(keyBytes[i], 8);
                EliasFano.write(keys, block, 0);
                TableFile.copy(block, s);
                MemorySegment values = arena.allocate(valueBytes[i], 8);
                values.set(LONG, 0, count);
                MemorySegment.copy(age.valueCodes(), 0, values, 8, 2 * count);
                TableFile.copy(values, s);
            }
        });
    }
}
