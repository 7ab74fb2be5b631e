package g2048.policy;

import g2048.files.AtomicFile;
import g2048.files.BadFileException;
import g2048.files.ChecksummedFile;
import g2048.nn.Adam;
import g2048.nn.Head;
import g2048.nn.NetSpec;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The policy network file ({@code .g2pn}), little-endian, ending in the SHA-256 of everything
 * before it ({@link ChecksummedFile}, written atomically):
 * <pre>
 *   offset       size  field
 *   0            8     MAGIC        "G2048PN" then a zero byte
 *   8            4     VERSION      1
 *   12           4     FLAGS        bit 0: Adam state present
 *   16           4     SPEC_LENGTH  L, bytes of the architecture text (UTF-8, {@link NetSpec#text()})
 *   20           4     PARAMS       P, the number of parameters
 *   24           8     ADAM_STEPS   optimiser steps taken (0 without Adam state)
 *   32           8     POSITIONS    positions trained on
 *   40           L     the architecture text
 *   40+L         4P    parameters, float32
 *   40+L+4P      8P    Adam first then second moments (only with FLAGS bit 0)
 *   end−32       32    SHA-256 of the bytes before it
 * </pre>
 * The shipped network ({@value #DEFAULT_RESOURCE}, in the jar of {@code io.g2048:g2048-models}) is
 * such a file, read from the class path by {@link #loadDefault()} and checked as a file is.
 */
public final class PolicyFile {

    public static final byte[] MAGIC = {'G', '2', '0', '4', '8', 'P', 'N', 0};
    public static final int VERSION = 1;
    /** The shipped network's file name inside the models directory. */
    public static final String DEFAULT_MODEL = "policy5.g2pn";
    /** The shipped network on the class path: in the jar of {@code io.g2048:g2048-models}. */
    public static final String DEFAULT_RESOURCE = "g2048/models/" + DEFAULT_MODEL;
    /** The shipped network as answers and players name it: the user never typed its path. */
    public static final String SHIPPED_NAME = "shipped " + DEFAULT_MODEL;
    static final int HEADER = 40;
    static final int FLAG_ADAM = 1;

    private PolicyFile() {
    }

    /** Writes {@code model} atomically to {@code file}; returns the file's SHA-256 in hex. */
    public static String save(Path file, PolicyModel model) throws IOException {
        byte[] spec = model.spec().text().getBytes(StandardCharsets.UTF_8);
        int p = model.weights().length;
        boolean withAdam = model.adam() != null;
        checkFinite(file, model.weights(), "parameter");
        long size = HEADER + spec.length + 4L * p * (withAdam ? 3 : 1) + ChecksummedFile.TRAILER_BYTES;
        ByteBuffer b = ByteBuffer.allocate((int) size).order(ByteOrder.LITTLE_ENDIAN);
        b.put(MAGIC).putInt(VERSION).putInt(withAdam ? FLAG_ADAM : 0).putInt(spec.length).putInt(p)
                .putLong(withAdam ? model.adam().steps() : 0).putLong(model.positions()).put(spec);
        b.asFloatBuffer().put(model.weights());
        b.position(b.position() + 4 * p);
        if (withAdam) {
            b.asFloatBuffer().put(model.adam().firstMoments());
            b.position(b.position() + 4 * p);
            b.asFloatBuffer().put(model.adam().secondMoments());
        }
        return ChecksummedFile.write(file, MemorySegment.ofArray(b.array()), AtomicFile.Durability.FORCED);
    }

    /** Reads a model file; a file that is not one, damaged or inconsistent is a {@link BadFileException} naming it. */
    public static PolicyModel load(Path file, double learningRate) throws IOException {
        checkMagic(file);
        try (Arena arena = Arena.ofConfined()) {
            return decode(file, ChecksummedFile.mapVerified(file, "a policy network file (.g2pn)", arena), learningRate);
        }
    }

    /** The network in {@code file} for play ({@link #load}), or the shipped one ({@link #loadDefault()}) when it is null. */
    public static PolicyModel loadOrDefault(Path file) throws IOException {
        return file != null ? load(file, Adam.ALPHA) : loadDefault();
    }

    /** True when the shipped network is on the class path ({@link #DEFAULT_RESOURCE}). */
    public static boolean defaultAvailable() {
        return PolicyFile.class.getClassLoader().getResource(DEFAULT_RESOURCE) != null;
    }

    /**
     * Loads the shipped network (POLICY5, boards turned to the corner orientation) from the class
     * path, where the jar of {@code io.g2048:g2048-models} puts it: no file, no checkout. Checked as
     * a file is (checksum, header, every parameter); each call reads a fresh copy (3.3 MB).
     *
     * @throws IllegalArgumentException when it is not on the class path or is damaged, naming it
     */
    public static PolicyModel loadDefault() {
        return loadResource(PolicyFile.class.getClassLoader(), DEFAULT_RESOURCE);
    }

    /** The network in the class-path resource {@code resource} of {@code loader}, checked as a file is. */
    static PolicyModel loadResource(ClassLoader loader, String resource) {
        String name = "classpath:" + resource;
        byte[] all;
        try (InputStream in = loader.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException(name + ": not on the class path (the shipped policy network is in the jar of"
                        + " io.g2048:g2048-models)");
            }
            all = in.readNBytes((int) MAX_FILE_BYTES);
        } catch (IOException e) {
            throw new IllegalArgumentException(name + ": cannot read: " + e.getMessage(), e);
        }
        // a resource has no path: the checks below name it by its resource name, reworded with its class-path prefix
        Path named = Path.of(resource);
        try {
            return decode(named, ChecksummedFile.verify(named, MemorySegment.ofArray(all)), Adam.ALPHA);
        } catch (BadFileException e) {
            throw new IllegalArgumentException(name + ": " + e.problem(), e);
        }
    }

    /** The model in {@code all}, a file's content before its checksum (verified); errors name {@code file}. */
    private static PolicyModel decode(Path file, MemorySegment all, double learningRate) throws BadFileException {
        if (all.byteSize() < HEADER) {
            throw new BadFileException(file, "too short for a policy network file");
        }
        ByteBuffer b = ByteBuffer.wrap(all.toArray(ValueLayout.JAVA_BYTE)).order(ByteOrder.LITTLE_ENDIAN);
        byte[] magic = new byte[8];
        b.get(magic);
        if (!java.util.Arrays.equals(magic, MAGIC)) {
            throw new BadFileException(file, "not a policy network file (bad magic)");
        }
        int version = b.getInt();
        if (version != VERSION) {
            throw new BadFileException(file, "policy network file version " + version + ", this engine reads " + VERSION);
        }
        int flags = b.getInt();
        int specLength = b.getInt();
        int p = b.getInt();
        long steps = b.getLong();
        long positions = b.getLong();
        boolean withAdam = (flags & FLAG_ADAM) != 0;
        if ((flags & ~FLAG_ADAM) != 0) {
            throw new BadFileException(file, "flags 0x" + Integer.toHexString(flags) + ": unknown bits, expected 0 or 1");
        }
        if (steps < 0 || (!withAdam && steps != 0) || steps > MAX_COUNT) {
            throw new BadFileException(file, "Adam steps " + steps + " out of range, expected 0.." + MAX_COUNT
                    + " (0 without Adam state)");
        }
        if (positions < 0 || positions > MAX_COUNT) {
            throw new BadFileException(file, "positions " + positions + " out of range, expected 0.." + MAX_COUNT);
        }
        long expected = HEADER + (long) specLength + 4L * p * (withAdam ? 3 : 1);
        if (specLength < 0 || p < 0 || expected != all.byteSize()) {
            throw new BadFileException(file, "inconsistent header: " + all.byteSize() + " bytes of content, the header says " + expected);
        }
        if (specLength > MAX_SPEC_BYTES) {
            throw new BadFileException(file, "architecture text of " + specLength + " bytes, expected at most " + MAX_SPEC_BYTES);
        }
        byte[] text = new byte[specLength];
        b.get(text);
        String specText;
        try {
            specText = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(text)).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new BadFileException(file, "the architecture text is not UTF-8");
        }
        if (specText.codePoints().anyMatch(Character::isISOControl)) {
            throw new BadFileException(file, "the architecture text holds control characters");
        }
        NetSpec spec;
        try {
            spec = NetSpec.parse(Head.POLICY, specText);
        } catch (IllegalArgumentException e) {
            throw new BadFileException(file, e.getMessage());
        }
        if (spec.weightCount() != p) {
            throw new BadFileException(file, spec.name() + " has " + spec.weightCount() + " parameters, the file " + p);
        }
        float[] w = floats(b, p);
        checkFinite(file, w, "parameter");
        checkBounded(file, w, "parameter", MAX_WEIGHT, false);
        Adam adam = null;
        if (withAdam) {
            float[] first = floats(b, p);
            float[] second = floats(b, p);
            checkBounded(file, first, "Adam first moment", MAX_WEIGHT, false);
            checkBounded(file, second, "Adam second moment", MAX_WEIGHT * MAX_WEIGHT, true);
            adam = new Adam(first, second, steps, learningRate, Adam.BETA1, Adam.BETA2, Adam.EPSILON);
        }
        return new PolicyModel(spec, w, adam, positions);
    }

    /**
     * The largest |parameter| (and |Adam first moment|) read: trained networks stay far below it,
     * and beyond it the logits overflow, so that every legal move would get probability 0.
     */
    static final float MAX_WEIGHT = 1e4f;
    static final int MAX_SPEC_BYTES = 4096;
    /** The largest file read (whole, into memory): far above any architecture named, below an array's limit. */
    static final long MAX_FILE_BYTES = 1L << 30;
    /** The most positions or optimiser steps a file may claim. */
    static final long MAX_COUNT = 1L << 50;

    /** Refuses a file that does not begin as a policy network does, before its checksum is read. */
    private static void checkMagic(Path file) throws IOException {
        long size = g2048.files.RegularFile.check(file, "a policy network file (.g2pn)", MAX_FILE_BYTES);
        byte[] head = new byte[MAGIC.length];
        int n = 0;
        try (var ch = java.nio.channels.FileChannel.open(file)) {
            ByteBuffer bb = ByteBuffer.wrap(head);
            while (bb.hasRemaining() && ch.read(bb) > 0) {
                n = bb.position();
            }
            n = bb.position();
        } catch (java.nio.file.AccessDeniedException e) {
            throw new BadFileException(file, "permission denied, expected a policy network file (.g2pn) to read");
        }
        if (size < HEADER || n < MAGIC.length) {
            throw new BadFileException(file, size + " bytes, too short for a policy network file (.g2pn)");
        }
        if (!java.util.Arrays.equals(head, MAGIC)) {
            String begins = new String(head, 0, 7, StandardCharsets.ISO_8859_1);
            String kind = begins.startsWith("G2048NT") ? " (it is an n-tuple model)"
                    : begins.equals("G2048PD") ? " (it is a policy dataset)"
                    : begins.startsWith("G2048") ? " (it is another kind of g2048 file)" : "";
            throw new BadFileException(file, "not a policy network file (.g2pn): it does not begin with G2048PN" + kind);
        }
    }

    /** Refuses a value outside ±{@code max} (or below 0 when {@code nonNegative}), NaN included. */
    private static void checkBounded(Path file, float[] v, String what, float max, boolean nonNegative) throws BadFileException {
        for (int i = 0; i < v.length; i++) {
            float x = v[i];
            if (!(x <= max && x >= (nonNegative ? 0 : -max))) {
                throw new BadFileException(file, what + " " + i + " is " + x + ", expected " + (nonNegative ? "0" : "-" + max)
                        + ".." + max);
            }
        }
    }

    private static float[] floats(ByteBuffer b, int n) {
        float[] f = new float[n];
        b.asFloatBuffer().get(f);
        b.position(b.position() + 4 * n);
        return f;
    }

    private static void checkFinite(Path file, float[] w, String what) throws BadFileException {
        for (int i = 0; i < w.length; i++) {
            if (!Float.isFinite(w[i])) {
                throw new BadFileException(file, what + " " + i + " is " + w[i]);
            }
        }
    }
}
