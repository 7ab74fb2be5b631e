package g2048.policy;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.files.BadFileException;
import g2048.files.ChecksummedFile;
import g2048.nn.Adam;
import g2048.nn.NetSpec;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crafted policy network files whose SHA-256 is recomputed over the change (so the checksum
 * cannot catch it): every field out of range is refused with one line naming the file, and a file
 * that loads holds only finite, bounded values.
 */
class PolicyFileFuzzTest {

    private static final NetSpec SPEC = NetSpec.policy("fuzz", 1, 3);

    @TempDir
    Path dir;

    private byte[] valid() throws IOException {
        int p = SPEC.weightCount();
        float[] w = new float[p];
        float[] m = new float[p];
        float[] v = new float[p];
        for (int i = 0; i < p; i++) {
            w[i] = (i % 7 - 3) * 0.01f;
            m[i] = (i % 5 - 2) * 1e-4f;
            v[i] = (i % 3) * 1e-6f;
        }
        Path f = dir.resolve("valid.g2pn");
        PolicyFile.save(f, new PolicyModel(SPEC, w, new Adam(m, v, 10, 1e-3, Adam.BETA1, Adam.BETA2, Adam.EPSILON), 640));
        return Files.readAllBytes(f);
    }

    /** The bytes with their SHA-256 trailer recomputed. */
    static byte[] reseal(byte[] b) {
        try {
            int n = b.length - ChecksummedFile.TRAILER_BYTES;
            byte[] sha = MessageDigest.getInstance("SHA-256").digest(Arrays.copyOf(b, n));
            byte[] out = b.clone();
            System.arraycopy(sha, 0, out, n, sha.length);
            return out;
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private String refused(String name, byte[] bytes) throws IOException {
        Path f = Files.write(dir.resolve(name + ".g2pn"), reseal(bytes));
        BadFileException e = assertThrows(BadFileException.class, () -> PolicyFile.load(f, 1e-3), name);
        String m = e.getMessage();
        assertTrue(m.startsWith(f.toString()), name + ": " + m);
        assertFalse(m.contains("Exception") || m.contains("\n") || m.contains("\u001b"), name + ": " + m);
        return m;
    }

    private static int specLength(byte[] b) {
        return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getInt(16);
    }

    private static byte[] withFloat(byte[] b, int index, float value) {
        byte[] out = b.clone();
        ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN).putFloat(PolicyFile.HEADER + specLength(b) + 4 * index, value);
        return out;
    }

    @Test
    void craftedFieldsAreRefusedNamingTheFile() throws IOException {
        byte[] ok = valid();
        int p = SPEC.weightCount();
        assertTrue(refused("nan-moment", withFloat(ok, p + 3, Float.NaN)).contains("Adam first moment 3"));
        assertTrue(refused("inf-moment", withFloat(ok, p + 1, Float.POSITIVE_INFINITY)).contains("Adam first moment"));
        assertTrue(refused("negative-second", withFloat(ok, 2 * p + 4, -1e-6f)).contains("Adam second moment 4"));
        assertTrue(refused("nan-second", withFloat(ok, 2 * p, Float.NaN)).contains("Adam second moment 0"));
        assertTrue(refused("huge-weight", withFloat(ok, 5, 3e38f)).contains("parameter 5"));
        byte[] flags = ok.clone();
        ByteBuffer.wrap(flags).order(ByteOrder.LITTLE_ENDIAN).putInt(12, 0x11);
        assertTrue(refused("flags", flags).contains("unknown bits"));
        byte[] steps = ok.clone();
        ByteBuffer.wrap(steps).order(ByteOrder.LITTLE_ENDIAN).putLong(24, -1);
        assertTrue(refused("steps", steps).contains("Adam steps"));
        byte[] positions = ok.clone();
        ByteBuffer.wrap(positions).order(ByteOrder.LITTLE_ENDIAN).putLong(32, 4611686018427387904L);
        assertTrue(refused("positions", positions).contains("positions"));
        // an architecture name with an escape sequence and a newline
        byte[] named = ok.clone();
        String spec = SPEC.text();
        byte[] evil = spec.replace("name=fuzz", "name=\u001b[1\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(evil.length == spec.length());
        System.arraycopy(evil, 0, named, PolicyFile.HEADER, evil.length);
        assertTrue(refused("control", named).contains("control characters"));
    }

    @Test
    void aFileOfAnotherKindIsNamedAsSuch() throws IOException {
        byte[] other = valid();
        System.arraycopy("G2048NTP".getBytes(java.nio.charset.StandardCharsets.US_ASCII), 0, other, 0, 8);
        Path f = Files.write(dir.resolve("ntuple.g2pn"), other); // not resealed: the kind is told first
        BadFileException e = assertThrows(BadFileException.class, () -> PolicyFile.load(f, 1e-3));
        assertTrue(e.getMessage().contains("an n-tuple model"), e.getMessage());
    }

    @Test
    void resealedRandomDamageIsRefusedOrLoadsBoundedValues() throws IOException {
        byte[] ok = valid();
        SplittableRandom r = new SplittableRandom(34);
        int loaded = 0;
        for (int i = 0; i < 300; i++) {
            byte[] b = ok.clone();
            int edits = 1 + r.nextInt(4);
            for (int k = 0; k < edits; k++) {
                int at = r.nextInt(b.length - ChecksummedFile.TRAILER_BYTES);
                b[at] = (byte) (r.nextBoolean() ? r.nextInt(256) : b[at] ^ (1 << r.nextInt(8)));
            }
            Path f = Files.write(dir.resolve("case.g2pn"), reseal(b));
            try {
                PolicyModel m = PolicyFile.load(f, 1e-3);
                loaded++;
                for (float x : m.weights()) {
                    assertTrue(Float.isFinite(x) && Math.abs(x) <= PolicyFile.MAX_WEIGHT, "case " + i);
                }
                if (m.adam() != null) {
                    for (float x : m.adam().secondMoments()) {
                        assertTrue(x >= 0 && x <= PolicyFile.MAX_WEIGHT * PolicyFile.MAX_WEIGHT, "case " + i);
                    }
                }
            } catch (BadFileException e) {
                assertTrue(e.getMessage().startsWith(f.toString()) && !e.getMessage().contains("\n"), e.getMessage());
            }
        }
        assertTrue(loaded < 300, "some damage is refused");
    }
}
