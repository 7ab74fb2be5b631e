package g2048.tables;

import static g2048.solver.Layouts.DOUBLE;

import g2048.files.AtomicFile;
import g2048.solver.AgePasses;
import g2048.solver.IdBuffer;
import g2048.solver.IdSet;
import g2048.solver.SolvedAge;
import g2048.solver.Parallel;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Builds one endgame table (a formation and a target) by the solver's age partition
 * ({@link g2048.solver.Solver}; the passes' skeleton is {@link AgePasses}), in the game of {@link RegionGame}.
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
    public interface StopHook extends AgePasses.StopHook {
    }

    private static final int CHUNK = 4096;

    private final RegionGame game;
    private final Path work;
    private final Path out;
    private final int threads;
    private final WorkFiles files;
    private final IdBuffer[] buffers;
    private final AgePasses passes = new AgePasses(new Steps());
    /** The manifest as the passes advance it (written at their checkpoints). */
    private BuildManifest manifest;
    private Progress progress;
    private long statesDone;

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
        passes.stopHook(h);
        return this;
    }

    /** Asks a running build to stop after the age at hand, checkpointed; safe from any thread (a shutdown hook). */
    public void requestStop() {
        passes.requestStop();
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
        passes.checkpointEvery(seconds);
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
        manifest = m;
        this.progress = progress;
        if (!m.forwardFinished() && !passes.forward(m.forwardDone(), 0)) {
            return false;
        }
        m = manifest;
        statesDone = 0;
        if (!m.backwardFinished()
                && !passes.backward(m.lastAge(), m.backwardDone() == BuildManifest.NONE ? m.lastAge() + 2 : m.backwardDone())) {
            return false;
        }
        TableFile.write(out, game, files, manifest.lastAge());
        deleteWork();
        return true;
    }

    /** The table's side of the passes: {@link RegionGame}'s positions, the work directory's files and manifest. */
    private final class Steps implements AgePasses.Steps {
        @Override
        public int firstAge() {
            return 0;
        }

        @Override
        public int lastSeedAge() {
            return RegionGame.LAST_SEED_AGE;
        }

        @Override
        public IdSet states(IdSet after2, IdSet after4, int age) {
            return spawns(after2, after4);
        }

        @Override
        public IdSet afters(IdSet states, int age) {
            return movesAndSeeds(states, age);
        }

        @Override
        public void afterValues(IdSet afters, MemorySegment out, SolvedAge s2, SolvedAge s4) {
            TableBuilder.this.afterValues(afters, out, s2, s4);
        }

        @Override
        public void stateValues(IdSet states, MemorySegment out, IdSet afters, MemorySegment afterValues) {
            TableBuilder.this.stateValues(states, out, afters, afterValues);
        }

        @Override
        public AgePasses.MappedIds mapIds(int age, Arena arena) throws IOException {
            WorkFiles.Ids ids = files.readIds(age, arena);
            return new AgePasses.MappedIds(ids.states()::decode, ids.afters()::decode);
        }

        @Override
        public MemorySegment readDoubles(int age, long n, Arena arena) throws IOException {
            return files.readDoubles(age, n, arena);
        }

        @Override
        public Path forwardAge(int age, IdSet states, IdSet afters) throws IOException {
            Path file = files.writeIds(age, states, afters);
            manifest = manifest.withForward(age, states.size(), afters.size());
            return file;
        }

        @Override
        public void forwardFinished(int lastAge) {
            manifest = manifest.withLastAge(lastAge);
        }

        @Override
        public Path backwardAge(int age, IdSet states, MemorySegment stateValues, IdSet afters, MemorySegment afterValues)
                throws IOException {
            Path file = files.writeValues(age, afterValues, afters.size());
            manifest = manifest.withBackward(age);
            return file;
        }

        @Override
        public Path writeDoubles(int age, MemorySegment values, long n) throws IOException {
            return files.writeDoubles(age, values, n);
        }

        @Override
        public void writeManifest() throws IOException {
            manifest.write(work);
        }

        @Override
        public void reportForward(int age, IdSet states, IdSet afters, double seconds) {
            progress.forwardAge(age, states.size(), afters.size(), seconds);
        }

        @Override
        public void reportBackward(int age, long states, double seconds) {
            statesDone += states;
            progress.backwardAge(age, statesDone, manifest.states(), seconds);
        }
    }

    // ---------------------------------------------------------------- the loops

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
        for (long seed : game.seeds(age)) {
            buffers[0].add(seed);
        }
        return IdSet.union(buffers);
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
                out.setAtIndex(DOUBLE, i, RegionGame.spawnMean(sum2, sum4, k));
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
