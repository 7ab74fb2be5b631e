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
 * The backward pass of one age of an {@link AgeGame} as Spark jobs: two joins, each a request and an
 * answer shuffle.
 * <ol>
 *   <li>afterstate values: every afterstate of age {@code a} asks, for each empty cell in order, the
 *       value of its 2-spawn (a state of age {@code a + 2}) and of its 4-spawn ({@code a + 4}); the
 *       partitions of those ages answer from their exact values ({@code work/}); each afterstate's
 *       answers are summed in cell order, as the single-machine passes sum them, so the doubles are
 *       the same bit for bit;</li>
 *   <li>state values: every state asks the value of each legal move's afterstate; the answer plus
 *       the move's reward, maximised (with 1 for a winning move, 0 with no move), is the state's value.</li>
 * </ol>
 * Each partition of the age then writes its values file and its exact state values for the two
 * younger ages that will ask for them.
 *
 * <p>A request's key says where its answer goes: the asking partition in bits 36 and up, then the
 * index of the board in its partition, then (afterstates) the tile and the cell's position among
 * the empty cells or (states) the direction.
 */
final class BackwardAge {

    private static final int PART_SHIFT = 36;
    private static final long INDEX_MASK = (1L << 31) - 1;

    private BackwardAge() {
    }

    /** Runs the age; returns its best afterstate value (NaN when it has none). */
    static double run(JavaSparkContext sc, Store store, AgeGame game, PartitionedAge here, PartitionedAge next2, PartitionedAge next4) {
        int age = here.age();
        int parts = here.parts();
        long[] splits = here.splits();
        long[] splits2 = next2 == null ? new long[0] : next2.splits();
        int parts2 = next2 == null ? 0 : next2.parts();
        int parts4 = next4 == null ? 0 : next4.parts();
        long[] splits4 = next4 == null ? new long[0] : next4.splits();
        List<Integer> partitions = new ArrayList<>();
        for (int p = 0; p < parts; p++) {
            partitions.add(p);
        }

        sc.setCallSite("backward " + age + ": spawn requests");
        JavaPairRDD<Integer, Blocks.Requests> spawnRequests = sc.parallelize(partitions, parts).flatMapToPair(p -> {
            long[] afters = game.readIds(store, age, p).afters();
            return spawnRequests(game, p, afters, splits2, parts2, splits4, parts4);
        });
        sc.setCallSite("backward " + age + ": spawn answers");
        JavaPairRDD<Integer, Blocks.Answers> spawnAnswers = spawnRequests
                .partitionBy(new IndexPartitioner(Math.max(1, parts2 + parts4)))
                .mapPartitionsToPair(requests -> {
                    int r = TaskContext.getPartitionId();
                    int targetAge = r < parts2 ? age + 2 : age + 4;
                    int targetPart = r < parts2 ? r : r - parts2;
                    return answers(requests, () -> stateValues(store, game, targetAge, targetPart), targetAge, targetPart);
                });
        sc.setCallSite("backward " + age + ": afterstate values");
        JavaRDD<Blocks.AfterValues> afterValues = spawnAnswers.partitionBy(new IndexPartitioner(parts))
                .mapPartitions(answers -> {
                    int p = TaskContext.getPartitionId();
                    long[] afters = game.readIds(store, age, p).afters();
                    return List.of(new Blocks.AfterValues(afters, afterValues(game, afters, answers))).iterator();
                }, true)
                .persist(StorageLevel.MEMORY_AND_DISK());

        sc.setCallSite("backward " + age + ": move requests");
        JavaPairRDD<Integer, Blocks.Requests> moveRequests = sc.parallelize(partitions, parts).flatMapToPair(p -> {
            long[] states = game.readIds(store, age, p).states();
            return moveRequests(game, p, states, splits);
        });
        sc.setCallSite("backward " + age + ": move answers");
        JavaPairRDD<Integer, Blocks.Answers> moveAnswers = JavaPairRDD.fromJavaRDD(moveRequests
                .partitionBy(new IndexPartitioner(parts))
                .zipPartitions(afterValues, (requests, table) -> {
                    Blocks.AfterValues t = table.next();
                    return answers(requests, () -> t, age, TaskContext.getPartitionId());
                }));
        sc.setCallSite("backward " + age + ": state values, write");
        List<double[]> bests = moveAnswers.partitionBy(new IndexPartitioner(parts))
                .zipPartitions(afterValues, (answers, table) -> {
                    int p = TaskContext.getPartitionId();
                    Blocks.AfterValues t = table.next();
                    long[] states = game.readIds(store, age, p).states();
                    double[] values = stateValues(game, states, answers);
                    double best = Double.NaN;
                    for (double v : t.values()) {
                        best = Double.isNaN(best) ? v : Math.max(best, v);
                    }
                    store.write(PartitionedAge.doublesName(age, p), game.doubles(age, values));
                    store.write(PartitionedAge.valuesName(age, p), game.values(age, values, t.values(), best));
                    return List.of(new double[] {best}).iterator();
                }).collect();
        afterValues.unpersist(false);
        double best = Double.NaN;
        for (double[] b : bests) {
            best = Double.isNaN(best) ? b[0] : Double.isNaN(b[0]) ? best : Math.max(best, b[0]);
        }
        return best;
    }

    /** A partition's states and their exact values (the backward checkpoint of its age). */
    static Blocks.AfterValues stateValues(Store store, AgeGame game, int age, int part) throws IOException {
        long[] states = game.readIds(store, age, part).states();
        return new Blocks.AfterValues(states, game.readDoubles(store, age, part, states.length));
    }

    /** The requests of a partition's afterstates for their spawns' values, by the spawns' partitions. */
    static Iterator<Tuple2<Integer, Blocks.Requests>> spawnRequests(AgeGame game, int p, long[] afters, long[] splits2, int parts2,
                                                                   long[] splits4, int parts4) {
        LongList[] ids = new LongList[parts2 + parts4];
        LongList[] keys = new LongList[parts2 + parts4];
        for (int i = 0; i < afters.length; i++) {
            long x = afters[i];
            long empty = game.emptyCells(x);
            for (int t = 0; empty != 0; t++) {
                int shift = Long.numberOfTrailingZeros(empty);
                empty &= empty - 1;
                long key = ((long) p << PART_SHIFT) | ((long) i << 5) | t;
                long s2 = game.normalize(x | (1L << shift));
                add(ids, keys, parts2 == 0 ? -1 : PartitionedAge.partOf(splits2, s2), s2, key, x);
                long s4 = game.normalize(x | (2L << shift));
                add(ids, keys, parts4 == 0 ? -1 : parts2 + PartitionedAge.partOf(splits4, s4), s4, key | 16, x);
            }
        }
        return requests(ids, keys);
    }

    private static void add(LongList[] ids, LongList[] keys, int target, long id, long key, long from) {
        if (target < 0) {
            throw new IllegalStateException("board " + Long.toHexString(id) + " (from " + Long.toHexString(from)
                    + ") lies past the last age of the forward pass; the solution directory is inconsistent");
        }
        if (ids[target] == null) {
            ids[target] = new LongList();
            keys[target] = new LongList();
        }
        ids[target].add(id);
        keys[target].add(key);
    }

    private static Iterator<Tuple2<Integer, Blocks.Requests>> requests(LongList[] ids, LongList[] keys) {
        List<Tuple2<Integer, Blocks.Requests>> out = new ArrayList<>();
        for (int q = 0; q < ids.length; q++) {
            if (ids[q] != null) {
                out.add(new Tuple2<>(q, new Blocks.Requests(ids[q].toArray(), keys[q].toArray())));
            }
        }
        return out.iterator();
    }

    /** The requests of a partition's states for their moves' afterstate values, by the afterstates' partitions. */
    static Iterator<Tuple2<Integer, Blocks.Requests>> moveRequests(AgeGame game, int p, long[] states, long[] splits) {
        LongList[] ids = new LongList[splits.length + 1];
        LongList[] keys = new LongList[splits.length + 1];
        for (int i = 0; i < states.length; i++) {
            long s = states[i];
            for (int d = 0; d < 4; d++) {
                long a = game.move(s, d);
                if (a >= 0) {
                    add(ids, keys, PartitionedAge.partOf(splits, a), a, ((long) p << PART_SHIFT) | ((long) i << 2) | d, s);
                }
            }
        }
        return requests(ids, keys);
    }

    /** Where the answers' values come from: a partition's sorted IDs and values. */
    @FunctionalInterface
    interface Table {
        Blocks.AfterValues load() throws IOException;
    }

    /** Answers every request received by one partition from its table, grouped by the asking partition. */
    static Iterator<Tuple2<Integer, Blocks.Answers>> answers(Iterator<Tuple2<Integer, Blocks.Requests>> requests, Table table,
                                                            int age, int part) throws IOException {
        if (!requests.hasNext()) {
            return java.util.Collections.emptyIterator();
        }
        Blocks.AfterValues t = table.load();
        List<Tuple2<Integer, Blocks.Answers>> out = new ArrayList<>();
        while (requests.hasNext()) {
            Blocks.Requests r = requests.next()._2();
            double[] v = new double[r.ids().length];
            for (int i = 0; i < v.length; i++) {
                int rank = Arrays.binarySearch(t.ids(), r.ids()[i]);
                if (rank < 0) {
                    throw new IllegalStateException("board " + Long.toHexString(r.ids()[i]) + " is missing from partition " + part
                            + " of age " + age + " of the forward pass's output; the solution directory is inconsistent");
                }
                v[i] = t.values()[rank];
            }
            // a request block comes from one asking partition: its answers go back as one block
            int asking = (int) (r.keys()[0] >>> PART_SHIFT);
            out.add(new Tuple2<>(asking, new Blocks.Answers(r.keys(), v)));
        }
        return out.iterator();
    }

    /** The exact values of a partition's afterstates from the answers to their spawn requests, summed in cell order. */
    static double[] afterValues(AgeGame game, long[] afters, Iterator<Tuple2<Integer, Blocks.Answers>> answers) {
        int[] first = new int[afters.length + 1];
        for (int i = 0; i < afters.length; i++) {
            long slots = first[i] + 2L * Long.bitCount(game.emptyCells(afters[i]));
            if (slots > Integer.MAX_VALUE - 16) {
                throw new IllegalStateException("a partition's afterstates have more than 2^31 spawns: use more partitions"
                        + " (a smaller --partition-states)");
            }
            first[i + 1] = (int) slots;
        }
        double[] slot = new double[first[afters.length]];
        Arrays.fill(slot, Double.NaN);
        while (answers.hasNext()) {
            Blocks.Answers a = answers.next()._2();
            for (int j = 0; j < a.keys().length; j++) {
                long key = a.keys()[j];
                int i = (int) ((key >>> 5) & INDEX_MASK);
                int k = (first[i + 1] - first[i]) / 2;
                int tile = (int) (key >>> 4) & 1;
                int t = (int) key & 15;
                slot[first[i] + tile * k + t] = a.values()[j];
            }
        }
        double[] out = new double[afters.length];
        for (int i = 0; i < afters.length; i++) {
            int k = (first[i + 1] - first[i]) / 2;
            double sum2 = 0;
            double sum4 = 0;
            for (int t = 0; t < k; t++) {
                double v2 = slot[first[i] + t];
                double v4 = slot[first[i] + k + t];
                if (Double.isNaN(v2) || Double.isNaN(v4)) {
                    throw new IllegalStateException("afterstate " + Long.toHexString(afters[i]) + " got no answer for a spawn");
                }
                sum2 += v2;
                sum4 += v4;
            }
            out[i] = game.spawnMean(sum2, sum4, k);
        }
        return out;
    }

    /**
     * The values of a partition's states: the best of reward + afterstate value over the answered
     * moves and 1 for a winning move, 0 without one. A maximum, whatever the order the answers come in.
     */
    static double[] stateValues(AgeGame game, long[] states, Iterator<Tuple2<Integer, Blocks.Answers>> answers) {
        double[] best = new double[states.length];
        if (game.wins()) {
            for (int i = 0; i < states.length; i++) {
                for (int d = 0; d < 4 && best[i] < 1; d++) {
                    if (game.move(states[i], d) == AgeGame.WON) {
                        best[i] = 1;
                    }
                }
            }
        }
        while (answers.hasNext()) {
            Blocks.Answers a = answers.next()._2();
            for (int j = 0; j < a.keys().length; j++) {
                long key = a.keys()[j];
                int i = (int) ((key >>> 2) & INDEX_MASK);
                int d = (int) key & 3;
                best[i] = Math.max(best[i], game.reward(states[i], d) + a.values()[j]);
            }
        }
        return best;
    }
}
