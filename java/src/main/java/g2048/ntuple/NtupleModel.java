package g2048.ntuple;

import g2048.eval.Evaluator;
import g2048.game.Shape;
import g2048.player.Player;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;

/**
 * A network with what it was trained for: spec, board shape, learning method, tables and training
 * state. The tables live in an arena that {@link #close()} releases; close a model only when no
 * thread uses it any more.
 */
public final class NtupleModel implements AutoCloseable {

    private final Method method;
    private final TerminalValue terminal;
    private final Stages stages;
    private final TupleLayout layout;
    private final int banks;
    /** The float32 tables; for a model loaded as int16 tables only, made from them on first use. */
    private volatile TupleNetwork net;
    private final Arena arena;
    private final String source;
    private volatile TrainingState training;
    /** The step of the compact form the tables were read from; 0 when they were not. */
    private final double quantum;
    /** The value every fresh state was given (optimistic initialisation); 0 for weights from 0. */
    private final double initialValue;
    /** Temporal-coherence accumulators, or null when the model learns by plain TD. */
    private volatile Coherence coherence;
    private Int16Network[] int16;
    /** For int16 tables rounded from a full model's float32 tables: that file, which {@link #network()} reads again. */
    private Path floatFile;
    /** The model {@link #network()} read from {@link #floatFile}, closed with this one. */
    private NtupleModel floatOwner;

    NtupleModel(Method method, TerminalValue terminal, Stages stages, TupleNetwork net, Arena arena,
                TrainingState training, String source, double quantum, double initialValue, Coherence coherence) {
        this(method, terminal, stages, net.layout(), net.banks(), net, null, arena, training, source, quantum, initialValue,
                coherence);
    }

    /**
     * A model for play whose tables are the int16 banks {@code int16} (one per stage: a
     * TD-afterstate model read from the compact form, each weight {@code (float) quantum · q});
     * the float32 tables are made from them only if something asks for them ({@link #network()}).
     */
    NtupleModel(Method method, Stages stages, Int16Network[] int16, TupleLayout layout, Arena arena, TrainingState training,
                String source, float quantum, double initialValue) {
        this(method, TerminalValue.ZERO, stages, layout, int16.length, null, int16.clone(), arena, training, source, quantum,
                initialValue, null);
        if (method != Method.TD_AFTERSTATE) {
            throw new IllegalArgumentException("int16 tables alone serve td-afterstate models only, not " + method.text());
        }
    }

    /**
     * A model for play whose tables are the int16 banks {@code int16}, rounded from the float32 tables
     * of the full model {@code file} ({@link Int16FromFloats}); those float32 tables are read from the
     * file again only if something asks for them ({@link #network()}).
     */
    NtupleModel(Method method, Stages stages, Int16Network[] int16, TupleLayout layout, Arena arena, TrainingState training,
                String source, double initialValue, Path file) {
        this(method, stages, int16, layout, arena, training, source, 0f, initialValue);
        this.floatFile = file;
    }

    private NtupleModel(Method method, TerminalValue terminal, Stages stages, TupleLayout layout, int banks,
                        TupleNetwork net, Int16Network[] int16, Arena arena, TrainingState training, String source,
                        double quantum, double initialValue, Coherence coherence) {
        if (banks != method.banks() * stages.count()) {
            throw new IllegalArgumentException(method.text() + " with " + stages.count() + " stage(s) needs "
                    + method.banks() * stages.count() + " networks, got " + banks);
        }
        long weights = layout.spec().weights();
        if (coherence != null && coherence.weights() != banks * weights) {
            throw new IllegalArgumentException("coherence accumulators for " + coherence.weights() + " weights, the network has "
                    + banks * weights);
        }
        checkTerminal(method, terminal);
        this.method = method;
        this.terminal = terminal;
        this.stages = stages;
        this.layout = layout;
        this.banks = banks;
        this.net = net;
        this.int16 = int16;
        this.arena = arena;
        this.training = training;
        this.source = source;
        this.quantum = quantum;
        this.initialValue = initialValue;
        this.coherence = coherence;
    }

    /** A new model with all weights 0, on huge pages where the system allows; terminal states worth 0. */
    public static NtupleModel create(TupleSpec spec, Shape shape, Method method, long seed, double alpha) {
        return create(spec, shape, method, TerminalValue.ZERO, seed, alpha);
    }

    /**
     * A new model with all weights 0 whose TD-state learning values terminal states by
     * {@code terminal} (only {@link TerminalValue#ZERO} for the other methods).
     */
    public static NtupleModel create(TupleSpec spec, Shape shape, Method method, TerminalValue terminal, long seed,
                                     double alpha) {
        return create(spec, shape, method, terminal, Stages.SINGLE, 0, false, seed, alpha);
    }

    /**
     * A new model with {@code stages.count()} sets of tables. With {@code initialValue} V0 ≠ 0
     * (optimistic initialisation) every weight starts at V0 / features, so that every board is
     * first valued V0; with {@code coherence} the model learns by TD+TC.
     */
    public static NtupleModel create(TupleSpec spec, Shape shape, Method method, TerminalValue terminal, Stages stages,
                                     double initialValue, boolean coherence, long seed, double alpha) {
        spec.checkFits(shape);
        checkTerminal(method, terminal);
        if (!Double.isFinite(initialValue)) {
            throw new IllegalArgumentException("initial value must be finite, got " + initialValue);
        }
        Arena arena = Arena.ofShared();
        int banks = method.banks() * stages.count();
        // faulted in now: training reads and writes every page of them within its first games
        OffHeap.Table table = OffHeap.allocateTouched(banks * spec.weights() * Float.BYTES, arena);
        TupleNetwork net = new TupleNetwork(spec, shape, banks, table.segment(), table.hugePages());
        if (initialValue != 0) {
            float w = (float) (initialValue / net.features());
            for (long i = 0, n = banks * spec.weights(); i < n; i++) {
                net.setEntry(i, w);
            }
        }
        Coherence tc = coherence ? Coherence.fresh(banks * spec.weights(), arena) : null;
        return new NtupleModel(method, terminal, stages, net, arena, TrainingState.fresh(seed, alpha), "new", 0,
                initialValue, tc);
    }

    private static void checkTerminal(Method method, TerminalValue terminal) {
        if (terminal != TerminalValue.ZERO && method != Method.TD_STATE) {
            throw new IllegalArgumentException("terminal value " + terminal.text() + " is a choice of td-state only; "
                    + method.text() + " values a terminal state 0");
        }
    }

    public TupleSpec spec() {
        return layout.spec();
    }

    public Shape shape() {
        return layout.shape();
    }

    public Method method() {
        return method;
    }

    /** What TD-state takes as the value of a terminal state ({@link TerminalValue#ZERO} for the other methods). */
    public TerminalValue terminal() {
        return terminal;
    }

    /**
     * The float32 tables. A model loaded for play as int16 tables only makes them here on first
     * use (each weight {@code (float) step · q}, the value the compact form's loader always gave
     * it), doubling its memory: play at 1-ply never asks.
     */
    public TupleNetwork network() {
        TupleNetwork n = net;
        return n != null ? n : floatTables();
    }

    private synchronized TupleNetwork floatTables() {
        if (net == null && floatFile != null) {
            // the int16 tables are rounded: the float32 tables are the file's own
            floatOwner = NtupleModels.load(floatFile);
            net = floatOwner.network();
        }
        if (net == null) {
            long weights = layout.spec().weights();
            OffHeap.Table t = OffHeap.allocateTouched(banks * weights * Float.BYTES, arena);
            float step = (float) quantum;
            MemorySegment table = t.segment();
            for (int b = 0; b < banks; b++) {
                Int16Network bank = int16[b];
                long first = b * weights;
                for (long i = 0; i < weights; i++) {
                    short q = bank.entry(i);
                    if (q != 0) {
                        table.setAtIndex(ValueLayout.JAVA_FLOAT, first + i, step * q);
                    }
                }
            }
            net = new TupleNetwork(layout.spec(), layout.shape(), banks, table, t.hugePages());
        }
        return net;
    }

    /** Whether the float32 tables exist (false for a model read as int16 tables only, until {@link #network()}). */
    public boolean hasFloatTables() {
        return net != null;
    }

    /** The stages its tables are split into (one for a plain network). */
    public Stages stages() {
        return stages;
    }

    /** The value fresh states were given when the model was created (0: weights from 0). */
    public double initialValue() {
        return initialValue;
    }

    /** Whether it learns by temporal coherence (it holds the accumulators). */
    public boolean coherent() {
        return coherence != null;
    }

    Coherence coherence() {
        return coherence;
    }

    /**
     * The temporal-coherence accumulators, or null without them: E and A of weight {@code i} (over all
     * banks) at floats {@code 2i} and {@code 2i + 1}; for tools that move them between engines.
     */
    public MemorySegment accumulators() {
        Coherence tc = coherence;
        return tc == null ? null : tc.segment();
    }

    /** The step of the compact form the tables were read from; 0 when they were not. */
    double quantum() {
        return quantum;
    }

    /**
     * Switches learning to TD+TC (fresh accumulators: every weight's rate starts at α), or back to
     * plain TD. Not while training threads run.
     */
    public void setCoherent(boolean on) {
        setCoherent(on, 0f);
    }

    /**
     * As {@link #setCoherent(boolean)}, but fresh accumulators over trained weights start warm: every
     * non-zero weight's A starts at {@code prior} (its E at 0), as if it had already been pushed back and
     * forth by that much error. Its rate then starts near 0 and grows only with errors that agree, so a
     * run resumed without its accumulators does not relearn at the full rate what it knew.
     */
    public void setCoherent(boolean on, float prior) {
        if (!(prior >= 0f) || Float.isInfinite(prior)) {
            throw new IllegalArgumentException("coherence prior must be a finite number >= 0, got " + prior);
        }
        if (on && coherence == null) {
            coherence = Coherence.fresh(banks * layout.spec().weights(), arena);
            if (prior > 0f) {
                coherence.warm(network(), prior);
            }
        } else if (!on) {
            coherence = null;
        }
    }

    /**
     * Multi-stage weight promotion: a new model of {@code into} stages whose every stage starts as
     * a copy of the stage of this model that served its boards (its tables and accumulators), so that
     * a network goes on learning each new stage on its own from what it knew. Every threshold of this
     * model must be one of {@code into}'s: a single-stage model splits into any stages, and
     * {@code 16384} into {@code 16384,32768,49152} (the two new stages start from the 16384 one). This
     * model is left as it was; close it when done.
     */
    public NtupleModel promote(Stages into) {
        return ModelGrowth.promote(this, into);
    }

    /**
     * A larger network grown from this one: a new model of {@code into}, which must hold every
     * tuple of this model's network (the same cells, values per cell and sampling), whose shared
     * tuples start from this model's tables and accumulators in every bank and whose new tuples
     * start at 0 (their accumulators too). Every board then keeps its value, up to the order of a
     * float sum, and training goes on from there with more capacity instead of from scratch. The
     * same method, stages and training state; this model is left as it was; close it when done.
     */
    public NtupleModel grow(TupleSpec into) {
        return ModelGrowth.grow(this, into);
    }

    public TrainingState training() {
        return training;
    }

    void setTraining(TrainingState state) {
        this.training = state;
    }

    /**
     * The value of afterstates this model implies, from its live float32 tables: the network for
     * TD-afterstate, the expectation over spawns for TD-state. Q-learning values actions, not
     * afterstates: it has none.
     */
    public Evaluator evaluator() {
        return evaluator(TablePrecision.FLOAT32);
    }

    /**
     * {@link #evaluator()} reading the tables at {@code precision}; {@link TablePrecision#INT16}
     * makes (once, then shares) a read-only copy that later training does not change, and serves
     * TD-afterstate models only.
     */
    public Evaluator evaluator(TablePrecision precision) {
        if (method == Method.Q_LEARNING) {
            throw new IllegalArgumentException("model " + source
                    + " is a q-learning model: it values actions, not afterstates (use its move policy)");
        }
        int downgrade = downgradeThreshold();
        TablePrecision p = precision == TablePrecision.AUTO
                ? (method == Method.TD_AFTERSTATE ? TablePrecision.INT16 : TablePrecision.FLOAT32) : precision;
        if (p == TablePrecision.INT16) {
            if (method != Method.TD_AFTERSTATE) {
                throw new IllegalArgumentException("model " + source + " is a " + method.text()
                        + " model: int16 tables serve td-afterstate models only (use float32)");
            }
            Int16Network[] copies = int16();
            boolean exact = true;
            for (Int16Network c : copies) {
                exact &= c.exact();
            }
            String tables = ", int16 tables (" + (exact ? "exact" : "rounded to steps of " + (float) copies[0].step()) + ")";
            if (copies.length == 1) {
                return new AfterstateEvaluator(shape(), copies[0]::value, describe() + tables, downgrade);
            }
            return new AfterstateEvaluator(shape(), b -> copies[stages.of(b)].value(b), describe() + tables, downgrade);
        }
        TupleNetwork net = network();
        if (method == Method.TD_STATE) {
            return new StateEvaluator(net, terminal, stages, describe());
        }
        return stages.count() == 1 ? new AfterstateEvaluator(shape(), b -> net.value(0, b), describe(), downgrade)
                : new AfterstateEvaluator(shape(), b -> net.value(stages.of(b), b), describe(), downgrade);
    }

    /**
     * The tile-downgrading threshold its afterstate values play best with: 24576 for a TD-afterstate
     * network of 4x4 whose last stage starts at 16384 or below (or that has one stage), none for the
     * others. With the 5x6 network of two stages split at 16384, 24576 gained 17,000 to 26,000 points
     * at 2-ply and let 5.5-9.5% of games make 32768, against 0-1% without; 32768, the threshold of
     * TDL2048+, never fires for a network that does not reach 32768 on its own. A network with stages
     * for the late game has been trained on those boards and keeps them.
     */
    public int downgradeThreshold() {
        int[] t = stages.thresholds();
        boolean early = t.length == 0 || t[t.length - 1] <= 16384;
        return method == Method.TD_AFTERSTATE && shape().equals(Shape.S4x4) && early ? 24576 : 0;
    }

    /** The int16 copy of every stage's bank, made on first use (read from the file for a compact model). */
    private synchronized Int16Network[] int16() {
        if (int16 == null) {
            TupleNetwork net = network();
            Int16Network[] copies = new Int16Network[net.banks()];
            for (int b = 0; b < copies.length; b++) {
                copies[b] = new Int16Network(net, b, quantum, arena);
            }
            int16 = copies;
        }
        return int16;
    }

    /** A new move policy for the calling thread: the method's own 1-ply move choice. */
    public Player policy() {
        return learner(0f);
    }

    /** A new learner for the calling thread: the model's method (and terminal value) at rate {@code alpha}. */
    public Learner learner(float alpha) {
        return learner(alpha, TdRule.TD0);
    }

    /** A new learner for the calling thread with the targets of {@code rule} (TD-afterstate only, unless TD(0)). */
    public Learner learner(float alpha, TdRule rule) {
        return method.learner(network(), alpha, terminal, stages, coherence, rule);
    }

    /** One line, e.g. {@code ntuple 012345,456789,89abcd,012456,45689a,234569:sym:c16 2 stages (16384) td-afterstate (shipped ntuple-6x6.g2nz)}. */
    public String describe() {
        return "ntuple " + layout.spec().name() + (stages.count() == 1 ? "" : " " + stages.count() + " stages (" + stages.text() + ")")
                + " " + method.text()
                + (terminal == TerminalValue.ZERO ? "" : " (terminal states valued by the network)") + " (" + source + ")";
    }

    /** Where the model came from: a path, a stream's name (the shipped model: {@value NtupleModels#SHIPPED_NAME}) or {@code new}. */
    public String source() {
        return source;
    }

    @Override
    public void close() {
        arena.close();
        if (floatOwner != null) {
            floatOwner.close();
        }
    }
}
