package g2048.spark;

import g2048.files.BadFileException;
import g2048.game.Shape;
import g2048.solver.AgePasses;
import g2048.solver.PartitionedAge;
import g2048.tables.BuildManifest;
import g2048.tables.RegionGame;
import g2048.tables.TableParts;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.util.regex.Pattern;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * Runs or resumes one endgame table's build on a cluster, age by age as
 * {@link g2048.tables.TableBuilder} does on one machine, each age's jobs those of the exact solver on
 * Spark ({@link ForwardAge}, {@link BackwardAge}) for the table's game ({@link TableGame}). The parts
 * of the ages are written in the tables directory's {@code spark-work-NAME-TARGET/} in the
 * partitioned layout ({@link PartitionedAge}'s names, the table build's file formats), with the
 * table build's manifest ({@link BuildManifest}), advanced after each age: a stopped or failed run
 * resumes after the last age it names, once the files of the half-done age and temporary files are
 * deleted. At the end the driver writes the table file from the parts, one age at a time
 * ({@link TableParts#writeTable}: the same bytes as the single machine's), and deletes the work.
 */
final class TableCluster {

    /** Told of each finished age. */
    interface Progress {
        void forwardAge(PartitionedAge age, double seconds);

        void backwardAge(int age, int parts, long statesDone, long statesTotal, double seconds);

        /** Told, when a run resumes, of the files an interrupted run left that were deleted. */
        default void swept(int files, long bytes) {
        }
    }

    /** The shape an index file names: the tables' boards. */
    private static final Shape INDEX_SHAPE = Shape.S4x4;

    private final JavaSparkContext sc;
    private final Store dir;
    private final Store work;
    private final RegionGame region;
    private final TableGame game;
    private final long partitionStates;
    private final String table;
    private AgePasses.StopHook stopHook = (forward, age) -> false;
    private BuildManifest manifest;

    /** The build of {@code region}'s table into the tables directory of {@code dir}. */
    TableCluster(JavaSparkContext sc, Store dir, RegionGame region, long partitionStates) {
        this.sc = sc;
        this.dir = dir;
        this.work = new Store(dir.path(workName(region)).toString(), sc.hadoopConfiguration());
        this.region = region;
        this.game = new TableGame(region);
        this.partitionStates = partitionStates;
        this.table = TableParts.tableName(region);
    }

    /** The work directory of a table's build on a cluster, beside the table: not the single machine's, whose files differ. */
    static String workName(RegionGame region) {
        return "spark-work-" + region.formation().name() + "-" + region.target();
    }

    /** Decides after each finished age whether to stop there (tests of interrupted builds). */
    TableCluster stopHook(AgePasses.StopHook hook) {
        this.stopHook = hook;
        return this;
    }

    /** Runs or resumes the build; true when the table is complete, false when stopped by the hook. */
    boolean run(Progress progress) throws IOException {
        Pattern temporary = Pattern.compile("\\." + Pattern.quote(table) + "\\.[^/]*\\.tmp");
        long[] swept = ClusterSolver.sweep(dir, name -> temporary.matcher(name).matches());
        if (dir.exists(table)) {
            // a run stopped between writing the table and deleting its work
            dir.delete(workName(region));
            return true;
        }
        manifest = readManifest();
        if (manifest == null) {
            manifest = BuildManifest.fresh(region);
            writeManifest();
        } else {
            BuildManifest m = manifest;
            long[] parts = ClusterSolver.sweep(work,
                    name -> ClusterSolver.leftover(m.forwardFinished(), m.forwardDone(), m.backwardDone(), name));
            swept[0] += parts[0];
            swept[1] += parts[1];
        }
        if (swept[0] > 0) {
            progress.swept((int) swept[0], swept[1]);
        }
        if (!manifest.forwardFinished() && !forward(progress)) {
            return false;
        }
        if (!manifest.backwardFinished() && !backward(progress)) {
            return false;
        }
        writeTable(manifest.lastAge());
        dir.delete(workName(region));
        return true;
    }

    private BuildManifest readManifest() throws IOException {
        if (!work.exists(BuildManifest.FILE)) {
            return null;
        }
        return BuildManifest.parse(work.label(BuildManifest.FILE), work.read(BuildManifest.FILE), region);
    }

    private void writeManifest() throws IOException {
        work.write(BuildManifest.FILE, manifest.bytes());
    }

    private PartitionedAge index(int age) throws IOException {
        return ClusterSolver.index(work, INDEX_SHAPE, age);
    }

    private boolean forward(Progress progress) throws IOException {
        int done = manifest.forwardDone();
        PartitionedAge after2 = done >= 0 ? index(done) : ClusterSolver.none(done);
        PartitionedAge after4 = done - 2 >= 0 ? index(done - 2) : ClusterSolver.none(done - 2);
        for (int age = done + 2; ; age += 2) {
            if (age > RegionGame.LAST_SEED_AGE && after2.totalAfters() == 0 && after4.totalAfters() == 0) {
                manifest = manifest.withLastAge(age - 2);
                writeManifest();
                return true;
            }
            long t0 = System.nanoTime();
            PartitionedAge here = ForwardAge.run(sc, work, game, age, after2, after4, partitionStates);
            work.write(PartitionedAge.indexName(age), here.bytes(INDEX_SHAPE));
            manifest = manifest.withForward(age, here.totalStates(), here.totalAfters());
            writeManifest();
            progress.forwardAge(here, (System.nanoTime() - t0) / 1e9);
            if (stopHook.stopAfter(true, age)) {
                return false;
            }
            after4 = after2;
            after2 = here;
        }
    }

    private boolean backward(Progress progress) throws IOException {
        int last = manifest.lastAge();
        int start = manifest.backwardDone() == BuildManifest.NONE ? last : manifest.backwardDone() - 2;
        long statesDone = 0;
        for (int age = start; age >= 0; age -= 2) {
            long t0 = System.nanoTime();
            PartitionedAge here = index(age);
            PartitionedAge next2 = age + 2 <= last ? index(age + 2) : null;
            PartitionedAge next4 = age + 4 <= last ? index(age + 4) : null;
            BackwardAge.run(sc, work, game, here, next2, next4);
            manifest = manifest.withBackward(age);
            writeManifest();
            // the next age asks this one and the one before; a resumed run needs the same two
            if (age + 4 <= last) {
                ClusterSolver.deleteWork(work, next4);
            }
            statesDone += here.totalStates();
            progress.backwardAge(age, here.parts(), statesDone, manifest.states(), (System.nanoTime() - t0) / 1e9);
            if (age > 0 && stopHook.stopAfter(false, age)) {
                return false;
            }
        }
        return true;
    }

    /** Writes the table file from the parts: the header needs each age's count and largest key, then the ages one by one. */
    private void writeTable(int lastAge) throws IOException {
        int ages = lastAge / 2 + 1;
        PartitionedAge[] index = new PartitionedAge[ages];
        long[] counts = new long[ages];
        long[] largest = new long[ages];
        for (int i = 0; i < ages; i++) {
            index[i] = index(2 * i);
            counts[i] = index[i].totalAfters();
            for (int p = index[i].parts() - 1; p >= 0; p--) {
                if (index[i].afters()[p] > 0) {
                    long[] afters = game.readIds(work, 2 * i, p).afters();
                    largest[i] = afters[afters.length - 1];
                    break;
                }
            }
        }
        dir.write(table, out -> TableParts.writeTable(out, region, lastAge, counts, largest, age -> readAge(index[age / 2])));
    }

    /** An age's afterstates and their quantised values, its parts concatenated in order. */
    private TableParts.Age readAge(PartitionedAge index) throws IOException {
        int age = index.age();
        long total = index.totalAfters();
        if (total > Integer.MAX_VALUE - 8) {
            throw new IOException("age " + age + " holds " + total + " afterstates, more than a table build indexes (2^31)");
        }
        long[] keys = new long[(int) total];
        MemorySegment codes = MemorySegment.ofArray(new short[(int) total]);
        int at = 0;
        for (int p = 0; p < index.parts(); p++) {
            long[] afters = game.readIds(work, age, p).afters();
            if (afters.length != index.afters()[p]) {
                throw new BadFileException(work.label(PartitionedAge.idsName(age, p)), "holds " + afters.length
                        + " afterstates, its index " + index.afters()[p]);
            }
            String name = PartitionedAge.valuesName(age, p);
            MemorySegment part = TableParts.readValueCodes(work.label(name), work.read(name), region, age, afters.length);
            System.arraycopy(afters, 0, keys, at, afters.length);
            MemorySegment.copy(part, 0, codes, 2L * at, part.byteSize());
            at += afters.length;
        }
        return new TableParts.Age(keys, codes);
    }
}
