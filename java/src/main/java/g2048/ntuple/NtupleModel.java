package g2048.ntuple;

import g2048.eval.Evaluator;
import g2048.game.Shape;
import java.lang.foreign.Arena;

/**
 * A network with what it was trained for: spec, board shape, learning method, tables and training
 * state. The tables live in an arena that {@link #close()} releases; close a model only when no
 * thread uses it any more.
 */
public final class NtupleModel implements AutoCloseable {

    private final Method method;
    private final TerminalValue terminal;
    private final TupleNetwork net;
    private final Arena arena;
    private final String source;
    private volatile TrainingState training;
    /** The step of the compact form the tables were read from; 0 when they were not. */
    private final double quantum;
    private Int16Network int16;

    NtupleModel(Method method, TerminalValue terminal, TupleNetwork net, Arena arena, TrainingState training,
                String source, double quantum) {
        if (net.banks() != method.banks()) {
            throw new IllegalArgumentException(method.text() + " needs " + method.banks() + " networks, got " + net.banks());
        }
        checkTerminal(method, terminal);
        this.method = method;
        this.terminal = terminal;
        this.net = net;
        this.arena = arena;
        this.training = training;
        this.source = source;
        this.quantum = quantum;
    }

    /** A new model with all weights 0, on huge pages where the system allows; terminal states worth 0. */
    public static NtupleModel create(NetworkSpec spec, Shape shape, Method method, long seed, double alpha) {
        return create(spec, shape, method, TerminalValue.ZERO, seed, alpha);
    }

    /**
     * A new model with all weights 0 whose TD-state learning values terminal states by
     * {@code terminal} (only {@link TerminalValue#ZERO} for the other methods).
     */
    public static NtupleModel create(NetworkSpec spec, Shape shape, Method method, TerminalValue terminal, long seed,
                                     double alpha) {
        spec.checkFits(shape);
        checkTerminal(method, terminal);
        Arena arena = Arena.ofShared();
        OffHeap.Table table = OffHeap.allocate(method.banks() * spec.weights() * Float.BYTES, arena);
        TupleNetwork net = new TupleNetwork(spec, shape, method.banks(), table.segment(), table.hugePages());
        return new NtupleModel(method, terminal, net, arena, TrainingState.fresh(seed, alpha), "new", 0);
    }

    private static void checkTerminal(Method method, TerminalValue terminal) {
        if (terminal != TerminalValue.ZERO && method != Method.TD_STATE) {
            throw new IllegalArgumentException("terminal value " + terminal.text() + " is a choice of td-state only; "
                    + method.text() + " values a terminal state 0");
        }
    }

    public NetworkSpec spec() {
        return net.spec();
    }

    public Shape shape() {
        return net.shape();
    }

    public Method method() {
        return method;
    }

    /** What TD-state takes as the value of a terminal state ({@link TerminalValue#ZERO} for the other methods). */
    public TerminalValue terminal() {
        return terminal;
    }

    public TupleNetwork network() {
        return net;
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
        TablePrecision p = precision == TablePrecision.AUTO
                ? (method == Method.TD_AFTERSTATE ? TablePrecision.INT16 : TablePrecision.FLOAT32) : precision;
        if (p == TablePrecision.INT16) {
            if (method != Method.TD_AFTERSTATE) {
                throw new IllegalArgumentException("model " + source + " is a " + method.text()
                        + " model: int16 tables serve td-afterstate models only (use float32)");
            }
            Int16Network copy = int16();
            return new AfterstateEvaluator(net.shape(), copy::value, describe() + ", int16 tables ("
                    + (copy.exact() ? "exact" : "rounded to steps of " + (float) copy.step()) + ")");
        }
        return method == Method.TD_AFTERSTATE ? new AfterstateEvaluator(net.shape(), b -> net.value(0, b), describe())
                : new StateEvaluator(net, terminal, describe());
    }

    /** The int16 copy of bank 0, made on first use. */
    private synchronized Int16Network int16() {
        if (int16 == null) {
            int16 = new Int16Network(net, 0, quantum, arena);
        }
        return int16;
    }

    /** A new move policy for the calling thread: the method's own 1-ply move choice. */
    public MovePolicy policy() {
        return learner(0f);
    }

    /** A new learner for the calling thread: the model's method (and terminal value) at rate {@code alpha}. */
    public Learner learner(float alpha) {
        return method.learner(net, alpha, terminal);
    }

    /** One line, e.g. {@code ntuple 4x6 td-afterstate (models/ntuple-4x6.g2nz)}. */
    public String describe() {
        return "ntuple " + net.spec().name() + " " + method.text()
                + (terminal == TerminalValue.ZERO ? "" : " (terminal states valued by the network)") + " (" + source + ")";
    }

    /** Where the model came from: a path or {@code new}. */
    public String source() {
        return source;
    }

    @Override
    public void close() {
        arena.close();
    }
}
