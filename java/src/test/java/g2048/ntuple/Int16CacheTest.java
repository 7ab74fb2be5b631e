package g2048.ntuple;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The int16 table cache: made on first load, used by the next, and a damaged entry (truncated, a
 * flipped byte in the tables or in the stored header) is never trusted: it is rebuilt, the values
 * those of the model itself.
 */
class Int16CacheTest {

    @TempDir
    Path dir;
    private Path cache;
    private Path model;
    private String saved;

    @BeforeEach
    void smallModelCachedInATemporaryDirectory() {
        cache = dir.resolve("cache");
        saved = System.getProperty(Int16Cache.PROPERTY);
        System.setProperty(Int16Cache.PROPERTY, cache.toString());
        Int16Cache.minBytes = 0;
        Int16Cache.settleNanos = 0;
        NtupleModel m = NtupleModel.create(TupleSpec.parse("012,456,048:sym:c12"), Shape.S3x3, Method.TD_AFTERSTATE,
                TerminalValue.ZERO, Stages.SINGLE, 0, false, 42, 0.004);
        Rng rng = new Rng(7);
        long n = m.network().banks() * m.network().weights();
        for (int k = 0; k < 3000; k++) {
            m.network().setEntry(rng.nextInt((int) n), (float) (rng.nextGaussian() * 300));
        }
        model = dir.resolve("m.g2nz");
        NtupleModels.save(m, model);
        m.close();
    }

    @AfterEach
    void restore() {
        NtupleModels.mapCachedTables(false);
        Int16Cache.minBytes = Int16Cache.MIN_BYTES;
        Int16Cache.settleNanos = 2_000_000_000L;
        if (saved == null) {
            System.clearProperty(Int16Cache.PROPERTY);
        } else {
            System.setProperty(Int16Cache.PROPERTY, saved);
        }
    }

    @Test
    void madeOnFirstLoadAndUsedByTheNext() throws IOException {
        double[] want = values();
        Path entry = onlyEntry();
        byte[] good = Files.readAllBytes(entry);
        // a sound entry is what the next load reads: change one table entry (and its checksum) and the value moves
        byte[] altered = altered(good, 24 + 4096);
        Files.write(entry, altered);
        assertNotEquals(want[0], values()[0]);
        assertArrayEquals(altered, Files.readAllBytes(entry), "a sound entry is left as it is");
    }

    @Test
    void aDamagedEntryIsRebuiltNeverTrusted() throws IOException {
        double[] want = values();
        Path entry = onlyEntry();
        byte[] good = Files.readAllBytes(entry);
        for (int damage = 0; damage < 4; damage++) {
            byte[] bad = good.clone();
            switch (damage) {
                case 0 -> bad = java.util.Arrays.copyOf(good, good.length / 2); // truncated
                case 1 -> bad[bad.length - 3] ^= 0x10; // a table entry
                case 2 -> bad[24 + 100] ^= 0x01; // the stored model header
                default -> bad[2] ^= 0x40; // the magic
            }
            Files.write(entry, bad);
            assertArrayEquals(want, values(), "damage " + damage);
            assertArrayEquals(good, Files.readAllBytes(entry), "damage " + damage + ": the entry is made again");
        }
        // cut to nothing: still the model's values
        try (RandomAccessFile f = new RandomAccessFile(entry.toFile(), "rw")) {
            f.setLength(0);
        }
        assertArrayEquals(want, values());
        assertEquals(1, entries().size());
    }

    @Test
    void mappedEntriesValueAsCopiedOnesAndDamagedOnesAreRefused() throws IOException {
        System.setProperty(Int16Cache.PROPERTY, "off");
        double[] want = values();
        System.setProperty(Int16Cache.PROPERTY, cache.toString());
        values(); // makes the entry
        Path entry = onlyEntry();
        byte[] good = Files.readAllBytes(entry);
        NtupleModels.mapCachedTables(true);
        assertArrayEquals(want, values(), "mapped tables value boards as the inflated ones");
        // what the loads above read: the entry's own tables, mapped read-only (keyed by the model's header, which it keeps)
        int bytes = (int) tablesBytes(good);
        byte[] header = java.util.Arrays.copyOfRange(good, 24, good.length - bytes);
        try (java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofConfined()) {
            java.lang.foreign.MemorySegment mapped = Int16Cache.map(header, bytes, arena);
            assertTrue(mapped != null, "mapped");
            assertTrue(mapped.isReadOnly(), "read-only");
            assertTrue(mapped.isMapped(), "a mapping");
            assertArrayEquals(java.util.Arrays.copyOfRange(good, good.length - bytes, good.length),
                    mapped.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
        }
        // the mapping reads the entry: an altered table entry with its checksum recomputed moves the value
        Files.write(entry, altered(good, good.length - (int) tablesBytes(good)));
        assertNotEquals(want[0], values()[0]);
        for (int damage = 0; damage < 3; damage++) {
            byte[] bad = good.clone();
            switch (damage) {
                case 0 -> bad = java.util.Arrays.copyOf(good, good.length - 2); // truncated
                case 1 -> bad[bad.length - 3] ^= 0x10; // a table entry
                default -> bad[24 + 100] ^= 0x01; // the stored model header
            }
            Files.write(entry, bad);
            assertArrayEquals(want, values(), "mapped, damage " + damage);
            assertArrayEquals(good, Files.readAllBytes(entry), "mapped, damage " + damage + ": the entry is made again");
        }
    }

    /** {@code entry} with every table entry from byte {@code tables} on moved by 1000 and its checksum made again: sound, but another model's values. */
    private static byte[] altered(byte[] entry, int tables) {
        byte[] altered = entry.clone();
        ByteBuffer b = ByteBuffer.wrap(altered).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = tables; i < altered.length; i += 2) {
            b.putShort(i, (short) (b.getShort(i) + 1000));
        }
        CRC32C crc = new CRC32C();
        crc.update(altered, tables, altered.length - tables);
        b.putInt(16, (int) crc.getValue());
        return altered;
    }

    /** The tables' size stored in an entry's prefix. */
    private static long tablesBytes(byte[] entry) {
        return ByteBuffer.wrap(entry).order(ByteOrder.LITTLE_ENDIAN).getLong(8);
    }

    @Test
    void offMeansNoEntry() throws IOException {
        System.setProperty(Int16Cache.PROPERTY, "off");
        double[] want = values();
        assertTrue(Files.notExists(cache));
        System.setProperty(Int16Cache.PROPERTY, cache.toString());
        assertArrayEquals(want, values(), "the cached tables value boards as the inflated ones");
        assertEquals(1, entries().size());
    }

    @Test
    void aFloatModelsTablesAreKeptWithTheirSteps() throws IOException {
        Path full = fullModel();
        // the values Int16Network's copy of the float32 tables gives, which the conversion for play must give too
        double[] want = values(full, TablePrecision.FLOAT32);
        List<Path> before = entries();
        String described;
        try (NtupleModel m = NtupleModels.load(full, TablePrecision.INT16)) {
            described = m.evaluator(TablePrecision.INT16).describe();
        }
        assertTrue(described.contains("rounded to steps"), described);
        List<Path> made = new java.util.ArrayList<>(entries());
        made.removeAll(before);
        assertEquals(1, made.size(), "one entry, the float32 model's: " + made);
        Path entry = made.getFirst();
        byte[] good = Files.readAllBytes(entry);
        int kept = 4 + 9; // the conversion's number, then one bank's step and exactness
        int key = 4096 + Int16Cache.IDENTITY_BYTES; // the header and the file's identity
        assertEquals(24 + key + kept + 2 * 3 * 1728, good.length);
        assertArrayEquals(want, values(full, TablePrecision.INT16), "the next load reads the entry");
        try (NtupleModel m = NtupleModels.load(full, TablePrecision.INT16)) {
            assertEquals(described, m.evaluator(TablePrecision.INT16).describe(), "the step and exactness come back");
        }
        assertArrayEquals(good, Files.readAllBytes(entry));

        // that load did read the entry: change its tables (and checksum) and the values move
        byte[] altered = good.clone();
        ByteBuffer b = ByteBuffer.wrap(altered).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 24 + key + kept; i < altered.length; i += 2) {
            b.putShort(i, (short) (b.getShort(i) + 1000));
        }
        Files.write(entry, withChecksum(altered, key));
        assertNotEquals(want[0], values(full, TablePrecision.INT16)[0]);

        // a flipped byte among the steps, or the number of another conversion under a right checksum: made again
        for (int damage = 0; damage < 2; damage++) {
            byte[] bad = good.clone();
            if (damage == 0) {
                bad[24 + key + 4 + 3] ^= 0x08;
            } else {
                ByteBuffer.wrap(bad).order(ByteOrder.LITTLE_ENDIAN).putInt(24 + key, 99);
                bad = withChecksum(bad, key);
            }
            Files.write(entry, bad);
            assertArrayEquals(want, values(full, TablePrecision.INT16), "damage " + damage);
            assertArrayEquals(good, Files.readAllBytes(entry), "damage " + damage + ": the entry is made again");
        }
    }

    @Test
    void aFloatModelWhoseDataChangedIsReadInFullNotFromItsEntry() throws Exception {
        Path full = fullModel();
        double[] want = values(full, TablePrecision.INT16);
        assertArrayEquals(want, values(full, TablePrecision.INT16), "and used");
        Thread.sleep(50); // past the clock tick of the file's last change (see Int16Cache.settleNanos)
        // NaNs written into the data in place, the header left as it was
        try (RandomAccessFile f = new RandomAccessFile(full.toFile(), "rw")) {
            f.seek(4096 + 40);
            f.writeInt(Float.floatToRawIntBits(Float.NaN));
        }
        ModelFileException e = org.junit.jupiter.api.Assertions.assertThrows(ModelFileException.class,
                () -> NtupleModels.load(full, TablePrecision.INT16));
        assertTrue(e.getMessage().contains("checksum mismatch") || e.getMessage().contains("finite"), e.getMessage());
    }

    @Test
    void aDirectoryOrEntryOthersCanWriteIsNotTrusted() throws Exception {
        double[] want = values();
        Path entry = onlyEntry();
        assertEquals("rwx------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(cache)));
        assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(entry)));
        byte[] good = Files.readAllBytes(entry);
        byte[] forged = good.clone();
        int tables = 24 + 4096;
        ByteBuffer b = ByteBuffer.wrap(forged).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = tables; i < forged.length; i += 2) {
            b.putShort(i, (short) (b.getShort(i) + 1000));
        }
        CRC32C crc = new CRC32C();
        crc.update(forged, tables, forged.length - tables);
        b.putInt(16, (int) crc.getValue());
        Files.write(entry, forged);
        Files.setPosixFilePermissions(entry, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        assertNotEquals(want[0], values()[0], "a forged entry the user's own is the user's business");

        // a directory others can write: not used at all, the model read from its file
        Files.setPosixFilePermissions(cache, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
        assertArrayEquals(want, values());
        assertArrayEquals(forged, Files.readAllBytes(entry), "nothing written into it either");
        Files.setPosixFilePermissions(cache, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        // an entry others can write: not read, made again (private)
        Files.setPosixFilePermissions(entry, java.nio.file.attribute.PosixFilePermissions.fromString("rw-rw-rw-"));
        assertArrayEquals(want, values());
        assertArrayEquals(good, Files.readAllBytes(entry));
        assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(entry)));
        // a symbolic link as the entry: not followed
        Path elsewhere = Files.write(dir.resolve("forged.tables"), forged);
        Files.delete(entry);
        Files.createSymbolicLink(entry, elsewhere);
        assertArrayEquals(want, values());
        assertTrue(!Files.isSymbolicLink(entry) && java.util.Arrays.equals(good, Files.readAllBytes(entry)));

        assertEquals(null, Int16Cache.distrust(1000, 0700, 1000));
        assertEquals(null, Int16Cache.distrust(1000, 0755, 1000));
        assertTrue(Int16Cache.distrust(0, 0700, 1000).contains("another user"));
        assertTrue(Int16Cache.distrust(1000, 0775, 1000).contains("writable by other users"));
        assertTrue(Int16Cache.distrust(1000, 0757, 1000).contains("writable by other users"));
    }

    @Test
    void aWriteSweepsTheTemporariesOfKilledWriters() throws Exception {
        values();
        long dead = ProcessHandle.current().pid() + 4_000_000; // above any pid_max: no such process
        Path left = Files.write(cache.resolve(".int16-0badcafe-1234.tables." + dead + "-1.tmp"), new byte[1000]);
        Files.delete(onlyEntry());
        values(); // misses, writes the entry again
        assertTrue(Files.notExists(left), "a killed writer's temporary is deleted");
        assertEquals(1, entries().size());
    }

    /** The compact model's weights as a full (float32) model file, 1.5 steps off the grid so that rounding shows. */
    private Path fullModel() {
        Path full = dir.resolve("m.g2n");
        try (NtupleModel m = NtupleModels.load(model, TablePrecision.FLOAT32)) {
            long n = m.network().banks() * m.network().weights();
            for (long i = 0; i < n; i += 7) {
                m.network().setEntry(i, m.network().entry(i) + 0.37f);
            }
            NtupleModels.save(m, full);
        }
        return full;
    }

    /** {@code entry}, whose key is {@code key} bytes, with its checksum over the kept bytes and the tables made again. */
    private static byte[] withChecksum(byte[] entry, int key) {
        CRC32C crc = new CRC32C();
        crc.update(entry, 24 + key, entry.length - 24 - key);
        ByteBuffer.wrap(entry).order(ByteOrder.LITTLE_ENDIAN).putInt(16, (int) crc.getValue());
        return entry;
    }

    /** The model's values of a few hundred boards of random games, as loaded now. */
    private double[] values() {
        return values(model, TablePrecision.INT16);
    }

    /** {@link #values()} of {@code file} loaded as {@code loadAs}, valued from int16 tables. */
    private double[] values(Path file, TablePrecision loadAs) {
        try (NtupleModel m = NtupleModels.load(file, loadAs)) {
            var e = m.evaluator(TablePrecision.INT16);
            Rng rng = new Rng(3);
            Moves moves = Moves.of(Shape.S3x3);
            double[] out = new double[300];
            long b = Spawns.initial(Shape.S3x3, rng);
            for (int i = 0; i < out.length; i++) {
                if (moves.isTerminal(b)) {
                    b = Spawns.initial(Shape.S3x3, rng);
                }
                out[i] = e.value(b);
                int d;
                do {
                    d = rng.nextInt(4);
                } while (moves.move(b, d) == b);
                b = Spawns.spawn(moves.move(b, d), Shape.S3x3, rng);
            }
            return out;
        }
    }

    private Path onlyEntry() throws IOException {
        List<Path> e = entries();
        assertEquals(1, e.size(), e.toString());
        return e.getFirst();
    }

    private List<Path> entries() throws IOException {
        try (Stream<Path> s = Files.list(cache)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".tables")).toList();
        }
    }
}
