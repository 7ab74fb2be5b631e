package g2048.spark;

import g2048.files.BadFileException;
import g2048.game.Shape;
import g2048.solver.AgeBytes;
import g2048.solver.Manifest;
import g2048.solver.PartitionedAge;
import java.io.IOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * Runs or resumes a solve on a cluster, age by age, as {@link g2048.solver.Solver} does on one
 * machine: the forward pass from the youngest age until two ages in a row have no afterstates, then
 * the backward pass from the oldest age down. After each age the driver writes the age's index and
 * then the manifest (the single-machine one): a stopped or failed run resumes after the last age the
 * manifest names, after deleting the files of the half-done age and any temporary file.
 */
final class ClusterSolver {

    /** Told of each finished age. */
    interface Progress {
        void forwardAge(PartitionedAge age, double seconds);

        void backwardAge(int age, int parts, double best, double seconds);

        /** Told, when a run resumes, of the files an interrupted run left that were deleted. */
        default void swept(int files, long bytes) {
        }
    }

    private static final Pattern TEMPORARY = Pattern.compile("(?:.*/)?\\.[^/]*\\.tmp");
    private static final Pattern FORWARD_FILE = Pattern.compile("(?:parts|ids)-(\\d{6})(?:-p\\d{5})?\\.bin");
    private static final Pattern BACKWARD_FILE = Pattern.compile("(?:values|work/vs)-(\\d{6})-p\\d{5}\\.bin");

    /** How a run ended. */
    enum Outcome { SOLVED, STOPPED_AT_MAX_AGE }

    private final JavaSparkContext sc;
    private final Store store;
    private final Shape shape;
    private final SolverGame game;
    private final long partitionStates;
    private final int maxAge;

    ClusterSolver(JavaSparkContext sc, Store store, Shape shape, long partitionStates, int maxAge) {
        this.sc = sc;
        this.store = store;
        this.shape = shape;
        this.game = new SolverGame(shape);
        this.partitionStates = partitionStates;
        this.maxAge = maxAge;
    }

    Outcome run(Progress progress) throws IOException {
        Manifest m = readManifest();
        if (m == null) {
            m = AgeBytes.freshManifest(shape);
            writeManifest(m);
        } else if (!m.shape().equals(shape)) {
            throw new IllegalArgumentException(store.root() + " holds a " + m.shape() + " solution, not " + shape);
        } else {
            sweep(m, progress);
        }
        if (!m.forwardFinished()) {
            m = forward(m, progress);
            if (!m.forwardFinished()) {
                return Outcome.STOPPED_AT_MAX_AGE;
            }
        }
        if (!m.done()) {
            backward(m, progress);
        }
        return Outcome.SOLVED;
    }

    /**
     * Deletes what an interrupted run left behind: temporary files (a write cut short) and the files of
     * the age it was working on, which the manifest does not list as complete (a resumed run may split
     * that age into fewer partitions, and would not overwrite the rest). No task of this run is writing yet.
     */
    private void sweep(Manifest m, Progress progress) throws IOException {
        long[] swept = sweep(store, name -> leftover(m, name));
        if (swept[0] > 0) {
            progress.swept((int) swept[0], swept[1]);
        }
    }

    /** Deletes the files under the store's root that {@code leftover} names; returns how many and their bytes. */
    static long[] sweep(Store store, java.util.function.Predicate<String> leftover) throws IOException {
        long[] swept = new long[2];
        for (Store.Entry e : store.list()) {
            if (leftover.test(e.name())) {
                store.delete(e.name());
                swept[0]++;
                swept[1] += e.bytes();
            }
        }
        return swept;
    }

    /** Whether a file under the solution directory is a leftover of an interrupted run, given the manifest. */
    static boolean leftover(Manifest m, String name) {
        return leftover(m.forwardFinished(), m.forwardComplete(), m.backwardComplete() == 0 ? Integer.MAX_VALUE : m.backwardComplete(),
                name);
    }

    /**
     * Whether a file of the partitioned layout ({@link PartitionedAge}'s names) is a leftover of an
     * interrupted run: a temporary file, a forward file of an age after {@code forwardDone} while the
     * forward pass runs, a backward file before it has finished or of an age below {@code backwardDone}
     * (the youngest age solved, {@link Integer#MAX_VALUE} for none).
     */
    static boolean leftover(boolean forwardFinished, int forwardDone, int backwardDone, String name) {
        if (TEMPORARY.matcher(name).matches()) {
            return true;
        }
        Matcher f = FORWARD_FILE.matcher(name);
        if (f.matches()) {
            return !forwardFinished && Integer.parseInt(f.group(1)) > forwardDone;
        }
        Matcher b = BACKWARD_FILE.matcher(name);
        if (b.matches()) {
            return !forwardFinished || Integer.parseInt(b.group(1)) < backwardDone;
        }
        return false;
    }

    private Manifest readManifest() throws IOException {
        if (!store.exists(Manifest.FILE)) {
            return null;
        }
        return AgeBytes.readManifest(store.label(Manifest.FILE), store.read(Manifest.FILE));
    }

    private void writeManifest(Manifest m) throws IOException {
        store.write(Manifest.FILE, AgeBytes.manifest(m));
    }

    private PartitionedAge index(int age) throws IOException {
        return index(store, shape, age);
    }

    /** The index of {@code age} in the store, checked; missing while the manifest lists the age is bad input. */
    static PartitionedAge index(Store store, Shape shape, int age) throws IOException {
        String name = PartitionedAge.indexName(age);
        if (!store.exists(name)) {
            throw new BadFileException(store.label(name), "missing, though the manifest lists age " + age + " as complete");
        }
        byte[] bytes = store.read(name);
        return PartitionedAge.parse(store.label(name), java.lang.foreign.MemorySegment.ofArray(bytes), shape, age);
    }

    /** An age without states or afterstates: the inputs of the first ages. */
    static PartitionedAge none(int age) {
        return new PartitionedAge(age, new long[0], new long[1], new long[1], new long[1]);
    }

    private Manifest forward(Manifest manifest, Progress progress) throws IOException {
        Manifest m = manifest;
        int done = m.forwardComplete();
        PartitionedAge after2 = done >= Manifest.FIRST_AGE ? index(done) : none(done);
        PartitionedAge after4 = done - 2 >= Manifest.FIRST_AGE ? index(done - 2) : none(done - 2);
        for (int age = done == 0 ? Manifest.FIRST_AGE : done + 2; ; age += 2) {
            if (age > 8 && after2.totalAfters() == 0 && after4.totalAfters() == 0) {
                m = AgeBytes.forwardFinished(m, age - 2);
                writeManifest(m);
                return m;
            }
            if (maxAge > 0 && age > maxAge) {
                return m;
            }
            long t0 = System.nanoTime();
            PartitionedAge here = ForwardAge.run(sc, store, game, age, after2, after4, partitionStates);
            store.write(PartitionedAge.indexName(age), here.bytes(shape));
            m = AgeBytes.forwardDone(m, age);
            writeManifest(m);
            progress.forwardAge(here, (System.nanoTime() - t0) / 1e9);
            after4 = after2;
            after2 = here;
        }
    }

    private void backward(Manifest manifest, Progress progress) throws IOException {
        Manifest m = manifest;
        int last = m.lastAge();
        int start = m.backwardComplete() == 0 ? last : m.backwardComplete() - 2;
        for (int age = start; age >= Manifest.FIRST_AGE; age -= 2) {
            long t0 = System.nanoTime();
            PartitionedAge here = index(age);
            PartitionedAge next2 = age + 2 <= last ? index(age + 2) : null;
            PartitionedAge next4 = age + 4 <= last ? index(age + 4) : null;
            double best = BackwardAge.run(sc, store, game, here, next2, next4);
            m = AgeBytes.backwardDone(m, age);
            writeManifest(m);
            // the next age asks this one and the one before; a resumed run needs the same two
            if (age + 4 <= last) {
                deleteWork(store, index(age + 4));
            }
            progress.backwardAge(age, here.parts(), best, (System.nanoTime() - t0) / 1e9);
        }
        store.delete("work");
    }

    /** Deletes the backward checkpoints of an age, once no younger age will ask them. */
    static void deleteWork(Store store, PartitionedAge age) throws IOException {
        for (int p = 0; p < age.parts(); p++) {
            store.delete(PartitionedAge.doublesName(age.age(), p));
        }
    }
}
