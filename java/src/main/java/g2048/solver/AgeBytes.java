package g2048.solver;

import static g2048.solver.Layouts.DOUBLE;

import g2048.files.BadFileException;
import g2048.files.ChecksummedFile;
import g2048.game.Shape;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;

/**
 * The solver's files as bytes in memory, for writers that keep them elsewhere than on a local disk
 * (a cluster's file system): the same layouts as {@link AgeFiles} and {@link Manifest}, checksum
 * included, each file whole in one array (a partition's file stays well under 2 GiB).
 */
public final class AgeBytes {

    private AgeBytes() {
    }

    /** An ids file of sorted unique normalised IDs. */
    public static byte[] ids(Shape shape, int age, long[] states, long[] afters, long terminal) {
        try (Arena arena = Arena.ofConfined(); IdSet s = IdSet.of(states); IdSet a = IdSet.of(afters)) {
            return sealed(AgeFiles.idsContent(shape, age, s, a, terminal, arena));
        }
    }

    /** A values file: the values in the order of the IDs of the matching ids file. */
    public static byte[] values(Shape shape, int age, double[] stateValues, double[] afterValues, double best) {
        try (Arena arena = Arena.ofConfined()) {
            return sealed(AgeFiles.valuesContent(shape, age, doubles(stateValues, arena), stateValues.length,
                    doubles(afterValues, arena), afterValues.length, best, arena));
        }
    }

    /** A backward checkpoint: exact state values. */
    public static byte[] doubles(Shape shape, int age, double[] values) {
        try (Arena arena = Arena.ofConfined()) {
            return sealed(AgeFiles.doublesContent(shape, age, doubles(values, arena), values.length, arena));
        }
    }

    /** The IDs of an ids file, checked ({@code file} names it in errors). */
    public record Ids(long[] states, long[] afters, long terminal) {
    }

    public static Ids readIds(Path file, byte[] bytes, Shape shape, int age) throws BadFileException {
        AgeFiles.Ids ids = AgeFiles.readIds(file, MemorySegment.ofArray(bytes), shape, age);
        return new Ids(longs(ids.decodeStates()), longs(ids.decodeAfters()), ids.terminal());
    }

    /** The values of a values file, checked, as stored (within {@link PackedValues#ERROR_BOUND}). */
    public record Values(double[] states, double[] afters, double best) {
    }

    public static Values readValues(Path file, byte[] bytes, Shape shape, int age) throws BadFileException {
        AgeFiles.Values v = AgeFiles.readValues(file, MemorySegment.ofArray(bytes), shape, age);
        double[] s = new double[Math.toIntExact(v.stateValues().size())];
        double[] a = new double[Math.toIntExact(v.afterValues().size())];
        for (int i = 0; i < s.length; i++) {
            s[i] = v.stateValues().get(i);
        }
        for (int i = 0; i < a.length; i++) {
            a[i] = v.afterValues().get(i);
        }
        return new Values(s, a, v.best());
    }

    /** The {@code n} exact values of a backward checkpoint, checked. */
    public static double[] readDoubles(Path file, byte[] bytes, Shape shape, int age, int n) throws BadFileException {
        MemorySegment seg = AgeFiles.readDoubles(file, MemorySegment.ofArray(bytes), shape, age, n);
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = seg.getAtIndex(DOUBLE, i);
        }
        return out;
    }

    /** A manifest's bytes (see {@link Manifest}). */
    public static byte[] manifest(Manifest m) {
        return m.bytes();
    }

    /** A fresh manifest: nothing solved yet. */
    public static Manifest freshManifest(Shape shape) {
        return Manifest.fresh(shape);
    }

    /** The manifest after the forward pass of {@code age}. */
    public static Manifest forwardDone(Manifest m, int age) {
        return m.withForward(age);
    }

    /** The manifest once the forward pass has found its last age. */
    public static Manifest forwardFinished(Manifest m, int lastAge) {
        return m.withForwardFinished(lastAge);
    }

    /** The manifest after the backward pass of {@code age}. */
    public static Manifest backwardDone(Manifest m, int age) {
        return m.withBackward(age);
    }

    /** A manifest parsed strictly; one without its checksum line is refused. */
    public static Manifest readManifest(Path file, byte[] bytes) throws BadFileException {
        Manifest.Read r = Manifest.parse(file, bytes);
        if (!r.checksummed()) {
            throw new BadFileException(file, "no " + Manifest.CHECKSUM_KEY + " line");
        }
        return r.manifest();
    }

    /** {@code content} sealed with its checksum ({@link ChecksummedFile#seal}), as bytes: a part file's whole content. */
    public static byte[] sealed(MemorySegment content) {
        ChecksummedFile.seal(content);
        return content.toArray(ValueLayout.JAVA_BYTE);
    }

    /** {@code values} copied into a segment of {@code arena} (at least 8 bytes, so that an empty age still has one). */
    public static MemorySegment doubles(double[] values, Arena arena) {
        MemorySegment seg = arena.allocate(Math.max(8, 8L * values.length), 8);
        MemorySegment.copy(values, 0, seg, DOUBLE, 0, values.length);
        return seg;
    }

    /** The IDs of {@code set} as an array; the set is closed. */
    public static long[] longs(IdSet set) {
        try (set) {
            long[] out = new long[Math.toIntExact(set.size())];
            for (int i = 0; i < out.length; i++) {
                out[i] = set.get(i);
            }
            return out;
        }
    }
}
