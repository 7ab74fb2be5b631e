package g2048.tables;

import static g2048.solver.Layouts.DOUBLE;

import g2048.files.AtomicFile;
import g2048.solver.IdBuffer;
import g2048.solver.IdSet;
import g2048.solver.SolvedAge;
import g2048.solver.Parallel;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds one endgame table (a formation and a target) by the solver's age partition
 * ({@link g2048.solver.Solver}), in the game of {@link RegionGame}.
 *
 * <p><b>Forward.</b> The afterstates of age {@code a} are the moves of its states (those that make
 * the target are successes, not afterstates) and the seeds of that age: the free cells empty (age
 * 0) or holding one 2 or one 4 (ages 2 and 4), so that every position of one or two tiles is
 * reached. The states of age {@code a} are the 2-spawns of the afterstates of {@code a − 2} and the
 * 4-spawns of those of {@code a − 4}. Threads append to their own buffers, merged into sorted
 * off-heap {@link IdSet}s; each age goes to its {@code ids} file.
 *
 * <p><b>Backward.</b> From the oldest age down: an afterstate's value is the mean over its empty
 * cells of 0.9 × the 2-spawn's value + 0.1 × the 4-spawn's; a state's value is the best over its
 * legal moves (1 for a move that makes the target), 0 with none. Doubles in memory; afterstate
 * values go to the {@code values} files quantised ({@link Quantized}), state values exactly to the
 * {@code doubles} files at checkpoints. Every value is computed from the same numbers in the same
 * order whatever the threads or interruptions, so a resumed build writes identical files.
 *
 * <p>At the end {@link TableFile} gathers the afterstates and their values into one file and the
 * work directory is deleted.
 */
public final class TableBuilder {

    /** Told of each finished age. */
    public interface Progress {
        void forwardAge(int age, long states, long afters, double seconds);

        void backwardAge(int age, long statesDone, long statesTotal, double seconds);
    }

    /** Decides after each finished age whether to stop there (tests of interrupted builds). */
    public interface StopHook {
        boolean stopAfter(boolean forward, int age);
    }

    private static final int CHUNK = 4096;

    private final RegionGame game;
    private final Path work;
    private final Path out;
    private final int threads;
    private final WorkFiles files;
    private final IdBuffer[] buffers;
    private final List<Path> unsynced = new ArrayList<>();
    private StopHook hook = (forward, age) -> false;
    private final java.util.concurrent.atomic.AtomicBoolean stopRequested = new java.util.concurrent.atomic.AtomicBoolean();
    private long checkpointNanos = 2_000_000_000L;
    private long lastCheckpoint = System.nanoTime();

    /** A build of {@code game}'s table into {@code out}, its work in {@code work}. */
    public TableBuilder(RegionGame game, Path work, Path out, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        this.game = game;
        this.work = work;
        this.out = out;
        this.threads = threads;
        this.files = new WorkFiles(work, game);
        this.buffers = new IdBuffer[threads];
        for (int i = 0; i < threads; i++) {
            buffers[i] = new IdBuffer();
        }
    }

    public TableBuilder stopHook(StopHook h) {
        this.hook = h;
        return this;
    }

    /** Asks a running build to stop after the age at hand, checkpointed; safe from any thread (a shutdown hook). */
    public void requestStop() {
        stopRequested.set(true);
    }

    /** The table file of {@code game} in the directory {@code dir}: {@code NAME-TARGET.g2et}. */
    public static Path tableFile(Path dir, RegionGame game) {
        return dir.resolve(TableFile.fileName(game.formation(), game.target()));
    }

    /** A build of {@code game}'s table into {@code dir} ({@link #tableFile}), its work in {@code dir/work-NAME-TARGET}. */
    public static TableBuilder into(Path dir, RegionGame game, int threads) {
        return new TableBuilder(game, dir.resolve("work-" + game.formation().name() + "-" + game.target()),
                tableFile(dir, game), threads);
    }

    /** How often the manifest advances (default 2 s; 0: every age). */
    public TableBuilder checkpointEvery(double seconds) {
        this.checkpointNanos = (long) (seconds * 1e9);
        return this;
    }

    /** Runs or resumes the build; true when the table is complete, false when stopped by the hook. */
    public boolean run(Progress progress) throws IOException {
        if (Files.exists(out)) {
            return true;
        }
        Files.createDirectories(work);
        AtomicFile.deleteLeftovers(work);
        BuildManifest m = BuildManifest.read(work, game);
        if (m == null) {
            m = BuildManifest.fresh(game);
            m.write(work);
        }
        if (!m.forwardFinished()) {
            m = forward(m, progress);
            if (!m.forwardFinished()) {
                return false;
            }
        }
        if (!m.backwardFinished()) {
            m = backward(m, progress);
            if (!m.backwardFinished()) {
                return false;
            }
        }
        TableFile.write(out, game, files, m.lastAge());
        deleteWork();
        return true;
    }

    private void checkpoint(BuildManifest m, boolean force) throws IOException {
        if (!force && System.nanoTime() - lastCheckpoint < checkpointNanos) {
            return;
        }
        for (Path p : unsynced) {
            AtomicFile.force(p);
        }
        unsynced.clear();
        m.write(work);
        lastCheckpoint = System.nanoTime();
    }

    // ---------------------------------------------------------------- forward

    private BuildManifest forward(BuildManifest start, Progress progress) throws IOException {
        BuildManifest m = start;
        int done = m.forwardDone();
        IdSet after2 = done >= 0 ? readAfters(done) : IdSet.empty();
        IdSet after4 = done >= 2 ? readAfters(done - 2) : IdSet.empty();
        try {
            for (int age = done + 2; ; age += 2) {
                if (age > 4 && after2.size() == 0 && after4.size() == 0) {
                    m = m.withLastAge(age - 2);
                    checkpoint(m, true);
                    return m;
                }
                long t0 = System.nanoTime();
                IdSet states = spawns(after2, after4);
                IdSet afters = movesAndSeeds(states, age);
                unsynced.add(files.writeIds(age, states, afters));
                m = m.withForward(age, states.size(), afters.size());
                boolean stop = stopRequested.get() || hook.stopAfter(true, age);
                checkpoint(m, stop);
                progress.forwardAge(age, states.size(), afters.size(), (System.nanoTime() - t0) / 1e9);
                states.close();
                after4.close();
                after4 = after2;
                after2 = afters;
                if (stop) {
                    return m;
                }
            }
        } finally {
            after2.close();
            after4.close();
        }
    }

    private IdSet readAfters(int age) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            return files.readIds(age, arena).afters().decode();
        }
    }

    private IdSet spawns(IdSet after2, IdSet after4) {
        for (IdBuffer b : buffers) {
            b.clear();
        }
        long n2 = after2.size();
        Parallel.forRange(threads, n2 + after4.size(), CHUNK, (w, from, to) -> {
            IdBuffer buf = buffers[w];
            for (long i = from; i < to; i++) {
                long x = i < n2 ? after2.get(i) : after4.get(i - n2);
                long tile = i < n2 ? 1 : 2;
                for (long empty = game.emptyCells(x); empty != 0; empty &= empty - 1) {
                    buf.add(x | tile << Long.numberOfTrailingZeros(empty));
                }
            }
        });
        return IdSet.union(buffers);
    }

    private IdSet movesAndSeeds(IdSet states, int age) {
        for (IdBuffer b : buffers) {
            b.clear();
        }
        Parallel.forRange(threads, states.size(), CHUNK, (w, from, to) -> {
            IdBuffer buf = buffers[w];
            for (long i = from; i < to; i++) {
                long s = states.get(i);
                for (int d = 0; d < 4; d++) {
                    long a = game.after(s, d);
                    if (a >= 0) {
                        buf.add(a);
                    }
                }
            }
        });
        if (age == 0) {
            buffers[0].add(0);
        } else if (age <= 4) {
            for (int c = 0; c < game.freeCount(); c++) {
                buffers[0].add((long) (age / 2) << (4 * c));
            }
        }
        return IdSet.union(buffers);
    }

    // ---------------------------------------------------------------- backward

    private SolvedAge loadSolved(int age, int lastAge) throws IOException {
        if (age > lastAge) {
            return SolvedAge.empty();
        }
        IdSet ids;
        try (Arena map = Arena.ofConfined()) {
            ids = files.readIds(age, map).states().decode();
        }
        Arena arena = Arena.ofShared();
        return new SolvedAge(ids, files.readDoubles(age, ids.size(), arena), arena);
    }

    private BuildManifest backward(BuildManifest start, Progress progress) throws IOException {
        BuildManifest m = start;
        int last = m.lastAge();
        boolean fresh = m.backwardDone() == BuildManifest.NONE;
        int from = fresh ? last : m.backwardDone() - 2;
        SolvedAge s2 = fresh ? SolvedAge.empty() : loadSolved(from + 2, last);
        SolvedAge s4 = fresh ? SolvedAge.empty() : loadSolved(from + 4, last);
        long statesDone = 0;
        try {
            for (int age = from; age >= 0; age -= 2) {
                long t0 = System.nanoTime();
                IdSet states;
                IdSet afters;
                try (Arena map = Arena.ofConfined()) {
                    WorkFiles.Ids ids = files.readIds(age, map);
                    states = ids.states().decode();
                    afters = ids.afters().decode();
                }
                Arena arena = Arena.ofShared();
                MemorySegment afterValues = arena.allocate(Math.max(8, 8 * afters.size()), 8);
                afterValues(afters, afterValues, s2, s4);
                MemorySegment stateValues = arena.allocate(Math.max(8, 8 * states.size()), 8);
                stateValues(states, stateValues, afters, afterValues);
                unsynced.add(files.writeValues(age, afterValues, afters.size()));
                afters.close();
                m = m.withBackward(age);
                statesDone += states.size();
                s4.close();
                s4 = s2;
                s2 = new SolvedAge(states, stateValues, arena);
                boolean stop = age > 0 && (stopRequested.get() || hook.stopAfter(false, age));
                boolean due = stop || System.nanoTime() - lastCheckpoint >= checkpointNanos;
                if (age > 0 && due) {
                    // a resumed build needs the exact values of this age and the one above it
                    unsynced.add(files.writeDoubles(age, s2.values(), s2.ids().size()));
                    if (age + 2 <= last) {
                        unsynced.add(files.writeDoubles(age + 2, s4.values(), s4.ids().size()));
                    }
                }
                checkpoint(m, age == 0 || due);
                progress.backwardAge(age, statesDone, m.states(), (System.nanoTime() - t0) / 1e9);
                if (stop) {
                    return m;
                }
            }
            return m;
        } finally {
            s2.close();
            s4.close();
        }
    }

    private void afterValues(IdSet afters, MemorySegment out, SolvedAge s2, SolvedAge s4) {
        Parallel.forRange(threads, afters.size(), CHUNK, (w, from, to) -> {
            for (long i = from; i < to; i++) {
                long x = afters.get(i);
                double sum2 = 0;
                double sum4 = 0;
                int k = 0;
                for (long empty = game.emptyCells(x); empty != 0; empty &= empty - 1) {
                    int shift = Long.numberOfTrailingZeros(empty);
                    sum2 += s2.values().getAtIndex(DOUBLE, rank(s2.ids(), x | 1L << shift, x));
                    sum4 += s4.values().getAtIndex(DOUBLE, rank(s4.ids(), x | 2L << shift, x));
                    k++;
                }
                out.setAtIndex(DOUBLE, i, (0.9 * sum2 + 0.1 * sum4) / k);
            }
        });
    }

    private void stateValues(IdSet states, MemorySegment out, IdSet afters, MemorySegment afterValues) {
        Parallel.forRange(threads, states.size(), CHUNK, (w, from, to) -> {
            for (long i = from; i < to; i++) {
                long s = states.get(i);
                double best = 0;
                for (int d = 0; d < 4 && best < 1; d++) {
                    long a = game.after(s, d);
                    if (a == RegionGame.SUCCESS) {
                        best = 1;
                    } else if (a >= 0) {
                        best = Math.max(best, afterValues.getAtIndex(DOUBLE, rank(afters, a, s)));
                    }
                }
                out.setAtIndex(DOUBLE, i, best);
            }
        });
    }

    private static long rank(IdSet set, long key, long from) {
        long r = set.rank(key);
        if (r < 0) {
            throw new IllegalStateException("position " + Long.toHexString(key) + " (from " + Long.toHexString(from)
                    + ") is missing from the forward pass's output; the build's work directory is inconsistent");
        }
        return r;
    }

    private void deleteWork() throws IOException {
        try (var list = Files.list(work)) {
            for (Path p : list.toList()) {
                Files.delete(p);
            }
        }
        Files.delete(work);
    }
}
