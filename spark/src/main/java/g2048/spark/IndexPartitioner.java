package g2048.spark;

import org.apache.spark.Partitioner;

/** Sends a record keyed by a partition index to that partition: the tasks compute the index themselves. */
final class IndexPartitioner extends Partitioner {

    private static final long serialVersionUID = 1L;

    private final int parts;

    IndexPartitioner(int parts) {
        this.parts = parts;
    }

    @Override
    public int numPartitions() {
        return parts;
    }

    @Override
    public int getPartition(Object key) {
        return (Integer) key;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IndexPartitioner p && p.parts == parts;
    }

    @Override
    public int hashCode() {
        return parts;
    }
}
