package g2048.solver;

import static g2048.solver.Layouts.DOUBLE;

import g2048.game.Shape;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Solves a small board exactly, age by age, into a solution directory; an interrupted run resumes
 * from the last complete age (see {@link Manifest}) and writes identical files.
 *
 * <p><b>Forward.</b> The states of age {@code a} are the 2-spawns of the afterstates of age
 * {@code a − 2}, the 4-spawns of those of age {@code a − 4}, and the initial states of that age
 * (two tiles on an empty board, ages 4, 6 and 8); the afterstates of age {@code a} are the moves of
 * its states. So only the afterstates of the two previous ages and the age at hand are in memory.
 * Every ID is normalised over the shape's symmetries; the threads append to their own buffers,
 * which are then sorted and merged by union into an off-heap {@link IdSet}. Each finished age goes
 * to {@code ids-AGE.bin}.
 *
 * <p><b>Backward.</b> From the oldest age down: an afterstate's value is the expectation over every
 * empty cell (uniform) and tile (2: 0.9, 4: 0.1) of the spawned state's value, looked up by rank in
 * the states of age {@code a + 2} or {@code a + 4}; a state's value is the maximum over its legal
 * moves of reward + afterstate value, 0 when no move is legal. Values are doubles in memory; they
 * go to {@code values-AGE.bin} as scaled integers, and the exact doubles of the two youngest
 * finished ages to {@code work/} so that a resumed run computes from the same numbers.
 *
 * <p>The passes' skeleton is {@link AgePasses}'s, shared with the endgame tables; the per-position
 * loops are {@link SolverKernels}'.
 */
public final class Solver {

    /** Told of each finished age. */
    public interface Progress {
        void forwardAge(int age, long states, long afterstates, long terminal, double seconds);

        void backwardAge(int age, double bestAfterstateValue, double seconds);

        /** A remark on the directory (a manifest of an earlier release checked and rewritten). */
        default void note(String line) {
        }

        /** Progress that reports nothing. */
        static Progress quiet() {
            return new Progress() {
                @Override
                public void forwardAge(int age, long states, long afterstates, long terminal, double seconds) {
                }

                @Override
                public void backwardAge(int age, double bestAfterstateValue, double seconds) {
                }
            };
        }
    }

    /** Decides after each finished age whether to stop there (for tests of interrupted runs). */
    public interface StopHook extends AgePasses.StopHook {
    }

    /** How a run ended. */
    public enum Outcome { SOLVED, STOPPED_AT_MAX_AGE, STOPPED }

    private final Shape shape;
    private final Path dir;
    private final SolverKernels kernels;
    private final AgePasses passes;
    private int maxAge;
    /** The manifest as the passes advance it (written at their checkpoints). */
    private Manifest manifest;
    private Progress progress = Progress.quiet();
    private long lastTerminal;
    private double lastBest;

    public Solver(Shape shape, Path dir, int threads) {
        if (shape.rows() == 4 && shape.cols() == 4) {
            throw new IllegalArgumentException("shape 4x4 is beyond this solver: expected a board of at most 12 cells (2x2 .. 4x3)");
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        this.shape = shape;
        this.dir = dir;
        this.kernels = new SolverKernels(shape, threads);
        this.passes = new AgePasses(new Steps());
    }

    /** Stops the forward pass after this age (0: no limit); the backward pass then does not run. */
    public Solver maxAge(int age) {
        this.maxAge = age;
        return this;
    }

    /**
     * How often the manifest is advanced (default 2 s): the files written since the last checkpoint
     * are forced to disk, then the manifest names their ages complete. 0 checkpoints every age.
     */
    public Solver checkpointEvery(double seconds) {
        passes.checkpointEvery(seconds);
        return this;
    }

    public Solver stopHook(StopHook h) {
        passes.stopHook(h);
        return this;
    }

    /** Asks a running solve to stop after the age at hand; safe from any thread (e.g. a shutdown hook). */
    public void requestStop() {
        passes.requestStop();
    }

    /** Runs or resumes the solve. */
    public Outcome run(Progress progress) throws IOException {
        Files.createDirectories(dir);
        Manifest.Read read = Manifest.readAllowingLegacy(dir);
        Manifest m;
        if (read == null) {
            m = Manifest.fresh(shape);
            m.write(dir);
        } else {
            m = read.manifest();
            if (!m.shape().equals(shape)) {
                throw new IllegalArgumentException(dir + " holds a " + m.shape() + " solution, not " + shape);
            }
            if (!read.checksummed()) {
                ManifestCheck.againstFiles(dir, m);
                m.write(dir);
                progress.note(dir.resolve(Manifest.FILE) + ": written by an earlier release without a checksum;"
                        + " checked against the age files and rewritten with one");
            }
        }
        manifest = m;
        this.progress = progress;
        if (!m.forwardFinished()) {
            int done = m.forwardComplete() == 0 ? Manifest.FIRST_AGE - 2 : m.forwardComplete();
            if (!passes.forward(done, maxAge)) {
                return maxAge > 0 && manifest.forwardComplete() >= maxAge ? Outcome.STOPPED_AT_MAX_AGE : Outcome.STOPPED;
            }
        }
        m = manifest;
        if (!m.done()) {
            Files.createDirectories(dir.resolve("work"));
            if (!passes.backward(m.lastAge(), m.backwardComplete() == 0 ? m.lastAge() + 2 : m.backwardComplete())) {
                return Outcome.STOPPED;
            }
        }
        return Outcome.SOLVED;
    }

    /** Where this run's time went, in seconds. */
    public record PhaseTimes(double spawn, double spawnMerge, double moves, double afterstateValues, double stateValues,
                             double readBack) {
        @Override
        public String toString() {
            return String.format(java.util.Locale.ROOT,
                    "forward: spawn %.1f s (of which sort+merge %.1f s), moves %.1f s; backward: afterstate values %.1f s,"
                    + " state values %.1f s, reading ages %.1f s", spawn, spawnMerge, moves, afterstateValues, stateValues, readBack);
        }
    }

    public PhaseTimes phaseTimes() {
        return new PhaseTimes(passes.statesSeconds(), kernels.mergeNanos / 1e9, passes.aftersSeconds(),
                passes.afterValuesSeconds(), passes.stateValuesSeconds(), passes.readBackSeconds());
    }

    /** The solver's side of the passes: the shape's game, the solution directory's files and manifest. */
    private final class Steps implements AgePasses.Steps {
        @Override
        public int firstAge() {
            return Manifest.FIRST_AGE;
        }

        @Override
        public int lastSeedAge() {
            return 8;
        }

        @Override
        public IdSet states(IdSet after2, IdSet after4, int age) {
            return kernels.spawnAll(after2, after4, age);
        }

        @Override
        public IdSet afters(IdSet states, int age) {
            long[] terminal = new long[kernels.threads()];
            IdSet afters = kernels.movesOf(states, terminal);
            lastTerminal = 0;
            for (long t : terminal) {
                lastTerminal += t;
            }
            return afters;
        }

        @Override
        public void afterValues(IdSet afters, MemorySegment out, SolvedAge s2, SolvedAge s4) {
            kernels.afterValuesOf(afters, out, s2, s4);
        }

        @Override
        public void stateValues(IdSet states, MemorySegment out, IdSet afters, MemorySegment afterValues) {
            kernels.stateValuesOf(states, out, afters, afterValues);
        }

        @Override
        public AgePasses.MappedIds mapIds(int age, Arena arena) throws IOException {
            AgeFiles.Ids ids = AgeFiles.readIds(dir, shape, age, arena);
            return new AgePasses.MappedIds(ids::decodeStates, ids::decodeAfters);
        }

        @Override
        public MemorySegment readDoubles(int age, long n, Arena arena) throws IOException {
            return AgeFiles.readDoubles(dir, shape, age, n, arena);
        }

        @Override
        public Path forwardAge(int age, IdSet states, IdSet afters) throws IOException {
            Path file = AgeFiles.writeIds(dir, shape, age, states, afters, lastTerminal);
            manifest = manifest.withForward(age);
            return file;
        }

        @Override
        public void forwardFinished(int lastAge) {
            manifest = manifest.withForwardFinished(lastAge);
        }

        @Override
        public Path backwardAge(int age, IdSet states, MemorySegment stateValues, IdSet afters, MemorySegment afterValues)
                throws IOException {
            double best = Double.NaN;
            for (long i = 0; i < afters.size(); i++) {
                double v = afterValues.getAtIndex(DOUBLE, i);
                best = Double.isNaN(best) ? v : Math.max(best, v);
            }
            lastBest = best;
            Path file = AgeFiles.writeValues(dir, shape, age, stateValues, states.size(), afterValues, afters.size(), best);
            manifest = manifest.withBackward(age);
            return file;
        }

        @Override
        public Path writeDoubles(int age, MemorySegment values, long n) throws IOException {
            return AgeFiles.writeDoubles(dir, shape, age, values, n);
        }

        @Override
        public void writeManifest() throws IOException {
            manifest.write(dir);
        }

        @Override
        public void backwardCheckpointed(int age) throws IOException {
            deleteWork(age);
        }

        @Override
        public void reportForward(int age, IdSet states, IdSet afters, double seconds) {
            progress.forwardAge(age, states.size(), afters.size(), lastTerminal, seconds);
        }

        @Override
        public void reportBackward(int age, long states, double seconds) {
            progress.backwardAge(age, lastBest, seconds);
        }
    }

    /** Deletes the backward checkpoints other than those of {@code keep} and {@code keep + 2} (all if keep < 0). */
    private void deleteWork(int keep) throws IOException {
        Path work = dir.resolve("work");
        if (!Files.isDirectory(work)) {
            return;
        }
        try (var files = Files.list(work)) {
            for (Path p : files.toList()) {
                if (keep < 0 || !(p.equals(AgeFiles.doublesFile(dir, keep)) || p.equals(AgeFiles.doublesFile(dir, keep + 2)))) {
                    Files.delete(p);
                }
            }
        }
        if (keep < 0) {
            Files.delete(work);
        }
    }
}
