package g2048.nn;

import g2048.files.AtomicFile;
import g2048.files.BadFileException;
import g2048.files.RegularFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * The network file ({@code .g2nn}), little-endian:
 * <pre>
 *   offset       size  field
 *   0            8     MAGIC        "G2048NN" then a zero byte
 *   8            4     VERSION      1
 *   12           4     FLAGS        bit 0: Adam state present
 *   16           4     SPEC_LENGTH  L, bytes of the architecture text (UTF-8, {@link NetSpec#text()})
 *   20           4     PARAMS       P, the number of parameters
 *   24           8     ADAM_STEPS   optimiser steps taken (0 without Adam state)
 *   32           8     POSITIONS    positions trained
 *   40           8     CHECKSUM     CRC32C of bytes [0, 40) and [48, end)
 *   48           L     the architecture text
 *   48+L         4P    parameters, float32
 *   48+L+4P      4P    Adam first moments  (only with FLAGS bit 0)
 *   48+L+8P      4P    Adam second moments (only with FLAGS bit 0)
 * </pre>
 * Files are written to a temporary file in the same directory and renamed into place, so a reader
 * sees the old file or the new one, never half of one. A bad file gives one line naming it and
 * saying what is wrong (truncated, corrupt, mismatched).
 */
public final class NetworkFile {

    public static final byte[] MAGIC = {'G', '2', '0', '4', '8', 'N', 'N', 0};
    public static final int VERSION = 1;
    public static final int OFF_VERSION = 8;
    public static final int OFF_FLAGS = 12;
    public static final int OFF_SPEC_LENGTH = 16;
    public static final int OFF_PARAMS = 20;
    public static final int OFF_ADAM_STEPS = 24;
    public static final int OFF_POSITIONS = 32;
    public static final int OFF_CHECKSUM = 40;
    public static final int HEADER = 48;
    public static final int FLAG_ADAM = 1;

    private NetworkFile() {
    }

    /** A network file that cannot be read; the message is one line naming the file. */
    public static final class BadFile extends IllegalArgumentException {
        BadFile(Path file, String what) {
            super(file + ": " + what);
        }
    }

    /** Writes {@code net} atomically to {@code file}. */
    public static void save(Path file, TrainedNetwork net) throws IOException {
        byte[] spec = net.spec().text().getBytes(StandardCharsets.UTF_8);
        int p = net.weights().length;
        boolean withAdam = net.adam() != null;
        // a diverged network is not saved over the last good one: no reader would take it
        checkFinite(file, net.weights(), "parameter");
        if (withAdam) {
            checkFinite(file, net.adam().firstMoments(), "Adam first moment");
            checkFinite(file, net.adam().secondMoments(), "Adam second moment");
        }
        long size = HEADER + spec.length + 4L * p * (withAdam ? 3 : 1);
        if (size > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(file + ": a network of " + p + " parameters is too large for one file");
        }
        ByteBuffer b = ByteBuffer.allocate((int) size).order(ByteOrder.LITTLE_ENDIAN);
        b.put(MAGIC);
        b.putInt(OFF_VERSION, VERSION);
        b.putInt(OFF_FLAGS, withAdam ? FLAG_ADAM : 0);
        b.putInt(OFF_SPEC_LENGTH, spec.length);
        b.putInt(OFF_PARAMS, p);
        b.putLong(OFF_ADAM_STEPS, withAdam ? net.adam().steps() : 0);
        b.putLong(OFF_POSITIONS, net.positions());
        b.position(HEADER);
        b.put(spec);
        b.asFloatBuffer().put(net.weights());
        if (withAdam) {
            int at = HEADER + spec.length + 4 * p;
            b.position(at);
            b.asFloatBuffer().put(net.adam().firstMoments());
            b.position(at + 4 * p);
            b.asFloatBuffer().put(net.adam().secondMoments());
        }
        b.putLong(OFF_CHECKSUM, checksum(b));
        AtomicFile.write(file, b);
    }

    /**
     * Reads a network file; throws {@link BadFile} (one line, naming the file) if it is not a good
     * one: not a regular file (a directory, a device, a FIFO), of another size than its header
     * announces, damaged, or holding a parameter or optimiser moment that is NaN or infinite.
     */
    public static TrainedNetwork load(Path file) throws IOException {
        long size;
        try {
            // before opening: a FIFO would block, /dev/zero would be read until memory runs out
            size = RegularFile.check(file, "a value network (.g2nn)");
        } catch (BadFileException e) {
            throw new BadFile(file, e.problem());
        }
        if (size < HEADER) {
            throw new BadFile(file, "truncated: " + size + " bytes, the header alone needs " + HEADER);
        }
        byte[] bytes;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer header = ByteBuffer.allocate(HEADER).order(ByteOrder.LITTLE_ENDIAN);
            readFully(ch, header, file);
            long expected = announcedSize(file, header);
            if (size < expected) {
                throw new BadFile(file, "truncated: " + size + " bytes, the header announces " + expected);
            }
            if (size > expected) {
                throw new BadFile(file, "corrupt: " + (size - expected) + " bytes past the announced end " + expected);
            }
            ByteBuffer all = ByteBuffer.allocate((int) expected).order(ByteOrder.LITTLE_ENDIAN);
            all.put(header.flip());
            readFully(ch, all, file);
            if (ch.read(ByteBuffer.allocate(1)) > 0) {
                throw new BadFile(file, "corrupt: it grew while it was read");
            }
            bytes = all.array();
        }
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        if (b.getLong(OFF_CHECKSUM) != checksum(b)) {
            throw new BadFile(file, "corrupt: checksum mismatch");
        }
        boolean withAdam = (b.getInt(OFF_FLAGS) & FLAG_ADAM) != 0;
        int specLength = b.getInt(OFF_SPEC_LENGTH);
        int p = b.getInt(OFF_PARAMS);
        NetSpec spec;
        try {
            spec = NetSpec.parse(Head.VALUE, new String(bytes, HEADER, specLength, StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            throw new BadFile(file, "corrupt: " + e.getMessage());
        }
        if (spec.weightCount() != p) {
            throw new BadFile(file, "mismatched: " + spec.name() + " has " + spec.weightCount() + " parameters, the file holds " + p);
        }
        long positions = b.getLong(OFF_POSITIONS);
        if (positions < 0) {
            throw new BadFile(file, "corrupt: " + positions + " positions trained, expected 0 or more");
        }
        int at = HEADER + specLength;
        float[] w = floats(b, at, p, file, "parameter");
        Adam adam = null;
        if (withAdam) {
            long steps = b.getLong(OFF_ADAM_STEPS);
            if (steps < 0) {
                throw new BadFile(file, "corrupt: Adam step count " + steps + ", expected 0 or more");
            }
            float[] m = floats(b, at + 4 * p, p, file, "Adam first moment");
            float[] v = floats(b, at + 8 * p, p, file, "Adam second moment");
            for (int i = 0; i < p; i++) {
                if (v[i] < 0) {
                    throw new BadFile(file, "corrupt: Adam second moment " + i + " is " + v[i] + ", expected 0 or more");
                }
            }
            adam = new Adam(m, v, steps, Adam.ALPHA, Adam.BETA1, Adam.BETA2, Adam.EPSILON);
        }
        return new TrainedNetwork(spec, w, adam, positions);
    }

    /** The file size the header in {@code h} announces; its magic, version, flags and lengths checked. */
    private static long announcedSize(Path file, ByteBuffer h) {
        for (int i = 0; i < MAGIC.length; i++) {
            if (h.get(i) != MAGIC[i]) {
                throw new BadFile(file, "corrupt: not a g2048 network file (bad magic)");
            }
        }
        int version = h.getInt(OFF_VERSION);
        if (version != VERSION) {
            throw new BadFile(file, "mismatched: format version " + version + ", this build reads version " + VERSION);
        }
        int flags = h.getInt(OFF_FLAGS);
        if ((flags & ~FLAG_ADAM) != 0) {
            throw new BadFile(file, "corrupt: unknown flags 0x" + Integer.toHexString(flags));
        }
        int specLength = h.getInt(OFF_SPEC_LENGTH);
        int p = h.getInt(OFF_PARAMS);
        if (specLength < 0 || p < 0) {
            throw new BadFile(file, "corrupt: negative spec length " + specLength + " or parameter count " + p);
        }
        long expected = HEADER + (long) specLength + 4L * p * ((flags & FLAG_ADAM) != 0 ? 3 : 1);
        if (expected > Integer.MAX_VALUE - 8) {
            throw new BadFile(file, "corrupt: the header announces " + expected + " bytes, more than a network file holds");
        }
        return expected;
    }

    /** {@code n} float32 values from byte {@code at}, each finite: a NaN or infinite weight poisons every value. */
    private static float[] floats(ByteBuffer b, int at, int n, Path file, String what) {
        float[] out = new float[n];
        b.position(at);
        b.asFloatBuffer().get(out);
        for (int i = 0; i < n; i++) {
            if (!Float.isFinite(out[i])) {
                throw new BadFile(file, "corrupt: " + what + " " + i + " is " + out[i] + ", expected a finite number");
            }
        }
        return out;
    }

    private static void checkFinite(Path file, float[] values, String what) {
        for (int i = 0; i < values.length; i++) {
            if (!Float.isFinite(values[i])) {
                throw new IllegalStateException(file + ": not written: " + what + " " + i + " is " + values[i]
                        + " (the training diverged)");
            }
        }
    }

    private static void readFully(FileChannel ch, ByteBuffer into, Path file) throws IOException {
        while (into.hasRemaining()) {
            if (ch.read(into) < 0) {
                throw new BadFile(file, "truncated: it shrank while it was read");
            }
        }
    }

    private static long checksum(ByteBuffer b) {
        CRC32C crc = new CRC32C();
        crc.update(b.array(), 0, OFF_CHECKSUM);
        crc.update(b.array(), HEADER, b.capacity() - HEADER);
        return crc.getValue();
    }
}
