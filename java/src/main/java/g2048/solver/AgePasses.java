package g2048.solver;

import g2048.files.AtomicFile;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * The forward and backward passes over a game partitioned by age (the sum of the tiles: a move keeps
 * it, a spawn adds 2 or 4), shared by {@link Solver} and the endgame tables' builder.
 *
 * <p><b>Forward.</b> The states of age {@code a} come from the afterstates of ages {@code a − 2} and
 * {@code a − 4} (and the game's seeds), its afterstates from its states; each age is written, and the
 * pass ends after two ages without afterstates beyond the last seeded age.
 *
 * <p><b>Backward.</b> From the oldest age down, the afterstates' values from the solved states of the
 * two ages above and the states' from the afterstates'. At a checkpoint the exact state values of the
 * age at hand and the one above go to disk with the files written since the last checkpoint, then the
 * manifest names the age done, so that a killed run resumes from the same numbers and writes identical
 * files.
 *
 * <p>What differs between the games (their moves, symmetries and seeds, their files, manifests and
 * reports) is a {@link Steps}. Its per-position loops are called once an age, so each stays
 * monomorphic.
 */
public final class AgePasses {

    /** A game's side of the passes. */
    public interface Steps {
        /** The youngest age holding states. */
        int firstAge();

        /** The oldest age holding seeds (positions not reached by a spawn): the forward pass runs at least that far. */
        int lastSeedAge();

        /** The states of {@code age}: the 2-spawns of {@code after2}, the 4-spawns of {@code after4}, the seeds. */
        IdSet states(IdSet after2, IdSet after4, int age);

        /** The afterstates of {@code age}: the moves of its states (and its seeds). */
        IdSet afters(IdSet states, int age);

        /** Each afterstate's value, the spawn average over the solved states of the two ages above. */
        void afterValues(IdSet afters, MemorySegment out, SolvedAge s2, SolvedAge s4);

        /** Each state's value, its best move's. */
        void stateValues(IdSet states, MemorySegment out, IdSet afters, MemorySegment afterValues);

        /** The ids file of {@code age} as written by the forward pass, mapped in {@code arena}. */
        MappedIds mapIds(int age, Arena arena) throws IOException;

        /** The exact state values of {@code age} written at a backward checkpoint. */
        MemorySegment readDoubles(int age, long n, Arena arena) throws IOException;

        /** Writes {@code age}'s ids and records it in the manifest; the file written, to force at the next checkpoint. */
        Path forwardAge(int age, IdSet states, IdSet afters) throws IOException;

        /** Records in the manifest that the forward pass is finished, {@code lastAge} the oldest age. */
        void forwardFinished(int lastAge);

        /** Writes {@code age}'s values and records it in the manifest; the file written. */
        Path backwardAge(int age, IdSet states, MemorySegment stateValues, IdSet afters, MemorySegment afterValues)
                throws IOException;

        /** Writes the exact state values of {@code age}; the file written. */
        Path writeDoubles(int age, MemorySegment values, long n) throws IOException;

        /** Writes the manifest as recorded (every file it names is on disk). */
        void writeManifest() throws IOException;

        /** Told after each age's checkpoint of the backward pass, {@code age} −1 after the last. */
        default void backwardCheckpointed(int age) throws IOException {
        }

        /** Told of each finished age, after its checkpoint if it had one. */
        void reportForward(int age, IdSet states, IdSet afters, double seconds);

        /** Told of each finished age, after its checkpoint if it had one. */
        void reportBackward(int age, long states, double seconds);
    }

    /** An age's ids file, mapped and checked: its states and afterstates decoded on demand. */
    public record MappedIds(Supplier<IdSet> states, Supplier<IdSet> afters) {
    }

    /** Decides after each finished age whether to stop there (for tests of interrupted runs). */
    public interface StopHook {
        boolean stopAfter(boolean forward, int age);
    }

    private final Steps steps;
    private final AtomicBoolean stopRequested = new AtomicBoolean();
    private final List<Path> unsynced = new ArrayList<>();
    /** Nanoseconds by phase: states, afterstates, reading ages back, afterstate values, state values. */
    private final long[] phaseNanos = new long[5];
    private StopHook hook = (forward, age) -> false;
    private long checkpointNanos = 2_000_000_000L;
    private long lastCheckpoint = System.nanoTime();

    public AgePasses(Steps steps) {
        this.steps = steps;
    }

    public void stopHook(StopHook h) {
        this.hook = h;
    }

    /** How often the manifest is advanced (default 2 s; 0: every age). */
    public void checkpointEvery(double seconds) {
        this.checkpointNanos = (long) (seconds * 1e9);
    }

    /** Asks a running pass to stop after the age at hand; safe from any thread (e.g. a shutdown hook). */
    public void requestStop() {
        stopRequested.set(true);
    }

    /** Seconds spent making states in the forward pass. */
    public double statesSeconds() {
        return phaseNanos[0] / 1e9;
    }

    /** Seconds spent making afterstates in the forward pass. */
    public double aftersSeconds() {
        return phaseNanos[1] / 1e9;
    }

    /** Seconds spent reading ages back in the backward pass. */
    public double readBackSeconds() {
        return phaseNanos[2] / 1e9;
    }

    /** Seconds spent on afterstate values in the backward pass. */
    public double afterValuesSeconds() {
        return phaseNanos[3] / 1e9;
    }

    /** Seconds spent on state values in the backward pass. */
    public double stateValuesSeconds() {
        return phaseNanos[4] / 1e9;
    }

    private boolean checkpointDue() {
        return System.nanoTime() - lastCheckpoint >= checkpointNanos;
    }

    /** Forces the files written since the last checkpoint, then writes the manifest that names them. */
    private void checkpoint() throws IOException {
        for (Path p : unsynced) {
            AtomicFile.force(p);
        }
        unsynced.clear();
        steps.writeManifest();
        lastCheckpoint = System.nanoTime();
    }

    private boolean shouldStop(boolean forward, int age) {
        return stopRequested.get() || hook.stopAfter(forward, age);
    }

    /**
     * Runs or resumes the forward pass after age {@code done} ({@code firstAge() − 2}: none yet), up to
     * {@code maxAge} (0: no limit); returns whether it finished (else it stopped, checkpointed).
     */
    public boolean forward(int done, int maxAge) throws IOException {
        int first = steps.firstAge();
        IdSet after2 = done >= first ? readAfters(done) : IdSet.empty();
        IdSet after4 = done - 2 >= first ? readAfters(done - 2) : IdSet.empty();
        try {
            for (int age = done + 2; ; age += 2) {
                if (age > steps.lastSeedAge() && after2.size() == 0 && after4.size() == 0) {
                    steps.forwardFinished(age - 2);
                    checkpoint();
                    return true;
                }
                if (maxAge > 0 && age > maxAge) {
                    checkpoint();
                    return false;
                }
                long t0 = System.nanoTime();
                IdSet states = steps.states(after2, after4, age);
                long t1 = System.nanoTime();
                IdSet afters = steps.afters(states, age);
                phaseNanos[0] += t1 - t0;
                phaseNanos[1] += System.nanoTime() - t1;
                unsynced.add(steps.forwardAge(age, states, afters));
                boolean stop = shouldStop(true, age);
                if (stop || checkpointDue()) {
                    checkpoint();
                }
                steps.reportForward(age, states, afters, (System.nanoTime() - t0) / 1e9);
                states.close();
                after4.close();
                after4 = after2;
                after2 = afters;
                if (stop) {
                    return false;
                }
            }
        } finally {
            after2.close();
            after4.close();
        }
    }

    private IdSet readAfters(int age) throws IOException {
        try (Arena map = Arena.ofConfined()) {
            return steps.mapIds(age, map).afters().get();
        }
    }

    private SolvedAge loadSolved(int age, int lastAge) throws IOException {
        if (age > lastAge) {
            return SolvedAge.empty();
        }
        IdSet ids;
        try (Arena map = Arena.ofConfined()) {
            ids = steps.mapIds(age, map).states().get();
        }
        Arena arena = Arena.ofShared();
        return new SolvedAge(ids, steps.readDoubles(age, ids.size(), arena), arena);
    }

    /**
     * Runs or resumes the backward pass from {@code lastAge} down, the ages from {@code done} up solved
     * ({@code lastAge + 2}: none yet); returns whether it finished (else it stopped, checkpointed).
     */
    public boolean backward(int lastAge, int done) throws IOException {
        int first = steps.firstAge();
        SolvedAge s2 = loadSolved(done, lastAge);
        SolvedAge s4 = loadSolved(done + 2, lastAge);
        try {
            for (int age = done - 2; age >= first; age -= 2) {
                long t0 = System.nanoTime();
                IdSet states;
                IdSet afters;
                try (Arena map = Arena.ofConfined()) {
                    MappedIds ids = steps.mapIds(age, map);
                    states = ids.states().get();
                    afters = ids.afters().get();
                }
                Arena arena = Arena.ofShared();
                MemorySegment afterValues = arena.allocate(Math.max(8, 8 * afters.size()), 8);
                long tb = System.nanoTime();
                steps.afterValues(afters, afterValues, s2, s4);
                long tc = System.nanoTime();
                MemorySegment stateValues = arena.allocate(Math.max(8, 8 * states.size()), 8);
                steps.stateValues(states, stateValues, afters, afterValues);
                phaseNanos[2] += tb - t0;
                phaseNanos[3] += tc - tb;
                phaseNanos[4] += System.nanoTime() - tc;
                unsynced.add(steps.backwardAge(age, states, stateValues, afters, afterValues));
                afters.close();
                s4.close();
                s4 = s2;
                s2 = new SolvedAge(states, stateValues, arena);
                boolean stop = age > first && shouldStop(false, age);
                if (age == first) {
                    checkpoint();
                    steps.backwardCheckpointed(-1);
                } else if (stop || checkpointDue()) {
                    // A resumed run needs the exact values of this age and the one above it.
                    unsynced.add(steps.writeDoubles(age, s2.values(), s2.ids().size()));
                    if (age + 2 <= lastAge) {
                        unsynced.add(steps.writeDoubles(age + 2, s4.values(), s4.ids().size()));
                    }
                    checkpoint();
                    steps.backwardCheckpointed(age);
                }
                steps.reportBackward(age, states.size(), (System.nanoTime() - t0) / 1e9);
                if (stop) {
                    return false;
                }
            }
            return true;
        } finally {
            s2.close();
            s4.close();
        }
    }
}
