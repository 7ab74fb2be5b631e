package g2048.solver;

import g2048.files.BadFileException;
import g2048.game.Shape;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * One finished age opened for look-ups, whether it was written whole ({@code ids-AAAAAA.bin}) or
 * split into partitions ({@link PartitionedAge}): a look-up goes to the partition of the ID, then
 * by rank to its value. Every file is checked (header, geometry, checksum, counts) on opening.
 */
final class AgeTable {

    private final long[] splits;
    private final AgeFiles.Ids[] ids;
    private final AgeFiles.Values[] values;

    private AgeTable(long[] splits, AgeFiles.Ids[] ids, AgeFiles.Values[] values) {
        this.splits = splits;
        this.ids = ids;
        this.values = values;
    }

    /** True when the age is stored in partitions: its index exists and its single ids file does not. */
    static boolean partitioned(Path dir, int age) {
        return !Files.exists(AgeFiles.idsFile(dir, age), LinkOption.NOFOLLOW_LINKS)
                && Files.exists(PartitionedAge.indexFile(dir, age), LinkOption.NOFOLLOW_LINKS);
    }

    static AgeTable open(Path dir, Shape shape, int age, Arena arena) throws IOException {
        if (!partitioned(dir, age)) {
            AgeFiles.Ids i = AgeFiles.readIds(dir, shape, age, arena);
            AgeFiles.Values v = AgeFiles.readValues(dir, shape, age, arena);
            checkCounts(AgeFiles.valuesFile(dir, age), AgeFiles.idsFile(dir, age), i, v);
            return new AgeTable(new long[0], new AgeFiles.Ids[] {i}, new AgeFiles.Values[] {v});
        }
        PartitionedAge index = PartitionedAge.read(dir, shape, age);
        int p = index.parts();
        AgeFiles.Ids[] ids = new AgeFiles.Ids[p];
        AgeFiles.Values[] values = new AgeFiles.Values[p];
        for (int k = 0; k < p; k++) {
            Path idsFile = dir.resolve(PartitionedAge.idsName(age, k));
            ids[k] = AgeFiles.readIdsFile(idsFile, shape, age, arena);
            if (ids[k].states() != index.states()[k] || ids[k].afters() != index.afters()[k]
                    || ids[k].terminal() != index.terminal()[k]) {
                throw new BadFileException(idsFile, "holds " + ids[k].states() + " states, " + ids[k].afters() + " afterstates, "
                        + ids[k].terminal() + " terminal; its index " + PartitionedAge.indexName(age) + " says "
                        + index.states()[k] + ", " + index.afters()[k] + ", " + index.terminal()[k]);
            }
            Path valuesFile = dir.resolve(PartitionedAge.valuesName(age, k));
            values[k] = AgeFiles.readValuesFile(valuesFile, shape, age, arena);
            checkCounts(valuesFile, idsFile, ids[k], values[k]);
        }
        return new AgeTable(index.splits(), ids, values);
    }

    /** A value is read by the rank of its ID: the counts must agree, or ranks read past the values. */
    private static void checkCounts(Path valuesFile, Path idsFile, AgeFiles.Ids ids, AgeFiles.Values values)
            throws BadFileException {
        if (values.stateValues().size() != ids.states() || values.afterValues().size() != ids.afters()) {
            throw new BadFileException(valuesFile, "holds " + values.stateValues().size() + " state and "
                    + values.afterValues().size() + " afterstate values, expected " + ids.states() + " and " + ids.afters()
                    + " as in " + idsFile);
        }
    }

    /** The stored value of a normalised state, NaN if absent. */
    double stateValue(long normalized) {
        int p = PartitionedAge.partOf(splits, normalized);
        long r = ids[p].stateRank(normalized);
        return r < 0 ? Double.NaN : values[p].stateValues().get(r);
    }

    /** The stored value of a normalised afterstate, NaN if absent. */
    double afterValue(long normalized) {
        int p = PartitionedAge.partOf(splits, normalized);
        long r = ids[p].afterRank(normalized);
        return r < 0 ? Double.NaN : values[p].afterValues().get(r);
    }

    /** The best afterstate value of the age (NaN when it has none). */
    double best() {
        double best = Double.NaN;
        for (AgeFiles.Values v : values) {
            best = Double.isNaN(best) ? v.best() : Double.isNaN(v.best()) ? best : Math.max(best, v.best());
        }
        return best;
    }

    long afters() {
        long n = 0;
        for (AgeFiles.Ids i : ids) {
            n += i.afters();
        }
        return n;
    }

    /** Every afterstate of the age, sorted (the partitions in order), into a new set. */
    IdSet decodeAfters() {
        long total = afters();
        if (total == 0) {
            return IdSet.empty();
        }
        IdSet out = IdSet.allocate(total);
        long at = 0;
        for (AgeFiles.Ids i : ids) {
            try (IdSet part = i.decodeAfters()) {
                for (long k = 0; k < part.size(); k++) {
                    out.set(at++, part.get(k));
                }
            }
        }
        return out.index();
    }

    /** The afterstate values in the order of {@link #decodeAfters}. */
    double[] afterValues() {
        double[] v = new double[Math.toIntExact(afters())];
        int at = 0;
        for (AgeFiles.Values values : values) {
            PackedValues.Reader r = values.afterValues();
            for (long k = 0; k < r.size(); k++) {
                v[at++] = r.get(k);
            }
        }
        return v;
    }
}
