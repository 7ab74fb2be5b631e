package g2048.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Rng;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NetworkFileTest {

    @TempDir
    Path dir;

    private static TrainedNetwork sample(boolean withAdam) {
        NetSpec spec = Architectures.fcCnn("tiny", 5, 2, 3, 4, 5, 3);
        Network net = new Network(spec);
        float[] w = Initializer.truncatedNormal(net, 3);
        Adam adam = null;
        if (withAdam) {
            adam = new Adam(net.paramCount());
            float[] g = Initializer.truncatedNormal(net, 4);
            adam.step(w, g);
            adam.step(w, g);
        }
        return new TrainedNetwork(spec, w, adam, 12345);
    }

    @Test
    void roundTripsWithAndWithoutOptimiserState() throws IOException {
        for (boolean withAdam : new boolean[] {false, true}) {
            TrainedNetwork a = sample(withAdam);
            Path f = dir.resolve("n" + withAdam + ".g2nn");
            NetworkFile.save(f, a);
            TrainedNetwork b = NetworkFile.load(f);
            assertEquals(a.spec(), b.spec());
            assertArrayEquals(a.weights(), b.weights());
            assertEquals(12345, b.positions());
            if (withAdam) {
                assertEquals(2, b.adam().steps());
                assertArrayEquals(a.adam().firstMoments(), b.adam().firstMoments());
                assertArrayEquals(a.adam().secondMoments(), b.adam().secondMoments());
            } else {
                assertNull(b.adam());
            }
        }
        try (var files = Files.list(dir)) {
            assertEquals(2, files.count(), "no temporary files left behind");
        }
    }

    @Test
    void badFilesGetOneLineNamingTheFileAndTheFault() throws IOException {
        Path good = dir.resolve("good.g2nn");
        NetworkFile.save(good, sample(true));
        byte[] bytes = Files.readAllBytes(good);

        assertFault(write("short.g2nn", Arrays.copyOf(bytes, 20)), "truncated");
        assertFault(write("cut.g2nn", Arrays.copyOf(bytes, bytes.length - 7)), "truncated");
        byte[] longer = Arrays.copyOf(bytes, bytes.length + 4);
        assertFault(write("long.g2nn", longer), "corrupt");
        byte[] flipped = bytes.clone();
        flipped[bytes.length / 2] ^= 0x10;
        assertFault(write("flipped.g2nn", flipped), "corrupt: checksum");
        byte[] magic = bytes.clone();
        magic[0] = 'X';
        assertFault(write("magic.g2nn", magic), "bad magic");
        byte[] version = bytes.clone();
        ByteBuffer.wrap(version).order(ByteOrder.LITTLE_ENDIAN).putInt(NetworkFile.OFF_VERSION, 9);
        assertFault(write("version.g2nn", version), "mismatched: format version 9");
        assertFault(dir.resolve("missing.g2nn"), "no such file");
    }

    @Test
    void architectureAndParameterCountMustAgree() throws IOException {
        // Save a network, then rewrite its spec text to a same-length spec with other widths.
        TrainedNetwork a = sample(false);
        Path f = dir.resolve("a.g2nn");
        NetworkFile.save(f, a);
        byte[] bytes = Files.readAllBytes(f);
        String text = a.spec().text();
        String other = text.replace("fc:5,", "fc:6,");
        assertEquals(text.length(), other.length());
        System.arraycopy(other.getBytes(), 0, bytes, NetworkFile.HEADER, other.length());
        // Re-seal the checksum so that only the mismatch is left.
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(bytes, 0, NetworkFile.OFF_CHECKSUM);
        crc.update(bytes, NetworkFile.HEADER, bytes.length - NetworkFile.HEADER);
        b.putLong(NetworkFile.OFF_CHECKSUM, crc.getValue());
        assertFault(write("mismatch.g2nn", bytes), "mismatched");
    }

    private Path write(String name, byte[] bytes) throws IOException {
        Path f = dir.resolve(name);
        Files.write(f, bytes);
        return f;
    }

    private static void assertFault(Path f, String expected) {
        NetworkFile.BadFile e = assertThrows(NetworkFile.BadFile.class, () -> NetworkFile.load(f));
        assertTrue(e.getMessage().startsWith(f.toString() + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), "one line");
    }
}
