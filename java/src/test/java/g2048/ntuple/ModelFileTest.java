package g2048.ntuple;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Rng;
import g2048.game.Shape;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelFileTest {

    @TempDir
    Path dir;

    /** A trained-looking model: a few thousand random weights in a mostly zero table. */
    private static NtupleModel sample(Method method) {
        NtupleModel m = NtupleModel.create(TupleSpec.parse("0123,4567:sym:c15"), Shape.S4x4, method, 42, 0.004);
        Rng rng = new Rng(9);
        TupleNetwork net = m.network();
        long n = net.banks() * net.weights();
        for (int k = 0; k < 5000; k++) {
            net.setEntry(rng.nextInt((int) n), (float) (rng.nextGaussian() * 300));
        }
        m.setTraining(new TrainingState(1234, 56789, 1_000_000, 42, 0.004));
        return m;
    }

    private static void assertSameModel(NtupleModel a, NtupleModel b, float tolerance) {
        assertEquals(a.spec(), b.spec());
        assertEquals(a.shape(), b.shape());
        assertEquals(a.method(), b.method());
        assertEquals(a.training(), b.training());
        long n = a.network().banks() * a.network().weights();
        for (long i = 0; i < n; i++) {
            assertEquals(a.network().entry(i), b.network().entry(i), tolerance, "entry " + i);
        }
    }

    @Test
    void fullRoundTripIsExactAndRead() {
        for (Method method : Method.values()) {
            Path file = dir.resolve(method.text() + ".g2n");
            try (NtupleModel m = sample(method)) {
                NtupleModels.save(m, file);
                try (NtupleModel back = NtupleModels.load(file)) {
                    assertSameModel(m, back, 0f);
                    assertFalse(back.network().table().isMapped(), "full files are read onto fresh memory, not mapped");
                }
                try (NtupleModel back = NtupleModels.loadForTraining(file)) {
                    assertSameModel(m, back, 0f);
                }
            }
        }
    }

    @Test
    void playSkipsTheAccumulatorsTrainingKeepsThemAndBothCheckThem() throws IOException {
        Path file = dir.resolve("tc.g2n");
        try (NtupleModel m = sample(Method.TD_AFTERSTATE)) {
            m.setCoherent(true);
            new SelfPlay(m, 0.004, 1).train(20, null);
            NtupleModels.save(m, file);
            try (NtupleModel play = NtupleModels.load(file)) {
                assertSameModel(m, play, 0f);
                assertFalse(play.coherent(), "play holds the tables alone");
            }
            try (NtupleModel training = NtupleModels.loadForTraining(file)) {
                assertSameModel(m, training, 0f);
                assertTrue(training.coherent());
                assertEquals(-1, m.coherence().segment().mismatch(training.coherence().segment()));
            }
        }
        // a damaged accumulator is refused by play too, although play does not keep them
        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length - 3] ^= 0x40;
        Files.write(file, bytes);
        expect(file, "corrupt data (checksum mismatch)");
    }

    @Test
    void compactRoundTripIsWithinHalfAStepAndSmaller() throws IOException {
        Path full = dir.resolve("m.g2n");
        Path compact = dir.resolve("m" + NtupleModels.COMPACT_EXTENSION);
        try (NtupleModel m = sample(Method.TD_AFTERSTATE)) {
            NtupleModels.save(m, full);
            NtupleModels.save(m, compact);
            float max = 0;
            for (long i = 0; i < m.network().weights(); i++) {
                max = Math.max(max, Math.abs(m.network().entry(i)));
            }
            try (NtupleModel back = NtupleModels.load(compact)) {
                assertSameModel(m, back, (float) (max / ModelFileWriter.largestStep(NtupleModels.COMPACT_BITS)) * 0.5001f);
            }
        }
        assertTrue(Files.size(compact) * 20 < Files.size(full), Files.size(compact) + " vs " + Files.size(full));
    }

    @Test
    void compactBitsSetTheStepAndOutOfRangeBitsAreRefused() throws IOException {
        try (NtupleModel m = sample(Method.TD_AFTERSTATE)) {
            float max = 0;
            for (long i = 0; i < m.network().weights(); i++) {
                max = Math.max(max, Math.abs(m.network().entry(i)));
            }
            long previous = Long.MAX_VALUE;
            for (int bits = NtupleModels.MAX_COMPACT_BITS; bits >= NtupleModels.MIN_COMPACT_BITS; bits -= 3) {
                Path file = dir.resolve("b" + bits + NtupleModels.COMPACT_EXTENSION);
                NtupleModels.save(m, file, bits);
                double step = max / ((1 << (bits - 1)) - 1);
                try (NtupleModel back = NtupleModels.loadForTraining(file)) {
                    for (long i = 0; i < m.network().weights(); i++) {
                        float expected = (float) step * (int) Math.round(m.network().entry(i) / step);
                        assertEquals(expected, back.network().entry(i), "entry " + i + " at " + bits + " bits");
                    }
                }
                assertTrue(Files.size(file) < previous, bits + " bits: " + Files.size(file) + " bytes, not fewer than " + previous);
                previous = Files.size(file);
            }
            for (int bits : new int[] {NtupleModels.MIN_COMPACT_BITS - 1, NtupleModels.MAX_COMPACT_BITS + 1}) {
                Path file = dir.resolve("x" + bits + NtupleModels.COMPACT_EXTENSION);
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NtupleModels.save(m, file, bits));
                assertEquals("compact bits: expected 8 to 15, got " + bits, e.getMessage());
                assertFalse(Files.exists(file));
            }
        }
    }

    @Test
    void compactStagesAreCodedAsDifferencesAndComeBackExactly() throws IOException {
        for (Method method : Method.values()) {
            Path single = dir.resolve(method.text() + "-1" + NtupleModels.COMPACT_EXTENSION);
            Path copied = dir.resolve(method.text() + "-copied" + NtupleModels.COMPACT_EXTENSION);
            Path trained = dir.resolve(method.text() + "-3" + NtupleModels.COMPACT_EXTENSION);
            try (NtupleModel one = sample(method); NtupleModel three = one.promote(Stages.parse("2048,16384"))) {
                NtupleModels.save(one, single);
                NtupleModels.save(three, copied);
                // stages that are still copies cost almost nothing: their differences are zero runs
                assertTrue(Files.size(copied) < Files.size(single) * 11 / 10, Files.size(copied) + " vs " + Files.size(single));
                // the later stages learn on their own: some weights move, some new ones appear
                Rng rng = new Rng(17);
                TupleNetwork net = three.network();
                long n = net.banks() * net.weights();
                for (int k = 0; k < 3000; k++) {
                    long i = n / 3 + rng.nextInt((int) (n - n / 3));
                    net.setEntry(i, net.entry(i) + (float) (rng.nextGaussian() * 200));
                }
                NtupleModels.save(three, trained);
                float max = 0;
                for (long i = 0; i < n; i++) {
                    max = Math.max(max, Math.abs(net.entry(i)));
                }
                double step = max / ModelFileWriter.largestStep(NtupleModels.COMPACT_BITS);
                try (NtupleModel play = NtupleModels.load(trained); NtupleModel train = NtupleModels.loadForTraining(trained)) {
                    assertEquals(three.stages(), play.stages());
                    for (long i = 0; i < n; i++) {
                        float expected = (float) step * (int) Math.round(net.entry(i) / step);
                        assertEquals(expected, play.network().entry(i), "entry " + i + " (" + method.text() + ", play)");
                        assertEquals(expected, train.network().entry(i), "entry " + i + " (" + method.text() + ", training)");
                    }
                }
                try (var in = Files.newInputStream(trained); NtupleModel streamed = NtupleModels.load(in, "streamed")) {
                    assertSameModel(three, streamed, (float) step * 0.5001f);
                }
            }
        }
    }

    @Test
    void savingIsAtomicAndLeavesNoTemporaryFile() throws IOException {
        Path file = dir.resolve("a.g2n");
        try (NtupleModel m = sample(Method.TD_STATE)) {
            NtupleModels.save(m, file);
            NtupleModels.save(m, file);
        }
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count());
        }
    }

    @Test
    void badFilesGiveOneLineErrorsNamingTheFileAndProblem() throws IOException {
        Path full = dir.resolve("good.g2n");
        Path compact = dir.resolve("good.g2nz");
        try (NtupleModel m = sample(Method.TD_AFTERSTATE)) {
            NtupleModels.save(m, full);
            NtupleModels.save(m, compact);
        }
        byte[] good = Files.readAllBytes(full);
        byte[] goodCompact = Files.readAllBytes(compact);

        expect(dir.resolve("missing.g2n"), "no such file");
        expect(write("empty.g2n", new byte[0]), "truncated");
        expect(write("short-header.g2n", java.util.Arrays.copyOf(good, 100)), "truncated");
        expect(write("short-data.g2n", java.util.Arrays.copyOf(good, good.length - 1)), "truncated");
        expect(write("short-compact.g2nz", java.util.Arrays.copyOf(goodCompact, goodCompact.length - 3)), "truncated");
        byte[] longer = java.util.Arrays.copyOf(good, good.length + 8);
        expect(write("trailing.g2n", longer), "unexpected bytes");

        byte[] magic = good.clone();
        magic[0] = 'X';
        expect(write("magic.g2n", magic), "bad magic");

        byte[] version = good.clone();
        version[ModelHeader.OFF_VERSION] = 7;
        expect(write("version.g2n", version), "version 7");

        byte[] header = good.clone();
        header[ModelHeader.OFF_GAMES] ^= 1;
        expect(write("header.g2n", header), "corrupt header");

        byte[] data = good.clone();
        data[ModelHeader.HEADER_BYTES + 12345] ^= 0x10;
        expect(write("data.g2n", data), "corrupt data");

        byte[] compactData = goodCompact.clone();
        compactData[compactData.length - 10] ^= 0x10;
        expect(write("data.g2nz", compactData), "corrupt data");

        // Mismatches inside a header with a valid checksum (a writer that got it wrong).
        expect(write("weights.g2n", withHeader(good, b -> b.putLong(ModelHeader.OFF_WEIGHTS, 999))), "weights");
        expect(write("banks.g2n", withHeader(good, b -> b.putInt(ModelHeader.OFF_BANKS, 4))), "networks");
        expect(write("spec.g2n", withHeader(good, b -> b.put(ModelHeader.OFF_SPEC, (byte) 'z'))), "bad network description");
        expect(write("type.g2n", withHeader(good, b -> b.putInt(ModelHeader.OFF_VALUE_TYPE, 9))), "unknown value type");
        expect(write("shape.g2n", withHeader(good, b -> b.putShort(ModelHeader.OFF_COLS, (short) 3))), "bad network description");
        expect(write("terminal.g2n", withHeader(good, b -> b.putInt(ModelHeader.OFF_TERMINAL, 5))), "unknown terminal value 5");
        expect(write("terminal-afterstate.g2n", withHeader(good, b -> b.putInt(ModelHeader.OFF_TERMINAL, 1))),
                "only td-state models have a choice");

        // Numbers no player can use: NaN or infinite weights (checksum recomputed), bad steps.
        for (float bad : new float[] {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY}) {
            byte[] nan = good.clone();
            ByteBuffer.wrap(nan).order(ByteOrder.LITTLE_ENDIAN).putFloat(ModelHeader.HEADER_BYTES + 4 * 777, bad);
            CRC32C crc = new CRC32C();
            crc.update(nan, ModelHeader.HEADER_BYTES, nan.length - ModelHeader.HEADER_BYTES);
            int value = (int) crc.getValue();
            expect(write("nan.g2n", withHeader(nan, b -> b.putInt(ModelHeader.OFF_DATA_CRC, value))), "finite");
        }
        for (double step : new double[] {Double.NaN, Double.POSITIVE_INFINITY, 1e300, 0, -1}) {
            expect(write("step.g2nz", withHeader(goodCompact, b -> b.putDouble(ModelHeader.OFF_STEP, step))),
                    "quantisation step");
        }
        // Not regular files: refused before anything is read (no endless read, no hang).
        expect(dir, "directory");
        if (Files.exists(Path.of("/dev/zero"))) {
            ModelFileException e = assertThrows(ModelFileException.class, () -> NtupleModels.load(Path.of("/dev/zero")));
            assertTrue(e.getMessage().contains("device"), e.getMessage());
        }
    }

    @Test
    void theTerminalValueOfTdStateTravelsWithTheModel() {
        TupleSpec spec = TupleSpec.parse("012,456,89a,048,159,26a");
        for (String name : new String[] {"state.g2n", "state.g2nz"}) {
            Path file = dir.resolve(name);
            try (NtupleModel m = NtupleModel.create(spec, Shape.S3x3, Method.TD_STATE, TerminalValue.NETWORK, 3, 0.01)) {
                NtupleModels.save(m, file);
            }
            try (NtupleModel m = NtupleModels.load(file)) {
                assertEquals(TerminalValue.NETWORK, m.terminal());
                assertTrue(m.describe().contains("terminal states valued by the network"), m.describe());
            }
        }
        // Files written before the field existed have 0 there: terminal states worth 0.
        Path plain = dir.resolve("plain.g2n");
        try (NtupleModel m = NtupleModel.create(spec, Shape.S3x3, Method.TD_STATE, 3, 0.01)) {
            NtupleModels.save(m, plain);
        }
        try (NtupleModel m = NtupleModels.load(plain)) {
            assertEquals(TerminalValue.ZERO, m.terminal());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> NtupleModel.create(spec, Shape.S3x3, Method.TD_AFTERSTATE, TerminalValue.NETWORK, 3, 0.01));
        assertTrue(e.getMessage().contains("td-state only"), e.getMessage());
    }

    @Test
    void theTdRuleAndShapingTravelWithTheTrainingState() throws IOException {
        TdRule rule = new TdRule(1, 0.5, true);
        for (String name : new String[] {"rule.g2n", "rule.g2nz"}) {
            Path file = dir.resolve(name);
            try (NtupleModel m = sample(Method.TD_AFTERSTATE)) {
                m.setTraining(new TrainingState(1234, 56789, 1_000_000, 42, 0.004, rule, Shaping.RESTART));
                NtupleModels.save(m, file);
            }
            try (NtupleModel play = NtupleModels.load(file); NtupleModel train = NtupleModels.loadForTraining(file)) {
                for (NtupleModel back : new NtupleModel[] {play, train}) {
                    assertEquals(new TrainingState(1234, 56789, 1_000_000, 42, 0.004, rule, Shaping.RESTART), back.training());
                }
            }
        }
        // A state that records none writes zeros there, as files written before the fields have: none read back.
        Path plain = dir.resolve("plain.g2n");
        try (NtupleModel m = sample(Method.TD_AFTERSTATE)) {
            NtupleModels.save(m, plain);
        }
        try (NtupleModel back = NtupleModels.loadForTraining(plain)) {
            assertFalse(back.training().recordsLearning());
            assertEquals(null, back.training().rule());
        }
        byte[] good = Files.readAllBytes(dir.resolve("rule.g2n"));
        byte[] none = Files.readAllBytes(plain);
        expect(write("rule-lambda.g2n", withHeader(good, b -> b.putDouble(ModelHeader.OFF_RULE_LAMBDA, 1.5))), "bad TD rule");
        expect(write("rule-steps.g2n", withHeader(good, b -> b.putInt(ModelHeader.OFF_RULE_STEPS, -3))), "bad TD rule");
        expect(write("rule-flags.g2n", withHeader(good, b -> b.putInt(ModelHeader.OFF_RULE_FLAGS, 6))), "unknown TD rule flags");
        expect(write("shaping.g2n", withHeader(good, b -> b.putInt(ModelHeader.OFF_SHAPING, 7))), "unknown shaping 7");
        expect(write("orphan.g2n", withHeader(none, b -> b.putInt(ModelHeader.OFF_SHAPING, 1))), "without the rule's steps");
        try (NtupleModel m = sample(Method.TD_STATE)) {
            m.setTraining(new TrainingState(1, 1, 1, 42, 0.004, TdRule.TD0, Shaping.NONE));
            NtupleModels.save(m, dir.resolve("state.g2n"));
        }
        byte[] state = Files.readAllBytes(dir.resolve("state.g2n"));
        expect(write("state-lambda.g2n", withHeader(state, b -> b.putDouble(ModelHeader.OFF_RULE_LAMBDA, 0.5)
                .putInt(ModelHeader.OFF_RULE_FLAGS, ModelHeader.RULE_BACKWARD))), "only td-afterstate");
    }

    private Path write(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    private static void expect(Path file, String problem) {
        ModelFileException e = assertThrows(ModelFileException.class, () -> NtupleModels.load(file).close());
        String msg = e.getMessage();
        assertTrue(msg.startsWith("model file " + file + ": "), msg);
        assertTrue(msg.contains(problem), "expected '" + problem + "' in: " + msg);
        assertFalse(msg.contains("\n"), msg);
    }

    /** A copy of {@code file} with a header field changed and the header checksum recomputed. */
    private static byte[] withHeader(byte[] file, java.util.function.Consumer<ByteBuffer> change) {
        byte[] out = file.clone();
        ByteBuffer b = ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN);
        change.accept(b);
        b.putInt(ModelHeader.OFF_HEADER_CRC, 0);
        CRC32C crc = new CRC32C();
        crc.update(out, 0, ModelHeader.HEADER_BYTES);
        b.putInt(ModelHeader.OFF_HEADER_CRC, (int) crc.getValue());
        return out;
    }
}
