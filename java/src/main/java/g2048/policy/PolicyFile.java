package g2048.policy;

import g2048.nn.PolicySpec;
import g2048.files.AtomicFile;
import g2048.files.BadFileException;
import g2048.files.ChecksummedFile;
import g2048.nn.Adam;
import java.io.IOException;
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
 *   16           4     SPEC_LENGTH  L, bytes of the architecture text (UTF-8, {@link PolicySpec#text()})
 *   20           4     PARAMS       P, the number of parameters
 *   24           8     ADAM_STEPS   optimiser steps taken (0 without Adam state)
 *   32           8     POSITIONS    positions trained on
 *   40           L     the architecture text
 *   40+L         4P    parameters, float32
 *   40+L+4P      8P    Adam first then second moments (only with FLAGS bit 0)
 *   end−32       32    SHA-256 of the bytes before it
 * </pre>
 */
public final class PolicyFile {

    public static final byte[] MAGIC = {'G', '2', '0', '4', '8', 'P', 'N', 0};
    public static final int VERSION = 1;
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
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment all = ChecksummedFile.mapVerified(file, "a policy network file (.g2pn)", arena);
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
            long expected = HEADER + (long) specLength + 4L * p * (withAdam ? 3 : 1);
            if (specLength < 0 || p < 0 || expected != all.byteSize()) {
                throw new BadFileException(file, "inconsistent header: " + all.byteSize() + " bytes of content, the header says " + expected);
            }
            byte[] text = new byte[specLength];
            b.get(text);
            PolicySpec spec;
            try {
                spec = PolicySpec.parse(new String(text, StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                throw new BadFileException(file, e.getMessage());
            }
            if (spec.weightCount() != p) {
                throw new BadFileException(file, spec.name() + " has " + spec.weightCount() + " parameters, the file " + p);
            }
            float[] w = floats(b, p);
            checkFinite(file, w, "parameter");
            Adam adam = null;
            if (withAdam) {
                adam = new Adam(floats(b, p), floats(b, p), steps, learningRate, Adam.BETA1, Adam.BETA2, Adam.EPSILON);
            }
            return new PolicyModel(spec, w, adam, positions);
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
