package g2048.train.cnn;

import java.nio.file.Path;

/** A {@link TrainingRun.Listener} that reports nothing: for a program (or a test) that only looks at the run's result. */
public final class QuietListener implements TrainingRun.Listener {

    public static final TrainingRun.Listener INSTANCE = new QuietListener();

    private QuietListener() {
    }

    @Override
    public void progress(TrainingStats stats, double rate, double seconds) {
    }

    @Override
    public void snapshotSaved(Path file, long positions) {
    }

    @Override
    public void evaluated(CnnCurve.Row row) {
    }
}
