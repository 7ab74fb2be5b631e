package g2048.spark;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.executor.TaskMetrics;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerStageCompleted;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.StageInfo;

/**
 * Per-stage figures from Spark's own metrics, gathered on the listener bus: the stage's name (the
 * call site the solver sets, e.g. {@code forward 24: spawn}), tasks, wall time, the executors' run
 * and CPU time, shuffle bytes and records written and read, bytes spilled to disk.
 */
final class StageMetrics extends SparkListener {

    /** One finished stage. */
    record Stage(int id, String name, int tasks, double wallSeconds, double runSeconds, double cpuSeconds, long shuffleWriteBytes,
                 long shuffleWriteRecords, long shuffleReadBytes, long diskSpillBytes, boolean failed) {
    }

    private final Map<Integer, long[]> sums = new ConcurrentHashMap<>();
    private final List<Stage> stages = new ArrayList<>();

    @Override
    public void onTaskEnd(SparkListenerTaskEnd end) {
        TaskMetrics t = end.taskMetrics();
        if (t == null) {
            return;
        }
        long[] s = sums.computeIfAbsent(end.stageId(), k -> new long[6]);
        synchronized (s) {
            s[0] += t.executorRunTime();
            s[1] += t.executorCpuTime();
            s[2] += t.shuffleWriteMetrics().bytesWritten();
            s[3] += t.shuffleWriteMetrics().recordsWritten();
            s[4] += t.shuffleReadMetrics().totalBytesRead();
            s[5] += t.diskBytesSpilled();
        }
    }

    @Override
    public synchronized void onStageCompleted(SparkListenerStageCompleted done) {
        StageInfo info = done.stageInfo();
        long[] s = sums.getOrDefault(info.stageId(), new long[6]);
        double wall = info.submissionTime().isDefined() && info.completionTime().isDefined()
                ? ((Long) info.completionTime().get() - (Long) info.submissionTime().get()) / 1e3 : Double.NaN;
        stages.add(new Stage(info.stageId(), info.name(), info.numTasks(), wall, s[0] / 1e3, s[1] / 1e9, s[2], s[3], s[4], s[5],
                info.failureReason().isDefined()));
    }

    synchronized List<Stage> stages() {
        return List.copyOf(stages);
    }

    /** Writes the stages as tab-separated lines with a header. */
    void write(Path file) throws IOException {
        StringBuilder sb = new StringBuilder("stage\tname\ttasks\twall_s\trun_s\tcpu_s\tshuffle_write_bytes\tshuffle_write_records"
                + "\tshuffle_read_bytes\tdisk_spill_bytes\tfailed\n");
        for (Stage st : stages()) {
            sb.append(String.format(Locale.ROOT, "%d\t%s\t%d\t%.3f\t%.3f\t%.3f\t%d\t%d\t%d\t%d\t%b%n", st.id(), st.name(), st.tasks(),
                    st.wallSeconds(), st.runSeconds(), st.cpuSeconds(), st.shuffleWriteBytes(), st.shuffleWriteRecords(),
                    st.shuffleReadBytes(), st.diskSpillBytes(), st.failed()));
        }
        g2048.files.AtomicFile.writeString(file, sb);
    }
}
