package g2048.train.policy;

import g2048.concurrent.Workers;
import g2048.eval.Evaluator;
import g2048.player.Player;
import g2048.policy.DatasetFile;
import g2048.policy.DatasetWriter;
import g2048.search.SearchConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Fills a dataset with a teacher's games on several threads (or, with a behaviour player, with the
 * behaviour's games labelled by the teacher: see {@link TeacherGames}). Threads take game indices in turn;
 * finished games wait in memory until every earlier game is written, so the file holds games in
 * index order whatever the thread count and the same seed always gives the same file. Stopping
 * (Ctrl-C) abandons the games in play; the file keeps every game written, and a rerun continues
 * from the first missing one.
 */
public final class DatasetGenerator {

    /** Told after each game written. */
    public interface Progress {
        void written(long games, long positions, DatasetFile.Game last);
    }

    private final Evaluator teacher;
    private final SearchConfig search;
    private final long seed;
    private final Player behaviour;
    private final double teacherShare;
    private final AtomicBoolean stop = new AtomicBoolean();

    public DatasetGenerator(Evaluator teacher, SearchConfig search, long seed) {
        this(teacher, search, seed, null, 1.0);
    }

    /**
     * Games that follow {@code behaviour}'s moves (the teacher's with probability {@code teacherShare}),
     * every position labelled by the teacher; a null behaviour records the teacher's own games.
     */
    public DatasetGenerator(Evaluator teacher, SearchConfig search, long seed, Player behaviour, double teacherShare) {
        this.teacher = teacher;
        this.search = search;
        this.seed = seed;
        this.behaviour = behaviour;
        this.teacherShare = teacherShare;
    }

    /** Asks the threads to stop after their current game. */
    public void stop() {
        stop.set(true);
    }

    /** Plays games {@code writer.nextGame()} … {@code games − 1} into {@code writer}; returns false when stopped early. */
    public boolean run(DatasetWriter writer, long games, int threads, Progress progress) {
        AtomicLong next = new AtomicLong(writer.nextGame());
        Map<Long, DatasetFile.Game> waiting = new HashMap<>();
        Object lock = new Object();
        new Workers("g2048-dataset", threads).stopFlag(stop).run(t -> {
            TeacherGames own = new TeacherGames(teacher.forThread(), search,
                    behaviour == null ? null : behaviour.forThread(), teacherShare);
            long i;
            while (!stop.get() && (i = next.getAndIncrement()) < games) {
                DatasetFile.Game g = own.play(i, seed);
                synchronized (lock) {
                    waiting.put(i, g);
                    DatasetFile.Game ready;
                    while ((ready = waiting.remove(writer.nextGame())) != null) {
                        try {
                            writer.append(ready);
                        } catch (IOException e) {
                            throw new UncheckedIOException(writer.file() + ": " + e.getMessage(), e);
                        }
                        progress.written(writer.nextGame(), writer.positions(), ready);
                    }
                }
            }
        });
        return writer.nextGame() >= games;
    }

    /** The metadata that names what made a dataset: a rerun continues a file only with the same. */
    public static String meta(String teacher, int depth, long seed) {
        return "teacher=" + teacher + ";depth=" + depth + ";seed=" + seed;
    }

    /** As {@link #meta(String, int, long)} for the games of a behaviour player labelled by the teacher. */
    public static String meta(String teacher, int depth, long seed, String behaviour, double teacherShare) {
        return meta(teacher, depth, seed) + ";behaviour=" + behaviour + ";teacher-share=" + teacherShare;
    }
}
