package g2048.train.ntuple;

import static g2048.settings.BadSetting.field;

import g2048.game.Shape;
import g2048.ntuple.Method;
import g2048.ntuple.NtupleModels;
import g2048.ntuple.Shaping;
import g2048.ntuple.Stages;
import g2048.ntuple.TdRule;
import g2048.ntuple.TerminalValue;
import g2048.ntuple.TupleSpec;
import g2048.settings.BadSetting;
import g2048.train.Every;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Function;

/**
 * What an n-tuple training run is asked for, checked: a bad value is a {@link BadSetting} naming
 * its field. The settings of the model and of its learning may be left out (null): a new model then
 * takes the defaults ({@link #DEFAULT_NET} on {@link Shape#S4x4}, td-afterstate, one stage, TD(0)
 * from weights 0, no shaping, {@link #DEFAULT_ALPHA}, seed {@link #DEFAULT_SEED}), and a resumed one
 * keeps its own ({@link NtupleTraining#open}).
 *
 * @param out             the model file written at every checkpoint and at the end; compact when its
 *                        name ends in {@link NtupleModels#COMPACT_EXTENSION}
 * @param games           the total of training games, a resumed model's included
 * @param resume          the model file to continue training, or null for a new model
 * @param net             the network; on resume, one holding every tuple of the model's grows it
 * @param method          the learning method; new models only (a resumed one must match)
 * @param shape           the board; new models only (a resumed one must match)
 * @param terminalValue   what TD-state values a terminal state by; new models only (a resumed one must match)
 * @param stages          the stage thresholds; on resume, thresholds keeping the model's split it further
 * @param init            the value every fresh board starts at; new models only
 * @param tc              temporal coherence; on resume, switches it on (fresh accumulators) or off
 * @param tcPrior         the error every trained weight's fresh accumulator starts at; with {@code tc} on
 *                        resume of a model without accumulators only
 * @param alpha           the learning rate; on resume, replaces the model's
 * @param seed            the run's seed; a resumed run keeps its own
 * @param nStep           the TD rule's horizon ({@link TdRule#steps()}); a resumed run keeps its own
 * @param lambda          the TD rule's λ; a resumed run keeps its own
 * @param backward        whether the TD rule runs backward after each game; a resumed run keeps its own
 * @param shaping         where training games start; a resumed run keeps its own, or turns to {@code late}
 * @param latePrefix      {@code late} shaping: the model whose greedy games play each episode's prefix up to the
 *                        late point, or null for the model trained; not kept in the model file
 * @param threads         training threads (1 is reproducible)
 * @param evalEvery       greedy evaluation every this many games, 0 for none
 * @param evalGames       greedy games per evaluation
 * @param checkpointEvery {@code out} written every this many games, 0 for only at the end
 * @param compactBits     a compact {@code out}'s bits per step, or null for {@link NtupleModels#COMPACT_BITS}
 * @param compactAccumulators whether a compact {@code out} keeps the temporal-coherence accumulators, coded
 *                        ({@link NtupleModels#save(g2048.ntuple.NtupleModel, Path, int, boolean)}), so that a run
 *                        resumed from it goes on at its rates; with {@code tc} only
 */
public record NtupleTrainingSpec(Path out, long games, Path resume, TupleSpec net, Method method, Shape shape,
        TerminalValue terminalValue, Stages stages, Double init, Boolean tc, Float tcPrior, Double alpha, Long seed,
        Integer nStep, Double lambda, Boolean backward, Shaping shaping, Path latePrefix, int threads, long evalEvery,
        int evalGames, long checkpointEvery, Integer compactBits, boolean compactAccumulators) {

    /** The network of a new model unless asked otherwise. */
    public static final String DEFAULT_NET = "4x6";
    public static final double DEFAULT_ALPHA = 0.0025;
    public static final long DEFAULT_SEED = 1;

    public NtupleTrainingSpec {
        Objects.requireNonNull(out, "out");
        BadSetting.requireAtLeast("games", 1, games);
        BadSetting.requireAtLeast("threads", 1, threads);
        requireNotNegative("evalEvery", evalEvery);
        requireNotNegative("checkpointEvery", checkpointEvery);
        BadSetting.requireAtLeast("evalGames", 1, evalGames);
        if (compactBits != null) {
            String problem = NtupleModels.compactBitsProblem(compactBits);
            if (problem != null) {
                throw new BadSetting(field("compactBits"), ": " + problem);
            }
            if (!NtupleModels.isCompact(out)) {
                throw new BadSetting(field("compactBits"), ": applies to a compact ", field("out"), " ("
                        + NtupleModels.COMPACT_EXTENSION + "), got " + out);
            }
        }
        if (compactAccumulators && !NtupleModels.isCompact(out)) {
            throw new BadSetting(field("compactAccumulators"), ": applies to a compact ", field("out"), " ("
                    + NtupleModels.COMPACT_EXTENSION + "; a full one keeps them always), got " + out);
        }
        if (compactAccumulators && (Boolean.FALSE.equals(tc) || resume == null && tc == null)) {
            throw new BadSetting(field("compactAccumulators"), ": keeps temporal-coherence accumulators, so it goes with ",
                    field("tc"));
        }
        if (alpha != null && !(alpha > 0 && alpha <= 1)) {
            throw new BadSetting(field("alpha"), ": expected a value in (0, 1], got " + alpha);
        }
        if (init != null && !Double.isFinite(init)) {
            throw new BadSetting(field("init"), ": expected a finite value, got " + init);
        }
        if (tcPrior != null && !(tcPrior >= 0f && !Float.isInfinite(tcPrior))) {
            throw new BadSetting(field("tcPrior"), ": expected a finite number >= 0, got " + tcPrior);
        }
        if (resume == null) {
            checkNewModel(net, method, shape, terminalValue, tcPrior);
            checkRule(rule(nStep, lambda, backward), method == null ? Method.TD_AFTERSTATE : method);
            checkShaping(shaping, method == null ? Method.TD_AFTERSTATE : method);
        }
    }

    /**
     * {@code text} read by {@code parser} as the value of {@code field}, or null when not given
     * ({@code text} null); a text the parser refuses is a {@link BadSetting} naming the field.
     */
    public static <T> T parse(String field, String text, Function<String, T> parser) {
        if (text == null) {
            return null;
        }
        try {
            return parser.apply(text);
        } catch (IllegalArgumentException e) {
            throw BadSetting.causedBy(e, field(field), ": ", BadSetting.reason(e));
        }
    }

    /** Whether {@code out} is written in the compact form (int16 steps; accumulators only if asked). */
    public boolean compactOut() {
        return NtupleModels.isCompact(out);
    }

    /** The bits of a compact {@code out}'s steps. */
    public int compactBitsOrDefault() {
        return compactBits != null ? compactBits : NtupleModels.COMPACT_BITS;
    }

    /** The plan of the run: its total, evaluations, checkpoints and {@code out}. */
    public NtupleRun.Plan plan() {
        return new NtupleRun.Plan(games, new Every(evalEvery), evalGames, new Every(checkpointEvery),
                out, compactBitsOrDefault(), compactAccumulators);
    }

    private static void requireNotNegative(String field, long value) {
        if (value < 0) {
            throw new BadSetting(field(field), ": expected 0 or more, got " + value);
        }
    }

    private static void checkNewModel(TupleSpec net, Method method, Shape shape, TerminalValue terminal, Float tcPrior) {
        Method m = method == null ? Method.TD_AFTERSTATE : method;
        TupleSpec spec = net == null ? TupleSpec.parse(DEFAULT_NET) : net;
        try {
            spec.checkFits(shape == null ? Shape.S4x4 : shape);
        } catch (IllegalArgumentException e) {
            throw BadSetting.causedBy(e, field("net"), ": ", BadSetting.reason(e));
        }
        if (m == Method.Q_LEARNING && spec.symmetric()) {
            throw new BadSetting(field("net"), " " + spec.name() + ": q-learning keeps one network per action, and an action"
                    + " is not symmetric; use a network without :sym (e.g. 17x4)");
        }
        if (terminal != null && terminal != TerminalValue.ZERO && m != Method.TD_STATE) {
            throw new BadSetting(field("terminalValue"), " " + terminal.text() + ": a choice of td-state only; " + m.text()
                    + " values a terminal state 0");
        }
        if (tcPrior != null) {
            throw new BadSetting(field("tcPrior"), ": warms the accumulators of a resumed model's trained weights; a new model"
                    + " has none (use it with ", field("resume"), " and ", field("tc"), ")");
        }
    }

    /** The TD rule of the given parts, each missing one TD(0)'s. */
    static TdRule rule(Integer nStep, Double lambda, Boolean backward) {
        return new TdRule(nStep != null ? nStep : TdRule.TD0.steps(), lambda != null ? lambda : TdRule.TD0.lambda(),
                backward != null ? backward : TdRule.TD0.backward());
    }

    /** Refuses {@code late} shaping for a method other than TD-afterstate, whose hand-off it aligns. */
    static void checkShaping(Shaping shaping, Method method) {
        if (shaping == Shaping.LATE && method != Method.TD_AFTERSTATE) {
            throw new BadSetting(field("shaping"), " late: a shaping of td-afterstate, whose late stage's hand-off it"
                    + " aligns; got " + method.text());
        }
    }

    /** Refuses a rule other than TD(0) for a method that learns by TD(0) only. */
    static void checkRule(TdRule rule, Method method) {
        if (!rule.plain() && method != Method.TD_AFTERSTATE) {
            throw new BadSetting(field("method"), " " + method.text() + ": learns by TD(0); " + rule.text()
                    + " is a rule of td-afterstate");
        }
    }
}
