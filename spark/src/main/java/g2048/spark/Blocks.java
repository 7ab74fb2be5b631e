package g2048.spark;

import java.io.Serializable;

/** What the stages send each other: whole arrays, one record per pair of tasks, so that a shuffle carries few records. */
final class Blocks {

    private Blocks() {
    }

    /** Look-ups of {@code ids}, each answered under the {@code key} at the same index. */
    record Requests(long[] ids, long[] keys) implements Serializable {
    }

    /** The values found for the keys of {@link Requests}. */
    record Answers(long[] keys, double[] values) implements Serializable {
    }

    /** One partition's afterstates (sorted) and their exact values. */
    record AfterValues(long[] ids, double[] values) implements Serializable {
    }
}
