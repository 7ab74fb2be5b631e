package g2048.spark;

import g2048.solver.PartitionedAge;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;

/**
 * The forward pass of one age of an {@link AgeGame} as Spark jobs. The states of age {@code a} are
 * the 2-spawns of the afterstates of age {@code a − 2}, the 4-spawns of those of {@code a − 4} and
 * the game's state seeds of that age; its afterstates are the moves of its states and its afterstate
 * seeds. A first small job spawns a sample of the inputs and chooses the partition count and the
 * splits (quantiles of the sampled IDs) (skipped when every spawn fits one partition), then:
 * <ol>
 *   <li>spawn: one task per input partition spawns and normalises, sorts and deduplicates its
 *       output and sends each range to its partition;</li>
 *   <li>states: each partition merges what it received (the age's states in its range, sorted
 *       unique), moves them and sends each range of normalised afterstates on (the first partition
 *       adds the seeds);</li>
 *   <li>afterstates: each partition merges its afterstates and writes its ids file beside its
 *       states (the single-machine layout), counting terminal states.</li>
 * </ol>
 * Every ID is normalised as the single-machine passes normalise it, so the sets are the same.
 */
final class ForwardAge {

    /** Afterstates spawned for the sample that chooses the splits (all of them below this). */
    static final int SAMPLE_AFTERS = 200_000;

    private ForwardAge() {
    }

    /** One input of the spawn stage: a partition of an earlier age and the tile code it spawns, or the state seeds. */
    record Input(int age, int part, int tile) implements java.io.Serializable {
        static Input seeds() {
            return new Input(-1, 0, 0);
        }
    }

    /** Runs the age and returns its index (the partitions' splits and counts); the ids files are written. */
    static PartitionedAge run(JavaSparkContext sc, Store store, AgeGame game, int age, PartitionedAge prev2, PartitionedAge prev4,
                              long partitionStates) {
        List<Input> inputs = new ArrayList<>();
        long inputAfters = 0;
        for (int p = 0; p < prev2.parts(); p++) {
            if (prev2.afters()[p] > 0) {
                inputs.add(new Input(age - 2, p, 1));
                inputAfters += prev2.afters()[p];
            }
        }
        for (int p = 0; p < prev4.parts(); p++) {
            if (prev4.afters()[p] > 0) {
                inputs.add(new Input(age - 4, p, 2));
                inputAfters += prev4.afters()[p];
            }
        }
        if (game.stateSeeds(age).length > 0) {
            inputs.add(Input.seeds());
        }
        // a task per input, and one (empty) when there is none: an age of seeds alone
        int slices = Math.max(1, inputs.size());
        long[] splits = new long[0];
        // an age whose every spawn fits one partition needs no sample (the seeds are a few hundred at most)
        if (inputAfters * game.cells() + 1000 > partitionStates) {
            int stride = (int) Math.max(1, inputAfters / SAMPLE_AFTERS);
            sc.setCallSite("forward " + age + ": sample");
            List<long[]> sampled = sc.parallelize(inputs, slices)
                    .map(in -> spawned(store, game, age, in, stride).sortedUnique()).collect();
            long[] sample = LongList.union(sampled);
            long estimate = (long) sample.length * stride;
            splits = splits(sample, (int) Math.min(PartitionedAge.MAX_PARTS,
                    Math.max(1, (estimate + partitionStates - 1) / partitionStates)));
        }
        long[] cuts = splits;
        int parts = splits.length + 1;
        IndexPartitioner partitioner = new IndexPartitioner(parts);

        sc.setCallSite("forward " + age + ": spawn");
        JavaPairRDD<Integer, long[]> spawned = sc.parallelize(inputs, slices)
                .flatMapToPair(in -> ranges(spawned(store, game, age, in, 1).sortedUnique(), cuts));
        sc.setCallSite("forward " + age + ": states, moves");
        JavaRDD<long[]> states = spawned.partitionBy(partitioner).mapPartitions(ForwardAge::merged, true)
                .persist(StorageLevel.MEMORY_AND_DISK());
        JavaPairRDD<Integer, long[]> moved = states.flatMapToPair(s -> ranges(afterstates(game, s,
                TaskContext.getPartitionId() == 0 ? game.afterSeeds(age) : new long[0]), cuts));
        sc.setCallSite("forward " + age + ": afterstates, write");
        JavaRDD<long[]> afters = moved.partitionBy(partitioner).mapPartitions(ForwardAge::merged, true);
        List<long[]> counts = states.zipPartitions(afters, (s, a) -> {
            long[] st = s.next();
            long[] af = a.next();
            long terminal = terminal(game, st);
            int part = TaskContext.getPartitionId();
            store.write(PartitionedAge.idsName(age, part), game.ids(age, st, af, terminal));
            return List.of(new long[] {part, st.length, af.length, terminal}).iterator();
        }).collect();
        states.unpersist(false);
        long[][] columns = new long[3][parts];
        for (long[] c : counts) {
            for (int k = 0; k < 3; k++) {
                columns[k][(int) c[0]] = c[k + 1];
            }
        }
        return new PartitionedAge(age, splits, columns[0], columns[1], columns[2]);
    }

    /**
     * Up to {@code parts − 1} strictly increasing splits at the quantiles of the sorted unique sample;
     * fewer when the sample is smaller than that (an age of few states gets few partitions).
     */
    static long[] splits(long[] sample, int parts) {
        LongList out = new LongList();
        for (int k = 1; k < parts; k++) {
            int i = (int) ((long) k * sample.length / parts);
            if (i > 0 && i < sample.length && (out.size() == 0 || sample[i] > out.get(out.size() - 1))) {
                out.add(sample[i]);
            }
        }
        return out.toArray();
    }

    /** The normalised spawns of every {@code stride}-th afterstate of an input (or the state seeds of the age). */
    static LongList spawned(Store store, AgeGame game, int age, Input in, int stride) throws IOException {
        LongList out = new LongList().asSet();
        if (in.age() < 0) {
            for (long s : game.stateSeeds(age)) {
                out.add(s);
            }
            return out;
        }
        long[] afters = game.readIds(store, in.age(), in.part()).afters();
        long tile = in.tile();
        for (int i = 0; i < afters.length; i += stride) {
            long x = afters[i];
            long empty = game.emptyCells(x);
            while (empty != 0) {
                int shift = Long.numberOfTrailingZeros(empty);
                empty &= empty - 1;
                out.add(game.normalize(x | (tile << shift)));
            }
        }
        return out;
    }

    /** The normalised afterstates of the moves of {@code states}, and {@code seeds}, sorted unique. */
    static long[] afterstates(AgeGame game, long[] states, long[] seeds) {
        LongList out = new LongList().asSet();
        for (long s : states) {
            for (int d = 0; d < 4; d++) {
                long a = game.move(s, d);
                if (a >= 0) {
                    out.add(a);
                }
            }
        }
        for (long a : seeds) {
            out.add(a);
        }
        return out.sortedUnique();
    }

    /** States without a move (a winning move is one). */
    static long terminal(AgeGame game, long[] states) {
        long n = 0;
        for (long s : states) {
            if (game.stuck(s)) {
                n++;
            }
        }
        return n;
    }

    /** A sorted array cut at the splits: (partition, its IDs) for every non-empty range. */
    static Iterator<Tuple2<Integer, long[]>> ranges(long[] sorted, long[] splits) {
        List<Tuple2<Integer, long[]>> out = new ArrayList<>();
        int from = 0;
        for (int p = 0; p <= splits.length && from < sorted.length; p++) {
            int to = p == splits.length ? sorted.length : lowerBound(sorted, from, splits[p]);
            if (to > from) {
                out.add(new Tuple2<>(p, Arrays.copyOfRange(sorted, from, to)));
            }
            from = to;
        }
        return out.iterator();
    }

    /** The first index at or after {@code from} whose ID is at least {@code id}. */
    static int lowerBound(long[] sorted, int from, long id) {
        int lo = from;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < id) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** A partition's received ranges merged into one sorted unique array (empty when it received none). */
    static Iterator<long[]> merged(Iterator<Tuple2<Integer, long[]>> received) {
        List<long[]> parts = new ArrayList<>();
        received.forEachRemaining(t -> parts.add(t._2()));
        return List.of(LongList.union(parts)).iterator();
    }
}
