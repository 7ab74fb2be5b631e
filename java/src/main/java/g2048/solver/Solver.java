package g2048.solver;

import static g2048.solver.Layouts.DOUBLE;

import g2048.files.AtomicFile;
import g2048.game.Board;
import g2048.game.Moves;
import g2048.game.Shape;
import g2048.game.Spawns;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

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
    public interface StopHook {
        boolean stopAfter(boolean forward, int age);
    }

    /** How a run ended. */
    public enum Outcome { SOLVED, STOPPED_AT_MAX_AGE, STOPPED }

    private final Shape shape;
    private final Path dir;
    private final int threads;
    private final Moves moves;
    private final Normalizer normalizer;
    private final long cellMask;
    private final AtomicBoolean stopRequested = new AtomicBoolean();
    private final IdBuffer[] buffers;
    /** Nanoseconds by phase: spawn (of which the merge), moves, afterstate values, state values, reading ages back. */
    private final long[] phaseNanos = new long[6];
    private int maxAge;
    private long checkpointNanos = 2_000_000_000L;
    private long lastCheckpoint = System.nanoTime();
    private final java.util.List<Path> unsynced = new java.util.ArrayList<>();
    private StopHook hook = (forward, age) -> false;

    public Solver(Shape shape, Path dir, int threads) {
        if (shape.rows() == 4 && shape.cols() == 4) {
            throw new IllegalArgumentException("shape 4x4 is beyond this solver: expected a board of at most 12 cells (2x2 .. 4x3)");
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        this.shape = shape;
        this.dir = dir;
        this.threads = threads;
        this.moves = Moves.of(shape);
        this.normalizer = new Normalizer(shape);
        this.cellMask = shape.cellMask();
        this.buffers = new IdBuffer[threads];
        for (int i = 0; i < threads; i++) {
            buffers[i] = new IdBuffer();
        }
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
        this.checkpointNanos = (long) (seconds * 1e9);
        return this;
    }

    public Solver stopHook(StopHook h) {
        this.hook = h;
        return this;
    }

    /** Asks a running solve to stop after the age at hand; safe from any thread (e.g. a shutdown hook). */
    public void requestStop() {
        stopRequested.set(true);
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
        if (!m.forwardFinished()) {
            m = forward(m, progress);
            if (!m.forwardFinished()) {
                return maxAge > 0 && m.forwardComplete() >= maxAge ? Outcome.STOPPED_AT_MAX_AGE : Outcome.STOPPED;
            }
        }
        if (!m.done()) {
            m = backward(m, progress);
            if (!m.done()) {
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
        return new PhaseTimes(phaseNanos[0] / 1e9, phaseNanos[2] / 1e9, phaseNanos[1] / 1e9, phaseNanos[3] / 1e9,
                phaseNanos[4] / 1e9, phaseNanos[5] / 1e9);
    }

    private boolean checkpointDue() {
        return System.nanoTime() - lastCheckpoint >= checkpointNanos;
    }

    /** Forces the files written since the last checkpoint, then writes the manifest that names them. */
    private void checkpoint(Manifest m) throws IOException {
        for (Path p : unsynced) {
            AtomicFile.force(p);
        }
        unsynced.clear();
        m.write(dir);
        lastCheckpoint = System.nanoTime();
    }

    private boolean shouldStop(boolean forward, int age) {
        return stopRequested.get() || hook.stopAfter(forward, age);
    }

    // ---------------------------------------------------------------- forward

    private Manifest forward(Manifest manifest, Progress progress) throws IOException {
        Manifest m = manifest;
        int done = m.forwardComplete();
        IdSet after2 = done >= Manifest.FIRST_AGE ? readAfters(done) : IdSet.empty();
        IdSet after4 = done - 2 >= Manifest.FIRST_AGE ? readAfters(done - 2) : IdSet.empty();
        try {
            for (int age = done == 0 ? Manifest.FIRST_AGE : done + 2; ; age += 2) {
                if (age > 8 && after2.size() == 0 && after4.size() == 0) {
                    m = m.withForwardFinished(age - 2);
                    checkpoint(m);
                    return m;
                }
                if (maxAge > 0 && age > maxAge) {
                    checkpoint(m);
                    return m;
                }
                long t0 = System.nanoTime();
                IdSet states = spawnAll(after2, after4, age);
                long t1 = System.nanoTime();
                long[] terminal = new long[threads];
                IdSet afters = movesOf(states, terminal);
                phaseNanos[0] += t1 - t0;
                phaseNanos[1] += System.nanoTime() - t1;
                long term = 0;
                for (long t : terminal) {
                    term += t;
                }
                unsynced.add(AgeFiles.writeIds(dir, shape, age, states, afters, term));
                m = m.withForward(age);
                boolean stop = shouldStop(true, age);
                if (stop || checkpointDue()) {
                    checkpoint(m);
                }
                progress.forwardAge(age, states.size(), afters.size(), term, (System.nanoTime() - t0) / 1e9);
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
            return AgeFiles.readIds(dir, shape, age, arena).decodeAfters();
        }
    }

    private IdSet readStates(int age, Arena arena) throws IOException {
        return AgeFiles.readIds(dir, shape, age, arena).decodeStates();
    }

    /** The states of {@code age}: 2-spawns of {@code after2}, 4-spawns of {@code after4}, initial states. */
    private IdSet spawnAll(IdSet after2, IdSet after4, int age) {
        for (IdBuffer b : buffers) {
            b.clear();
        }
        long n2 = after2.size();
        long total = n2 + after4.size();
        Parallel.forRange(threads, total, 4096, (w, from, to) -> {
            IdBuffer out = buffers[w];
            for (long i = from; i < to; i++) {
                long x;
                long tile;
                if (i < n2) {
                    x = after2.get(i);
                    tile = 1;
                } else {
                    x = after4.get(i - n2);
                    tile = 2;
                }
                long empty = Board.emptyCells(x, cellMask);
                while (empty != 0) {
                    int shift = Long.numberOfTrailingZeros(empty);
                    empty &= empty - 1;
                    out.add(normalizer.normalize(x | (tile << shift)));
                }
            }
        });
        if (age <= 8) {
            addInitialStates(age, buffers[0]);
        }
        long tu = System.nanoTime();
        IdSet u = IdSet.union(buffers);
        phaseNanos[2] += System.nanoTime() - tu;
        return u;
    }

    private void addInitialStates(int age, IdBuffer out) {
        int[] cells = cellsOf(shape);
        for (int i = 0; i < cells.length; i++) {
            for (int j = 0; j < cells.length; j++) {
                if (i == j) {
                    continue;
                }
                for (int ci = 1; ci <= 2; ci++) {
                    for (int cj = 1; cj <= 2; cj++) {
                        if ((1 << ci) + (1 << cj) == age) {
                            long b = ((long) ci << (4 * cells[i])) | ((long) cj << (4 * cells[j]));
                            out.add(normalizer.normalize(b));
                        }
                    }
                }
            }
        }
    }

    /** The nibble index of every cell of the shape, row-major. */
    static int[] cellsOf(Shape shape) {
        int[] cells = new int[shape.cells()];
        int k = 0;
        for (int r = 0; r < shape.rows(); r++) {
            for (int c = 0; c < shape.cols(); c++) {
                cells[k++] = Shape.nibble(r, c);
            }
        }
        return cells;
    }

    private IdSet movesOf(IdSet states, long[] terminal) {
        for (IdBuffer b : buffers) {
            b.clear();
        }
        Parallel.forRange(threads, states.size(), 4096, (w, from, to) -> {
            IdBuffer out = buffers[w];
            long term = 0;
            for (long i = from; i < to; i++) {
                long s = states.get(i);
                boolean any = false;
                for (int d = 0; d < 4; d++) {
                    long a = moves.move(s, d);
                    if (a != s) {
                        out.add(normalizer.normalize(a));
                        any = true;
                    }
                }
                if (!any) {
                    term++;
                }
            }
            synchronized (terminal) {
                terminal[w] += term;
            }
        });
        return IdSet.union(buffers);
    }

    // ---------------------------------------------------------------- backward

    private SolvedAge loadSolved(int age, int lastAge) throws IOException {
        if (age > lastAge) {
            return SolvedAge.empty();
        }
        IdSet ids;
        try (Arena map = Arena.ofConfined()) {
            ids = readStates(age, map);
        }
        Arena arena = Arena.ofShared();
        return new SolvedAge(ids, AgeFiles.readDoubles(dir, shape, age, ids.size(), arena), arena);
    }

    private Manifest backward(Manifest manifest, Progress progress) throws IOException {
        Manifest m = manifest;
        Files.createDirectories(dir.resolve("work"));
        int last = m.lastAge();
        int start = m.backwardComplete() == 0 ? last : m.backwardComplete() - 2;
        SolvedAge s2 = m.backwardComplete() == 0 ? SolvedAge.empty() : loadSolved(start + 2, last);
        SolvedAge s4 = m.backwardComplete() == 0 ? SolvedAge.empty() : loadSolved(start + 4, last);
        try {
            for (int age = start; age >= Manifest.FIRST_AGE; age -= 2) {
                long t0 = System.nanoTime();
                IdSet states;
                IdSet afters;
                try (Arena map = Arena.ofConfined()) {
                    AgeFiles.Ids ids = AgeFiles.readIds(dir, shape, age, map);
                    states = ids.decodeStates();
                    afters = ids.decodeAfters();
                }
                Arena arena = Arena.ofShared();
                MemorySegment afterValues = arena.allocate(Math.max(8, 8 * afters.size()), 8);
                long tb = System.nanoTime();
                afterValuesOf(afters, afterValues, s2, s4);
                long tc = System.nanoTime();
                MemorySegment stateValues = arena.allocate(Math.max(8, 8 * states.size()), 8);
                stateValuesOf(states, stateValues, afters, afterValues);
                phaseNanos[3] += tc - tb;
                phaseNanos[4] += System.nanoTime() - tc;
                phaseNanos[5] += tb - t0;
                double best = Double.NaN;
                for (long i = 0; i < afters.size(); i++) {
                    double v = afterValues.getAtIndex(DOUBLE, i);
                    best = Double.isNaN(best) ? v : Math.max(best, v);
                }
                unsynced.add(AgeFiles.writeValues(dir, shape, age, stateValues, states.size(), afterValues, afters.size(), best));
                m = m.withBackward(age);
                afters.close();
                progress.backwardAge(age, best, (System.nanoTime() - t0) / 1e9);
                s4.close();
                s4 = s2;
                s2 = new SolvedAge(states, stateValues, arena);
                boolean stop = age > Manifest.FIRST_AGE && shouldStop(false, age);
                if (age == Manifest.FIRST_AGE) {
                    checkpoint(m);
                    deleteWork(-1);
                } else if (stop || checkpointDue()) {
                    // A resumed run needs the exact values of this age and the one before.
                    unsynced.add(AgeFiles.writeDoubles(dir, shape, age, s2.values(), s2.ids().size()));
                    if (age + 2 <= last) {
                        unsynced.add(AgeFiles.writeDoubles(dir, shape, age + 2, s4.values(), s4.ids().size()));
                    }
                    checkpoint(m);
                    deleteWork(age);
                }
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

    private void afterValuesOf(IdSet afters, MemorySegment out, SolvedAge s2, SolvedAge s4) {
        IdSet ids2 = s2.ids();
        IdSet ids4 = s4.ids();
        MemorySegment v2 = s2.values();
        MemorySegment v4 = s4.values();
        double pTwo = Spawns.P_TWO;
        double pFour = 1 - Spawns.P_TWO;
        Parallel.forRange(threads, afters.size(), 4096, (w, from, to) -> {
            for (long i = from; i < to; i++) {
                long x = afters.get(i);
                long empty = Board.emptyCells(x, cellMask);
                int k = Long.bitCount(empty);
                double sum2 = 0;
                double sum4 = 0;
                while (empty != 0) {
                    int shift = Long.numberOfTrailingZeros(empty);
                    empty &= empty - 1;
                    sum2 += v2.getAtIndex(DOUBLE, lookup(ids2, normalizer.normalize(x | (1L << shift)), x));
                    sum4 += v4.getAtIndex(DOUBLE, lookup(ids4, normalizer.normalize(x | (2L << shift)), x));
                }
                out.setAtIndex(DOUBLE, i, (pTwo * sum2 + pFour * sum4) / k);
            }
        });
    }

    private static long lookup(IdSet set, long id, long from) {
        long r = set.rank(id);
        if (r < 0) {
            throw new IllegalStateException("board " + Long.toHexString(id) + " (from " + Long.toHexString(from)
                    + ") is missing from the forward pass's output; the solution directory is inconsistent");
        }
        return r;
    }

    private void stateValuesOf(IdSet states, MemorySegment out, IdSet afters, MemorySegment afterValues) {
        Parallel.forRange(threads, states.size(), 4096, (w, from, to) -> {
            for (long i = from; i < to; i++) {
                long s = states.get(i);
                double best = 0;
                // The four moves spelled out: each afterstate is computed once and its reward only when legal.
                long a = moves.up(s);
                if (a != s) {
                    best = Math.max(best, moves.reward(s, 0) + afterValue(afters, afterValues, a, s));
                }
                a = moves.right(s);
                if (a != s) {
                    best = Math.max(best, moves.reward(s, 1) + afterValue(afters, afterValues, a, s));
                }
                a = moves.down(s);
                if (a != s) {
                    best = Math.max(best, moves.reward(s, 2) + afterValue(afters, afterValues, a, s));
                }
                a = moves.left(s);
                if (a != s) {
                    best = Math.max(best, moves.reward(s, 3) + afterValue(afters, afterValues, a, s));
                }
                out.setAtIndex(DOUBLE, i, best);
            }
        });
    }

    private double afterValue(IdSet afters, MemorySegment afterValues, long after, long from) {
        return afterValues.getAtIndex(DOUBLE, lookup(afters, normalizer.normalize(after), from));
    }
}
