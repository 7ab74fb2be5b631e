package g2048.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    /** Seals {@code bytes} with a fresh CRC32C, as a writer of a bad network would. */
    static byte[] reseal(byte[] bytes) {
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(bytes, 0, NetworkFile.OFF_CHECKSUM);
        crc.update(bytes, NetworkFile.HEADER, bytes.length - NetworkFile.HEADER);
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putLong(NetworkFile.OFF_CHECKSUM, crc.getValue());
        return bytes;
    }

    @Test
    void nanAndInfiniteNumbersAreRefusedNamingTheFile() throws IOException {
        TrainedNetwork a = sample(true);
        Path good = dir.resolve("good.g2nn");
        NetworkFile.save(good, a);
        byte[] bytes = Files.readAllBytes(good);
        int params = NetworkFile.HEADER + a.spec().text().length();
        int p = a.weights().length;
        Object[][] cases = {
            {params + 4 * 3, Float.NaN, "corrupt: parameter 3 is NaN, expected a finite number"},
            {params + 4 * (p - 1), Float.POSITIVE_INFINITY, "corrupt: parameter " + (p - 1) + " is Infinity"},
            {params + 4 * p, Float.NEGATIVE_INFINITY, "corrupt: Adam first moment 0 is -Infinity"},
            {params + 8 * p + 4, Float.NaN, "corrupt: Adam second moment 1 is NaN"},
            {params + 8 * p + 4, -1f, "corrupt: Adam second moment 1 is -1.0, expected 0 or more"},
        };
        for (Object[] c : cases) {
            byte[] bad = bytes.clone();
            ByteBuffer.wrap(bad).order(ByteOrder.LITTLE_ENDIAN).putFloat((Integer) c[0], (Float) c[1]);
            assertFault(write("nan.g2nn", reseal(bad)), (String) c[2]);
        }
        byte[] steps = bytes.clone();
        ByteBuffer.wrap(steps).order(ByteOrder.LITTLE_ENDIAN).putLong(NetworkFile.OFF_ADAM_STEPS, -1);
        assertFault(write("steps.g2nn", reseal(steps)), "corrupt: Adam step count -1, expected 0 or more");
        byte[] positions = bytes.clone();
        ByteBuffer.wrap(positions).order(ByteOrder.LITTLE_ENDIAN).putLong(NetworkFile.OFF_POSITIONS, -5);
        assertFault(write("positions.g2nn", reseal(positions)), "corrupt: -5 positions trained");
    }

    @Test
    void aDivergedNetworkIsNotSavedOverTheLastGoodOne() throws IOException {
        Path f = dir.resolve("latest.g2nn");
        TrainedNetwork a = sample(false);
        NetworkFile.save(f, a);
        byte[] before = Files.readAllBytes(f);
        float[] w = a.weights().clone();
        w[7] = Float.NaN;
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> NetworkFile.save(f, new TrainedNetwork(a.spec(), w, null, 1)));
        assertEquals(f + ": not written: parameter 7 is NaN (the training diverged)", e.getMessage());
        assertArrayEquals(before, Files.readAllBytes(f));
    }

    @Test
    void directoriesDevicesAndFifosAreRefusedBeforeTheyAreRead() throws Exception {
        assertFault(dir, "a directory, expected a value network (.g2nn)");
        Path zero = Path.of("/dev/zero");
        if (Files.exists(zero)) {
            assertFault(zero, "a character device, expected a value network (.g2nn)");
        }
        Path fifo = dir.resolve("fifo.g2nn");
        if (new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0) {
            org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(10),
                    () -> assertFault(fifo, "a FIFO (named pipe), expected a value network (.g2nn)"));
        }
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
