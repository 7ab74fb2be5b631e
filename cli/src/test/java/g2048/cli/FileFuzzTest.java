package g2048.cli;

import g2048.nn.Head;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import g2048.game.Board;
import g2048.game.BoardText;
import g2048.game.Shape;
import g2048.nn.Adam;
import g2048.nn.Initializer;
import g2048.nn.NetSpec;
import g2048.nn.Network;
import g2048.nn.NetworkFile;
import g2048.nn.TrainedNetwork;
import g2048.solver.AgeFiles;
import g2048.solver.Manifest;
import g2048.solver.Solution;
import g2048.solver.Solver;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded fuzzing of every file parser of the command line: value networks ({@code .g2nn}), the
 * solver's manifest and age files, and board text. Each damaged input is either refused as bad
 * input (exit code 2) with one line naming the file, or read back identical to the intact file.
 * Inputs re-sealed with a fresh checksum (as a buggy or hostile writer would make them) must be
 * refused the same way or read without any other failure. Every {@value #CLI_EVERY}th case also goes
 * through the command line end to end.
 */
class FileFuzzTest {

    private static final long SEED = 20261124L;
    private static final int CLI_EVERY = 250;
    private static final String TINY = "name=tiny;input=values;embed=;trunk=conv2x2:8,fc:8,fc:1";

    @TempDir
    static Path tmp;

    private static Path db;
    /** The boards of each age of the 2x2 game (tiles up to 32), for look-ups in a damaged solution. */
    private static final TreeMap<Integer, List<Long>> BOARDS = new TreeMap<>();

    @BeforeAll
    static void solve() throws IOException {
        db = tmp.resolve("db");
        assertEquals(Solver.Outcome.SOLVED, new Solver(Shape.S2x2, db, 1).run(new Solver.Progress() {
            @Override
            public void forwardAge(int age, long states, long afterstates, long terminal, double seconds) {
            }

            @Override
            public void backwardAge(int age, double best, double seconds) {
            }
        }));
        for (int b = 0; b < 6 * 6 * 6 * 6; b++) {
            int[] code = {b % 6, b / 6 % 6, b / 36 % 6, b / 216};
            long board = 0;
            int age = 0;
            for (int i = 0; i < 4; i++) {
                board = Board.withCode(board, Shape.nibble(i / 2, i % 2), code[i]);
                age += code[i] == 0 ? 0 : 1 << code[i];
            }
            BOARDS.computeIfAbsent(age, a -> new ArrayList<>()).add(board);
        }
    }

    // ------------------------------------------------------------------ mutations

    /** One random damage: bit flips, byte changes, truncation, extension, insertion, deletion, zeroed or copied ranges. */
    static byte[] mutate(byte[] in, SplittableRandom r) {
        byte[] b = in.clone();
        int n = b.length;
        switch (r.nextInt(9)) {
            case 0 -> b[r.nextInt(n)] ^= (byte) (1 << r.nextInt(8));
            case 1 -> b[r.nextInt(n)] = (byte) r.nextInt(256);
            case 2 -> b = Arrays.copyOf(b, r.nextInt(n));
            case 3 -> {
                b = Arrays.copyOf(b, n + 1 + r.nextInt(16));
                for (int i = n; i < b.length; i++) {
                    b[i] = (byte) (r.nextBoolean() ? 0 : r.nextInt(256));
                }
            }
            case 4 -> {
                int at = r.nextInt(n + 1);
                byte[] c = new byte[n + 1];
                System.arraycopy(b, 0, c, 0, at);
                c[at] = (byte) r.nextInt(256);
                System.arraycopy(b, at, c, at + 1, n - at);
                b = c;
            }
            case 5 -> {
                int at = r.nextInt(n);
                int len = 1 + r.nextInt(Math.min(16, n - at));
                byte[] c = new byte[n - len];
                System.arraycopy(b, 0, c, 0, at);
                System.arraycopy(b, at + len, c, at, n - at - len);
                b = c;
            }
            case 6 -> {
                int at = r.nextInt(n);
                Arrays.fill(b, at, Math.min(n, at + 1 + r.nextInt(64)), r.nextBoolean() ? (byte) 0 : (byte) 0xff);
            }
            case 7 -> {
                int from = r.nextInt(n);
                int to = r.nextInt(n);
                int len = Math.min(1 + r.nextInt(32), Math.min(n - from, n - to));
                System.arraycopy(in, from, b, to, len);
            }
            default -> {
                for (int k = 1 + r.nextInt(4); k > 0; k--) {
                    b[r.nextInt(n)] ^= (byte) (1 << r.nextInt(8));
                }
            }
        }
        return b;
    }

    /**
     * Replaces a file's content. Deleted first: truncating a file in place makes some file systems
     * (ext4's auto_da_alloc) flush it on close, ten times slower.
     */
    private static void put(Path file, byte[] bytes) throws IOException {
        Files.deleteIfExists(file);
        Files.write(file, bytes);
    }

    /** Checks that a refusal is bad input (exit 2) in one line naming {@code named}. */
    private static void assertRefused(Throwable e, String named, String what) {
        if (Errors.exitCode(e) != Errors.BAD_INPUT) {
            e.printStackTrace();
            fail(what + ": exit " + Errors.exitCode(e) + " for " + e);
        }
        String m = Errors.message(e);
        assertFalse(m.contains("\n") || m.contains("\r"), what + ": one line: " + m);
        assertTrue(m.contains(named), what + ": '" + named + "' in " + m);
        assertFalse(m.contains("Exception"), what + ": no class names: " + m);
    }

    private static void assertCliRefused(String named, String... args) {
        CommandRun r = CommandRun.of(args);
        String what = String.join(" ", args) + " -> " + r.err();
        assertEquals(2, r.exit(), what);
        assertEquals(1, r.errLines().length, what);
        assertTrue(r.err().contains(named), what);
    }

    // ------------------------------------------------------------------ value networks

    private static boolean sameNetwork(TrainedNetwork a, TrainedNetwork b) {
        return a.spec().equals(b.spec()) && Arrays.equals(a.weights(), b.weights()) && a.positions() == b.positions()
                && (a.adam() == null ? b.adam() == null : b.adam() != null && a.adam().steps() == b.adam().steps()
                && Arrays.equals(a.adam().firstMoments(), b.adam().firstMoments())
                && Arrays.equals(a.adam().secondMoments(), b.adam().secondMoments()));
    }

    private static byte[] reseal(byte[] bytes) {
        if (bytes.length < NetworkFile.HEADER) {
            return bytes;
        }
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(bytes, 0, NetworkFile.OFF_CHECKSUM);
        crc.update(bytes, NetworkFile.HEADER, bytes.length - NetworkFile.HEADER);
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putLong(NetworkFile.OFF_CHECKSUM, crc.getValue());
        return bytes;
    }

    @Test
    void damagedValueNetworksAreRefusedOrReadIdentical() throws IOException {
        NetSpec spec = NetSpec.parse(Head.VALUE, TINY);
        Network net = new Network(spec);
        float[] w = Initializer.truncatedNormal(net, 7);
        Adam adam = new Adam(net.paramCount());
        adam.step(w, Initializer.truncatedNormal(net, 8));
        TrainedNetwork intact = new TrainedNetwork(spec, w, adam, 4096);
        Path good = tmp.resolve("good.g2nn");
        NetworkFile.save(good, intact);
        byte[] bytes = Files.readAllBytes(good);
        Path f = tmp.resolve("fuzz.g2nn");
        SplittableRandom r = new SplittableRandom(SEED);
        int refused = 0;
        for (int i = 0; i < 2000; i++) {
            boolean resealed = i % 4 == 3;
            byte[] b = mutate(bytes, r);
            if (resealed) {
                b = reseal(b);
            }
            put(f, b);
            String what = "case " + i + (resealed ? " (resealed)" : "");
            TrainedNetwork loaded;
            try {
                loaded = NetworkFile.load(f);
            } catch (Exception e) {
                assertRefused(e, f.toString(), what);
                refused++;
                if (i % CLI_EVERY == 0) {
                    assertCliRefused(f.toString(), "move", "--board", "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,0", "--player", "cnn",
                            "--model", f.toString(), "--device", "cpu");
                }
                continue;
            }
            if (resealed) {
                // a well-formed network, whatever its numbers: every one finite, as many as the spec needs
                assertEquals(loaded.spec().weightCount(), loaded.weights().length, what);
                for (float x : loaded.weights()) {
                    assertTrue(Float.isFinite(x), what);
                }
            } else {
                assertTrue(sameNetwork(intact, loaded), what + ": accepted, so identical to the intact file");
            }
        }
        assertTrue(refused > 1600, refused + " of 2000 refused");
    }

    // ------------------------------------------------------------------ the solver's manifest

    @Test
    void damagedManifestsAreRefusedOrReadIdentical() throws IOException {
        Path dir = tmp.resolve("manifest");
        copy(db, dir);
        Path file = dir.resolve(Manifest.FILE);
        byte[] intact = Files.readAllBytes(file);
        Manifest want = Manifest.read(db);
        SplittableRandom r = new SplittableRandom(SEED + 1);
        List<String> lines = Arrays.asList(new String(intact, StandardCharsets.US_ASCII).split("\n"));
        for (int i = 0; i < 1200; i++) {
            byte[] b;
            if (i % 3 == 0) {
                b = textMutation(lines, r).getBytes(StandardCharsets.ISO_8859_1);
            } else {
                b = mutate(intact, r);
            }
            put(file, b);
            String what = "case " + i + ": " + new String(b, StandardCharsets.ISO_8859_1).replace("\n", "|");
            try {
                Manifest read = Manifest.read(dir);
                assertArrayEquals(intact, b, what + ": accepted, so identical");
                assertEquals(want, read, what);
            } catch (Exception e) {
                assertRefused(e, file.toString(), what);
                if (i % CLI_EVERY == 0) {
                    assertCliRefused(file.toString(), "solve", "query", "--db", dir.toString(), "--board", "2,2/0,0");
                }
            }
        }
    }

    /** A line-level edit of a manifest: a duplicated, dropped, swapped or edited line, or a value changed. */
    private static String textMutation(List<String> lines, SplittableRandom r) {
        List<String> l = new ArrayList<>(lines);
        int at = r.nextInt(l.size());
        switch (r.nextInt(7)) {
            case 0 -> l.add(r.nextInt(l.size() + 1), l.get(at));
            case 1 -> l.remove(at);
            case 2 -> java.util.Collections.swap(l, at, r.nextInt(l.size()));
            case 3 -> l.set(at, l.get(at) + (r.nextBoolean() ? " " : "\r"));
            case 4 -> l.set(at, l.get(at).replaceFirst("=", r.nextBoolean() ? " = " : "=="));
            case 5 -> l.set(at, l.get(at).replaceAll("[0-9]+", String.valueOf(r.nextInt(1000) * (r.nextBoolean() ? 2 : 1))));
            default -> l.set(at, l.get(at).toUpperCase(java.util.Locale.ROOT));
        }
        return String.join("\n", l) + (r.nextInt(8) == 0 ? "" : "\n");
    }

    // ------------------------------------------------------------------ the solver's age files

    private static void copy(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (var files = Files.list(from)) {
            for (Path f : files.toList()) {
                if (Files.isRegularFile(f)) {
                    Files.copy(f, to.resolve(f.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    private static byte[] resealSha(byte[] b) {
        if (b.length < 32) {
            return b;
        }
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(Arrays.copyOf(b, b.length - 32));
            System.arraycopy(d, 0, b, b.length - 32, 32);
            return b;
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void damagedAgeFilesAreRefusedOrReadIdentical() throws IOException {
        Path dir = tmp.resolve("ages");
        copy(db, dir);
        int last = Manifest.read(db).lastAge();
        SplittableRandom r = new SplittableRandom(SEED + 2);
        int refused = 0;
        try (Solution want = Solution.open(db)) {
            for (int i = 0; i < 1600; i++) {
                int age = Manifest.FIRST_AGE + 2 * r.nextInt((last - Manifest.FIRST_AGE) / 2 + 1);
                Path file = r.nextBoolean() ? AgeFiles.idsFile(dir, age) : AgeFiles.valuesFile(dir, age);
                byte[] intact = Files.readAllBytes(file);
                boolean resealed = i % 4 == 3;
                byte[] b = mutate(intact, r);
                if (resealed) {
                    b = resealSha(b);
                }
                put(file, b);
                String what = "case " + i + ": " + file.getFileName() + (resealed ? " (resealed)" : "");
                List<Long> boards = BOARDS.getOrDefault(age, List.of());
                try (Solution sol = Solution.open(dir)) {
                    double best = sol.bestAfterstateValue(age);
                    for (long board : boards) {
                        double v = sol.stateValue(board);
                        if (!resealed) {
                            assertEquals(want.stateValue(board), v, 0, what);
                        }
                    }
                    if (!resealed) {
                        assertArrayEquals(intact, b, what + ": accepted, so identical");
                        assertEquals(want.bestAfterstateValue(age), best, 0, what);
                    }
                } catch (Exception e) {
                    assertRefused(e, file.toString(), what);
                    refused++;
                    if (i % CLI_EVERY == 0 && !boards.isEmpty()) {
                        CommandRun q = CommandRun.of("grade", "--db", dir.toString(), "--player", "random", "--threads", "1");
                        assertEquals(2, q.exit(), what + " -> " + q.err());
                        assertTrue(q.err().lines().anyMatch(l -> l.startsWith("g2048 grade: " + file)), what + " -> " + q.err());
                    }
                }
                put(file, intact);
            }
        }
        assertTrue(refused > 1250, refused + " of 1600 refused");
    }

    // ------------------------------------------------------------------ board text

    /** Characters a damaged or sloppy board may hold: ASCII digits and separators, look-alikes, spaces and controls. */
    private static final String[] ALPHABET = {"0", "1", "2", "4", "8", ".", ",", "/", " ", "\t", "\n", "\r", "\u0000",
        "\u0007", "+", "-", "_", "x", "２", "٢", "२", "\u00a0", "\u2009", "\u202e", "e", "𝟐", "00", "02", "65536", "3"};

    @Test
    void malformedBoardsAreRefusedInOneLineAndAcceptedBoardsAreCanonical() {
        SplittableRandom r = new SplittableRandom(SEED + 3);
        Shape[] shapes = {Shape.S2x2, Shape.S2x3, Shape.S3x3, new Shape(3, 4), new Shape(4, 3), Shape.S4x4};
        int accepted = 0;
        for (int i = 0; i < 4000; i++) {
            Shape shape = shapes[r.nextInt(shapes.length)];
            long board = 0;
            for (int c = 0; c < 16; c++) {
                if (c % 4 < shape.cols() && c / 4 < shape.rows() && r.nextInt(3) > 0) {
                    board = Board.withCode(board, c, 1 + r.nextInt(shape.maxReachableCode()));
                }
            }
            StringBuilder text = new StringBuilder(BoardText.format(board, shape));
            for (int k = 1 + r.nextInt(3); k > 0; k--) {
                int at = r.nextInt(text.length() + 1);
                switch (r.nextInt(3)) {
                    case 0 -> text.insert(at, ALPHABET[r.nextInt(ALPHABET.length)]);
                    case 1 -> {
                        if (at < text.length()) {
                            text.deleteCharAt(at);
                        }
                    }
                    default -> {
                        if (at < text.length()) {
                            text.setCharAt(at, ALPHABET[r.nextInt(ALPHABET.length)].charAt(0));
                        }
                    }
                }
            }
            String t = text.toString();
            String what = "case " + i + ": '" + t.replace("\n", "\\n") + "'";
            BoardText.Parsed p;
            try {
                p = BoardArgument.parse(t);
            } catch (Exception e) {
                assertRefused(e, "--board: board ", what);
                if (i % CLI_EVERY == 0) {
                    assertCliRefused("--board: board ", "move", "--board", t, "--player", "lines");
                }
                continue;
            }
            accepted++;
            // in the grammar: the text is the canonical form, up to '.' for 0 and spaces around it
            String canonical = t.strip().replace('.', '0');
            assertEquals(canonical, BoardText.format(p.board(), p.shape()), what);
        }
        assertTrue(accepted > 100, accepted + " accepted: the mutations leave some boards valid");
    }
}
