package g2048.ntuple;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Loading and saving models (layout: {@link ModelHeader}). Two forms share the header:
 * <ul>
 * <li><b>full</b> (any extension but {@code .g2nz}): the float32 tables as they are in memory.
 *     Loading reads the tables onto fresh huge-page memory (play's random look-ups miss the TLB
 *     less often than on a mapped file's 4 KiB pages); play skips the accumulators after them,
 *     reading them through a small buffer only to check them.</li>
 * <li><b>compact</b> ({@code .g2nz}, for shipping): each weight quantised to {@code step · q} with a
 *     16-bit {@code q} of {@link #COMPACT_BITS} bits, the sign's included ({@code step = max|w| / 8191}), or of
 *     as many as it was saved with ({@link #save(NtupleModel, Path, int)}), then range coded under contexts of
 *     the entries around it and the same entry one stage earlier ({@link StepCoder}). Most entries of a
 *     trained 6-tuple network are never visited and stay 0. Loading decodes it into an anonymous
 *     off-heap table (huge pages where allowed), in parallel chunks. A TD-afterstate model
 *     loaded for play is decoded straight into int16 tables ({@link Int16Network}, half the
 *     memory; kept in the user's cache by {@link Int16Cache} for the next start), its float32 tables made only
 *     if asked for ({@link NtupleModel#network()}). Files of the compact form before it (zero runs,
 *     deflated) still load.</li>
 * </ul>
 * A model that learns by temporal coherence keeps its accumulators after the tables in the full
 * form, so that resuming continues exactly. The compact form holds the tables only, unless saved
 * with its accumulators ({@link #save(NtupleModel, Path, int, boolean)}): then each weight's A and
 * rate factor |E|/A follow, within 19% each ({@link AccumulatorCoding}), so that a compact checkpoint,
 * small enough to keep in a repository, resumes at the rates its run had.
 *
 * <p>Saving is atomic: the file is written next to its destination and renamed over it. Every problem
 * with a file is a {@link ModelFileException} naming the file and the problem.
 *
 * <p>The entry point for loading and saving models; the work is {@link ModelFileReader}'s and
 * {@link ModelFileWriter}'s, the compact form's decoding {@link CompactDecoder}'s and the int16 tables
 * for play {@link Int16Loading}'s.
 */
public final class NtupleModels {

    /**
     * Bits of a compact file's steps, the sign's included: {@code step = max|w| / (2^(bits − 1) − 1)}. Fewer
     * cost strength. On an eight-tuple network of 2,435,960 games, 3,000 greedy games each (seed 20261210):
     * float32 tables 272,426, 14 bits 272,675, 13 bits 264,928, 12 bits 250,505 (± 2,050 each); rounding to
     * 12-bit steps only its weights above 1,000, or only those below, lost 14,000 and 12,000 against float32
     * (4,000 games each). Each bit fewer saves about a bit per non-zero weight (11 MB of that network's 79 MB).
     */
    public static final int COMPACT_BITS = 14;
    /** The fewest and most bits {@link #save(NtupleModel, Path, int)} takes (the coder's limit is 15). */
    public static final int MIN_COMPACT_BITS = 8;
    public static final int MAX_COMPACT_BITS = 15;
    /** The extension of the compact form. */
    public static final String COMPACT_EXTENSION = ".g2nz";
    /** The shipped model's file name inside the models directory. */
    public static final String DEFAULT_MODEL = "ntuple-6x6.g2nz";
    /** The shipped model on the class path: in the jar of {@code io.g2048:g2048-models}. */
    public static final String DEFAULT_RESOURCE = "g2048/models/" + DEFAULT_MODEL;
    /** The shipped model's name in every answer, description and message: the user never typed a path for it. */
    public static final String SHIPPED_NAME = "shipped " + DEFAULT_MODEL;
    /**
     * The shipped late model's file name inside the models directory: a network that values the boards
     * holding a 16384, played after the shipped model by {@code g2048.eval.StagedEvaluator}.
     */
    public static final String LATE_MODEL = "ntuple-4x6-late.g2nz";
    /** The shipped late model on the class path, beside {@link #DEFAULT_RESOURCE}. */
    public static final String LATE_RESOURCE = "g2048/models/" + LATE_MODEL;
    /** The shipped late model's name in every answer, description and message. */
    public static final String SHIPPED_LATE_NAME = "shipped " + LATE_MODEL;


    private NtupleModels() {
    }

    /**
     * The shipped model as a file, for tools that work in a checkout of the project (benchmarks that
     * map it): {@code models/ntuple-6x6.g2nz} under the directory named by the system property
     * {@code g2048.models}, else under the project that holds the running jar or classes (three levels
     * up, as from {@code bench/target/benchmarks.jar}), else under the working directory. Programs
     * load the shipped model with {@link #loadDefault()}, which needs no checkout.
     */
    public static Path defaultModelPath() {
        String dir = System.getProperty("g2048.models");
        if (dir != null) {
            return Path.of(dir, DEFAULT_MODEL);
        }
        try {
            Path code = Path.of(NtupleModels.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            // bench/target/benchmarks.jar or java/target/classes: three levels up is the project.
            Path project = code.getParent() == null ? null : code.getParent().getParent();
            project = project == null ? null : project.getParent();
            if (project != null && Files.isDirectory(project.resolve("models"))) {
                return project.resolve("models").resolve(DEFAULT_MODEL);
            }
        } catch (URISyntaxException | RuntimeException e) {
            // Fall through to the working directory.
        }
        return Path.of("models", DEFAULT_MODEL);
    }

    /** True when the shipped model is on the class path ({@link #DEFAULT_RESOURCE}). */
    public static boolean defaultAvailable() {
        return NtupleModels.class.getClassLoader().getResource(DEFAULT_RESOURCE) != null;
    }

    /** True when the shipped late model is on the class path ({@link #LATE_RESOURCE}). */
    public static boolean lateAvailable() {
        return NtupleModels.class.getClassLoader().getResource(LATE_RESOURCE) != null;
    }

    /**
     * Loads the shipped model (six 6-tuples, two stages, TD-afterstate with temporal coherence)
     * from the class path, where the jar of {@code io.g2048:g2048-models} puts it: no file, no
     * system property, no checkout. Each call loads a fresh copy (its int16 tables, or its float32
     * tables when asked for); close it when done.
     *
     * @throws ModelFileException when the model is not on the class path or cannot be read
     */
    public static NtupleModel loadDefault() {
        return loadResource(DEFAULT_RESOURCE, SHIPPED_NAME);
    }

    /**
     * Loads the shipped late model ({@link #LATE_MODEL}: four 6-tuples, one stage, trained by backward
     * TD(0.5) with temporal coherence and restarts) from the class path, as {@link #loadDefault()}.
     *
     * @throws ModelFileException when the model is not on the class path or cannot be read
     */
    public static NtupleModel loadShippedLate() {
        return loadResource(LATE_RESOURCE, SHIPPED_LATE_NAME);
    }

    private static NtupleModel loadResource(String resource, String name) {
        InputStream in = NtupleModels.class.getClassLoader().getResourceAsStream(resource);
        if (in == null) {
            throw new ModelFileException(name, "not on the class path (the shipped models are in the jar of"
                    + " io.g2048:g2048-models)");
        }
        try (in) {
            // the jar's own model: its int16 tables come from the cache when it holds them, its data left unread
            return ModelFileReader.read(in, name, true);
        } catch (IOException e) {
            throw new ModelFileException(name, "cannot read: " + e.getMessage(), e);
        }
    }

    /**
     * Loads a model for play from a stream of either form (the stream is read to its end, not
     * closed). Full models are copied off-heap (their temporal-coherence accumulators are skipped),
     * compact ones decoded. {@code name} names the stream in error messages and in
     * {@link NtupleModel#source()}.
     *
     * @throws ModelFileException when the bytes are not a sound model (truncated, damaged, extra bytes)
     * @throws IOException when the stream cannot be read
     */
    public static NtupleModel load(InputStream in, String name) throws IOException {
        return ModelFileReader.read(in, name, false);
    }
    /** Loads a model for play: full files are read onto huge pages (their accumulators skipped), compact ones decoded. */
    public static NtupleModel load(Path file) {
        return ModelFileReader.read(file, false, false);
    }

    /**
     * Loads a model to play from its tables at {@code precision}: a full TD-afterstate model (float32
     * tables, a training checkpoint) that will play from int16 tables ({@link TablePrecision#INT16},
     * or {@link TablePrecision#AUTO}) is read straight into them ({@link Int16FromFloats}), so that it
     * holds no float32 tables beside them; any other as {@link #load(Path)}.
     */
    public static NtupleModel load(Path file, TablePrecision precision) {
        return ModelFileReader.read(file, false, precision != TablePrecision.FLOAT32);
    }

    /** Loads a model whose tables training may change (a private copy; the file never changes). */
    public static NtupleModel loadForTraining(Path file) {
        return ModelFileReader.read(file, true, false);
    }

    /** Saves {@code model} atomically, compact if {@code file} ends with {@code .g2nz}, else full. */
    public static void save(NtupleModel model, Path file) {
        save(model, file, COMPACT_BITS);
    }

    /**
     * {@link #save(NtupleModel, Path)}, a compact file's steps with {@code compactBits} bits
     * ({@link #MIN_COMPACT_BITS} to {@link #MAX_COMPACT_BITS}; see {@link #COMPACT_BITS}).
     */
    public static void save(NtupleModel model, Path file, int compactBits) {
        save(model, file, compactBits, false);
    }

    /**
     * {@link #save(NtupleModel, Path, int)}; with {@code compactAccumulators}, a compact file keeps the
     * model's temporal-coherence accumulators too, coded (see above), so that training resumes from it
     * at its rates (a full file always keeps them).
     *
     * @throws IllegalArgumentException when {@code compactAccumulators} is asked of a model without
     *         accumulators or of a full file
     */
    public static void save(NtupleModel model, Path file, int compactBits, boolean compactAccumulators) {
        String problem = compactBitsProblem(compactBits);
        if (problem != null) {
            throw new IllegalArgumentException("compact bits: " + problem);
        }
        if (compactAccumulators && !(model.coherent() && isCompact(file))) {
            throw new IllegalArgumentException("compact accumulators: " + (model.coherent()
                    ? "apply to a compact file (" + COMPACT_EXTENSION + "), got " + file
                    : "the model has no temporal-coherence accumulators"));
        }
        ModelFileWriter.write(model, file, compactBits, compactAccumulators);
    }

    /** Whether {@code file} is written in the compact form: its name ends with {@link #COMPACT_EXTENSION}. */
    public static boolean isCompact(Path file) {
        return file.getFileName().toString().endsWith(COMPACT_EXTENSION);
    }

    /** What is wrong with {@code bits} as a compact file's bits ("expected 8 to 15, got ..."), or null. */
    public static String compactBitsProblem(int bits) {
        return bits < MIN_COMPACT_BITS || bits > MAX_COMPACT_BITS
                ? "expected " + MIN_COMPACT_BITS + " to " + MAX_COMPACT_BITS + ", got " + bits : null;
    }

    /**
     * Makes later loads map a compact model's cached int16 tables read-only instead of copying them
     * ({@link Int16Cache#map}): for a process that answers a move or two and exits, where copying
     * hundreds of megabytes is most of its start. Off by default: mapped tables sit on small pages,
     * which a long run pays for on every look-up.
     */
    public static void mapCachedTables(boolean on) {
        Int16Loading.mapCachedTables(on);
    }
}
