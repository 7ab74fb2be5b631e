package g2048.ntuple;

import g2048.game.Shape;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.zip.CRC32C;

/**
 * The 4,096-byte header that starts every model file (little-endian); the data follows at
 * {@link #HEADER_BYTES}, so a float table is page-aligned when the file is mapped.
 *
 * <pre>
 * offset size  field
 *      0    8  magic "G2048NTP"
 *      8    4  version (2; version 1 files, without the fields at 3960..4003, still load)
 *     12    4  header bytes (4096)
 *     16    4  value type: 1 = float32 table, 3 = compact (int16 quantised, range coded by {@link StepCoder});
 *              2 = the compact form before it (zero runs, deflated), still read
 *     20    4  method: 0 td-afterstate, 1 td-state, 2 q-learning
 *     24    4  banks (networks: 1, or 4 for q-learning, times the stages)
 *     28    2  board rows
 *     30    2  board columns
 *     32    8  weights per bank
 *     40    8  data bytes (the bytes after the header)
 *     48    4  CRC32C of the data bytes
 *     52    4  CRC32C of the header with this field set to 0
 *     56    8  games trained
 *     64    8  training seed
 *     72    8  alpha (float64)
 *     80    8  moves trained
 *     88    8  training nanoseconds
 *     96    8  quantisation step (float64; compact only: weight = step · int16)
 *    104    4  spec length n (bytes)
 *    108    n  network spec, canonical form, UTF-8 (at most 3,852 bytes; 3,980 in version 1)
 *   3960    8  initial value V0 of every fresh state (float64; 0: weights from 0)
 *   3968    4  stages s (1..8)
 *   3972    4  flags: bit 0 = temporal-coherence accumulators follow the tables (full form: as float32;
 *              compact form: coded, see {@link ModelFileWriter});
 *              bit 1 = compact form: every stage after the first is coded as its difference from the
 *              stage before it (a split stage starts as a copy: untouched weights code as zero runs)
 *   3976  4·7  stage thresholds (tile sums), s − 1 of them, the rest 0
 *   4004    4  TD rule last trained by ({@link TdRule}): its steps n; 0 when not recorded (files written
 *              before these fields, or a model not yet trained), the fields up to 4023 then 0 too
 *   4008    8  TD rule: λ (float64)
 *   4016    4  TD rule: bit 0 = backward
 *   4020    4  shaping last trained with: 0 none, 1 restart, 2 carousel (see {@link Shaping})
 *   4088    4  terminal value of TD-state: 0 = zero, 1 = the network's (see {@link TerminalValue});
 *              files written before this field have 0 here
 * </pre>
 *
 * <p>Data: the float32 tables (full) or their compact coding, bank after bank; in the full form
 * with flag bit 0, then the accumulators of {@link Coherence} (E, A per weight, float32).
 */
record ModelHeader(int valueType, Method method, int banks, Shape shape, long weights, long dataBytes, int dataCrc,
                   TrainingState training, double step, TupleSpec spec, TerminalValue terminal, Stages stages,
                   double initialValue, boolean coherent, boolean stageDeltas) {

    ModelHeader(int valueType, Method method, int banks, Shape shape, long weights, long dataBytes, int dataCrc,
                TrainingState training, double step, TupleSpec spec, TerminalValue terminal, Stages stages,
                double initialValue, boolean coherent) {
        this(valueType, method, banks, shape, weights, dataBytes, dataCrc, training, step, spec, terminal, stages,
                initialValue, coherent, false);
    }

    static final byte[] MAGIC = "G2048NTP".getBytes(StandardCharsets.US_ASCII);
    static final int VERSION = 2;
    static final int HEADER_BYTES = 4096;
    static final int FLOAT32 = 1;
    /** The compact form of zero runs and deflate, written until {@link #CODED} replaced it: read, never written. */
    static final int COMPACT = 2;
    static final int CODED = 3;

    static final int OFF_MAGIC = 0;
    static final int OFF_VERSION = 8;
    static final int OFF_HEADER_BYTES = 12;
    static final int OFF_VALUE_TYPE = 16;
    static final int OFF_METHOD = 20;
    static final int OFF_BANKS = 24;
    static final int OFF_ROWS = 28;
    static final int OFF_COLS = 30;
    static final int OFF_WEIGHTS = 32;
    static final int OFF_DATA_BYTES = 40;
    static final int OFF_DATA_CRC = 48;
    static final int OFF_HEADER_CRC = 52;
    static final int OFF_GAMES = 56;
    static final int OFF_SEED = 64;
    static final int OFF_ALPHA = 72;
    static final int OFF_MOVES = 80;
    static final int OFF_NANOS = 88;
    static final int OFF_STEP = 96;
    static final int OFF_SPEC_LENGTH = 104;
    static final int OFF_SPEC = 108;
    static final int OFF_INITIAL_VALUE = 3960;
    static final int OFF_STAGES = 3968;
    static final int OFF_FLAGS = 3972;
    static final int OFF_THRESHOLDS = 3976;
    static final int OFF_RULE_STEPS = 4004;
    static final int OFF_RULE_LAMBDA = 4008;
    static final int OFF_RULE_FLAGS = 4016;
    static final int OFF_SHAPING = 4020;
    static final int OFF_TERMINAL = 4088;
    static final int RULE_BACKWARD = 1;
    static final int FLAG_COHERENCE = 1;
    static final int FLAG_STAGE_DELTAS = 2;

    /** Bytes of data a full-form file of this header holds: tables, then the accumulators if any. */
    static long fullDataBytes(int banks, long weights, boolean coherent) {
        return banks * weights * Float.BYTES * (coherent ? 3 : 1);
    }

    ByteBuffer encode() {
        ByteBuffer b = ByteBuffer.allocate(HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        b.put(OFF_MAGIC, MAGIC);
        b.putInt(OFF_VERSION, VERSION);
        b.putInt(OFF_HEADER_BYTES, HEADER_BYTES);
        b.putInt(OFF_VALUE_TYPE, valueType);
        b.putInt(OFF_METHOD, method.ordinal());
        b.putInt(OFF_BANKS, banks);
        b.putShort(OFF_ROWS, (short) shape.rows());
        b.putShort(OFF_COLS, (short) shape.cols());
        b.putLong(OFF_WEIGHTS, weights);
        b.putLong(OFF_DATA_BYTES, dataBytes);
        b.putInt(OFF_DATA_CRC, dataCrc);
        b.putLong(OFF_GAMES, training.games());
        b.putLong(OFF_SEED, training.seed());
        b.putDouble(OFF_ALPHA, training.alpha());
        b.putLong(OFF_MOVES, training.moves());
        b.putLong(OFF_NANOS, training.nanos());
        b.putDouble(OFF_STEP, step);
        byte[] text = spec.canonical().getBytes(StandardCharsets.UTF_8);
        if (OFF_SPEC + text.length > OFF_INITIAL_VALUE) {
            throw new IllegalArgumentException("network " + spec.name() + ": its description of " + text.length
                    + " bytes does not fit a model header (at most " + (OFF_INITIAL_VALUE - OFF_SPEC) + ")");
        }
        b.putInt(OFF_SPEC_LENGTH, text.length);
        b.put(OFF_SPEC, text);
        b.putDouble(OFF_INITIAL_VALUE, initialValue);
        b.putInt(OFF_STAGES, stages.count());
        b.putInt(OFF_FLAGS, (coherent ? FLAG_COHERENCE : 0) | (stageDeltas ? FLAG_STAGE_DELTAS : 0));
        for (int i = 0; i < stages.thresholds().length; i++) {
            b.putInt(OFF_THRESHOLDS + 4 * i, stages.thresholds()[i]);
        }
        TdRule rule = training.rule();
        if (rule != null) {
            b.putInt(OFF_RULE_STEPS, rule.steps());
            b.putDouble(OFF_RULE_LAMBDA, rule.lambda());
            b.putInt(OFF_RULE_FLAGS, rule.backward() ? RULE_BACKWARD : 0);
            b.putInt(OFF_SHAPING, training.shaping().ordinal());
        }
        b.putInt(OFF_TERMINAL, terminal.ordinal());
        b.putInt(OFF_HEADER_CRC, headerCrc(b));
        return b;
    }

    private static int headerCrc(ByteBuffer b) {
        CRC32C crc = new CRC32C();
        ByteBuffer copy = b.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        copy.putInt(OFF_HEADER_CRC, 0);
        copy.position(0).limit(HEADER_BYTES);
        crc.update(copy);
        return (int) crc.getValue();
    }

    /** Decodes and checks a header read from {@code file} of {@code fileBytes} bytes. */
    static ModelHeader decode(Path file, ByteBuffer b, long fileBytes) {
        return decode(file.toString(), b, fileBytes);
    }

    /** Decodes and checks a header read from {@code file} (a file's or a stream's name) of {@code fileBytes} bytes. */
    static ModelHeader decode(String file, ByteBuffer b, long fileBytes) {
        b = b.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        if (fileBytes < HEADER_BYTES) {
            throw new ModelFileException(file, "truncated: " + fileBytes + " bytes, the header alone needs " + HEADER_BYTES);
        }
        byte[] magic = new byte[MAGIC.length];
        b.get(OFF_MAGIC, magic);
        if (!java.util.Arrays.equals(magic, MAGIC)) {
            throw new ModelFileException(file, "not a g2048 n-tuple model (bad magic)");
        }
        int version = b.getInt(OFF_VERSION);
        if (version != 1 && version != VERSION) {
            throw new ModelFileException(file, "format version " + version + ", this build reads versions 1 and " + VERSION);
        }
        int specEnd = version == 1 ? OFF_TERMINAL : OFF_INITIAL_VALUE;
        int stored = b.getInt(OFF_HEADER_CRC);
        if (stored != headerCrc(b)) {
            throw new ModelFileException(file, "corrupt header (checksum mismatch)");
        }
        if (b.getInt(OFF_HEADER_BYTES) != HEADER_BYTES) {
            throw new ModelFileException(file, "header size " + b.getInt(OFF_HEADER_BYTES) + ", expected " + HEADER_BYTES);
        }
        int valueType = b.getInt(OFF_VALUE_TYPE);
        if (valueType != FLOAT32 && valueType != COMPACT && valueType != CODED) {
            throw new ModelFileException(file, "unknown value type " + valueType
                    + " (1 = float32, 2 or 3 = compact)");
        }
        int m = b.getInt(OFF_METHOD);
        if (m < 0 || m >= Method.values().length) {
            throw new ModelFileException(file, "unknown method " + m);
        }
        Method method = Method.values()[m];
        Shape shape;
        TupleSpec spec;
        try {
            shape = new Shape(b.getShort(OFF_ROWS), b.getShort(OFF_COLS));
            int len = b.getInt(OFF_SPEC_LENGTH);
            if (len <= 0 || OFF_SPEC + len > specEnd) {
                throw new IllegalArgumentException("spec length " + len + " out of range");
            }
            byte[] text = new byte[len];
            b.get(OFF_SPEC, text);
            spec = TupleSpec.parse(new String(text, StandardCharsets.UTF_8));
            spec.checkFits(shape);
        } catch (IllegalArgumentException e) {
            throw new ModelFileException(file, "bad network description: " + e.getMessage(), e);
        }
        Stages stages = Stages.SINGLE;
        double initialValue = 0;
        boolean coherent = false;
        boolean stageDeltas = false;
        TdRule rule = null;
        Shaping shaping = null;
        if (version >= 2) {
            int count = b.getInt(OFF_STAGES);
            if (count < 1 || count > Stages.MAX_STAGES) {
                throw new ModelFileException(file, "stage count " + count + " outside 1.." + Stages.MAX_STAGES);
            }
            int[] thresholds = new int[count - 1];
            for (int i = 0; i < thresholds.length; i++) {
                thresholds[i] = b.getInt(OFF_THRESHOLDS + 4 * i);
            }
            try {
                stages = new Stages(thresholds);
            } catch (IllegalArgumentException e) {
                throw new ModelFileException(file, "bad stages: " + e.getMessage(), e);
            }
            initialValue = b.getDouble(OFF_INITIAL_VALUE);
            if (!Double.isFinite(initialValue)) {
                throw new ModelFileException(file, "initial value " + initialValue + " is not a finite number");
            }
            int flags = b.getInt(OFF_FLAGS);
            if ((flags & ~(FLAG_COHERENCE | FLAG_STAGE_DELTAS)) != 0) {
                throw new ModelFileException(file, "unknown flags " + Integer.toHexString(flags));
            }
            coherent = (flags & FLAG_COHERENCE) != 0;
            stageDeltas = (flags & FLAG_STAGE_DELTAS) != 0;
            rule = rule(file, b);
            shaping = rule == null ? null : shaping(file, b);
        }
        int banks = b.getInt(OFF_BANKS);
        if (banks != method.banks() * stages.count()) {
            throw new ModelFileException(file, method.text() + " model of " + stages.count() + " stage(s) with " + banks
                    + " networks, expected " + method.banks() * stages.count());
        }
        long weights = b.getLong(OFF_WEIGHTS);
        if (weights != spec.weights()) {
            throw new ModelFileException(file, "header says " + weights + " weights, network " + spec.name()
                    + " has " + spec.weights());
        }
        long dataBytes = b.getLong(OFF_DATA_BYTES);
        if (coherent && valueType == COMPACT) {
            throw new ModelFileException(file, "compact model of the older form flagged with coherence accumulators "
                    + "(that form never held them)");
        }
        if (stageDeltas && (valueType != COMPACT || stages.count() == 1)) {
            throw new ModelFileException(file, "stage differences flagged in a model that is not a compact multi-stage one");
        }
        if (valueType == FLOAT32 && dataBytes != fullDataBytes(banks, weights, coherent)) {
            throw new ModelFileException(file, "header says " + dataBytes + " data bytes, a float32 table needs "
                    + fullDataBytes(banks, weights, coherent));
        }
        if (fileBytes < HEADER_BYTES + dataBytes) {
            throw new ModelFileException(file, "truncated: " + fileBytes + " bytes, expected " + (HEADER_BYTES + dataBytes));
        }
        if (fileBytes > HEADER_BYTES + dataBytes) {
            throw new ModelFileException(file, (fileBytes - HEADER_BYTES - dataBytes) + " unexpected bytes after the data");
        }
        int t = b.getInt(OFF_TERMINAL);
        if (t < 0 || t >= TerminalValue.values().length) {
            throw new ModelFileException(file, "unknown terminal value " + t + " (0 = zero, 1 = network)");
        }
        TerminalValue terminal = TerminalValue.values()[t];
        if (terminal != TerminalValue.ZERO && method != Method.TD_STATE) {
            throw new ModelFileException(file, method.text() + " model with terminal value " + terminal.text()
                    + ": only td-state models have a choice");
        }
        double step = b.getDouble(OFF_STEP);
        // A compact weight is step · q with |q| ≤ 32767: the step must keep that within the weights' limit.
        double maxStep = WeightCheck.limit(spec) / 32767.0;
        if (valueType != FLOAT32 && !(step > 0 && step <= maxStep)) {
            throw new ModelFileException(file, "quantisation step " + step + ": expected a positive number up to "
                    + maxStep + " (a board's value sums a weight per tuple and image and could overflow)");
        }
        // counts of a real run: 2^50 games is millennia of training; beyond it a count is damage
        long maxCount = 1L << 50;
        for (int off : new int[] {OFF_GAMES, OFF_MOVES, OFF_NANOS}) {
            long v = b.getLong(off);
            if (v < 0 || v > (off == OFF_NANOS ? Long.MAX_VALUE : maxCount)) {
                throw new ModelFileException(file, (off == OFF_GAMES ? "games trained " : off == OFF_MOVES ? "moves trained "
                        : "training time ") + v + " out of range, expected 0.." + (off == OFF_NANOS ? Long.MAX_VALUE : maxCount));
            }
        }
        double alpha = b.getDouble(OFF_ALPHA);
        if (!Double.isFinite(alpha) || alpha < 0) {
            throw new ModelFileException(file, "learning rate (alpha) " + alpha + " in the header, expected a finite number >= 0");
        }
        if (rule != null && !rule.plain() && method != Method.TD_AFTERSTATE) {
            throw new ModelFileException(file, method.text() + " model trained by " + rule.text()
                    + ": only td-afterstate models learn by another rule than TD(0)");
        }
        TrainingState training = new TrainingState(b.getLong(OFF_GAMES), b.getLong(OFF_MOVES), b.getLong(OFF_NANOS),
                b.getLong(OFF_SEED), b.getDouble(OFF_ALPHA), rule, shaping);
        return new ModelHeader(valueType, method, banks, shape, weights, dataBytes, b.getInt(OFF_DATA_CRC), training,
                step, spec, terminal, stages, initialValue, coherent, stageDeltas);
    }

    /** The TD rule the header records, or null when it records none (its fields all 0). */
    private static TdRule rule(String file, ByteBuffer b) {
        int steps = b.getInt(OFF_RULE_STEPS);
        double lambda = b.getDouble(OFF_RULE_LAMBDA);
        int flags = b.getInt(OFF_RULE_FLAGS);
        if (steps == 0) {
            if (b.getLong(OFF_RULE_LAMBDA) != 0 || flags != 0 || b.getInt(OFF_SHAPING) != 0) {
                throw new ModelFileException(file, "TD rule fields set without the rule's steps");
            }
            return null;
        }
        if ((flags & ~RULE_BACKWARD) != 0) {
            throw new ModelFileException(file, "unknown TD rule flags " + Integer.toHexString(flags));
        }
        try {
            return new TdRule(steps, lambda, (flags & RULE_BACKWARD) != 0);
        } catch (IllegalArgumentException e) {
            throw new ModelFileException(file, "bad TD rule: " + e.getMessage(), e);
        }
    }

    private static Shaping shaping(String file, ByteBuffer b) {
        int s = b.getInt(OFF_SHAPING);
        if (s < 0 || s >= Shaping.values().length) {
            throw new ModelFileException(file, "unknown shaping " + s + " (0 = none, 1 = restart, 2 = carousel)");
        }
        return Shaping.values()[s];
    }

    /** Entries between a weight and the same weight one stage earlier (the stride of stage differences). */
    long stageStride() {
        return stageStride(method, weights);
    }

    /** {@link #stageStride()} of a model of {@code method} with {@code weights} entries a bank: the writer's and the reader's one rule. */
    static long stageStride(Method method, long weights) {
        return (long) method.banks() * weights;
    }
}
