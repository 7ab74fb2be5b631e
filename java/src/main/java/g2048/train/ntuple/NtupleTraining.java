package g2048.train.ntuple;

import static g2048.settings.BadSetting.field;

import g2048.game.Shape;
import g2048.ntuple.Method;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.NtupleModels;
import g2048.ntuple.SelfPlay;
import g2048.ntuple.Shaping;
import g2048.ntuple.Stages;
import g2048.ntuple.TdRule;
import g2048.ntuple.TerminalValue;
import g2048.ntuple.TrainingState;
import g2048.ntuple.TupleSpec;
import g2048.settings.BadSetting;
import g2048.settings.Named;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The model a {@link NtupleTrainingSpec} trains and how it learns, settled: a new model from the
 * spec and its defaults, or the resumed one, which keeps what makes its run one run (method, board,
 * terminal value, seed, TD rule and shaping: each given setting must match it) and may be changed
 * only as resuming allows (a larger network grown from it, its stages split further, temporal
 * coherence switched, a new learning rate). A file that does not record its TD rule and shaping
 * (written before they were kept) takes them from the spec. Close it to release the model.
 */
public final class NtupleTraining implements AutoCloseable {

    private final NtupleTrainingSpec spec;
    private final NtupleModel model;
    private final double alpha;
    private final TdRule rule;
    private final Shaping shaping;
    /** Plays the prefixes of {@code late} episodes in place of the model trained; null when it plays them itself. */
    private final NtupleModel latePrefix;

    private NtupleTraining(NtupleTrainingSpec spec, NtupleModel model, double alpha, TdRule rule, Shaping shaping,
                           NtupleModel latePrefix) {
        this.spec = spec;
        this.model = model;
        this.alpha = alpha;
        this.rule = rule;
        this.shaping = shaping;
        this.latePrefix = latePrefix;
    }

    /** Makes or resumes the model of {@code spec}; {@code notes} is told, in a line each, what resuming changed. */
    public static NtupleTraining open(NtupleTrainingSpec spec, Consumer<String> notes) {
        NtupleModel model = spec.resume() == null ? create(spec) : resume(spec, notes);
        try {
            TrainingState st = model.training();
            double alpha = spec.alpha() != null ? spec.alpha() : st.alpha();
            TdRule rule;
            Shaping shaping;
            if (spec.resume() != null && st.recordsLearning()) {
                rule = keptRule(spec, st.rule());
                shaping = keptShaping(spec, st.shaping(), notes);
            } else {
                rule = NtupleTrainingSpec.rule(spec.nStep(), spec.lambda(), spec.backward());
                shaping = spec.shaping() != null ? spec.shaping() : Shaping.NONE;
            }
            NtupleTrainingSpec.checkRule(rule, model.method());
            NtupleTrainingSpec.checkShaping(shaping, model.method());
            return new NtupleTraining(spec, model, alpha, rule, shaping, latePrefix(spec, shaping, model));
        } catch (RuntimeException e) {
            model.close();
            throw e;
        }
    }

    /** The model that plays the prefixes of {@code late} episodes when the spec names one, else null. */
    private static NtupleModel latePrefix(NtupleTrainingSpec spec, Shaping shaping, NtupleModel model) {
        if (spec.latePrefix() == null) {
            return null;
        }
        if (shaping != Shaping.LATE) {
            // refused before the file is read
            throw new BadSetting(field("latePrefix"), ": " + SelfPlay.latePrefixProblem(shaping, model, model));
        }
        NtupleModel prefix;
        try {
            prefix = NtupleModels.load(spec.latePrefix());
        } catch (RuntimeException e) {
            throw BadSetting.causedBy(e, field("latePrefix"), " " + spec.latePrefix() + ": ", BadSetting.reason(e));
        }
        String problem = SelfPlay.latePrefixProblem(shaping, prefix, model);
        if (problem != null) {
            prefix.close();
            throw new BadSetting(field("latePrefix"), " " + spec.latePrefix() + ": " + problem);
        }
        return prefix;
    }

    public NtupleModel model() {
        return model;
    }

    /** The learning rate: the spec's, or the resumed model's. */
    public double alpha() {
        return alpha;
    }

    /** The TD rule: the spec's, or the resumed model's. */
    public TdRule rule() {
        return rule;
    }

    /** Where training games start: the spec's, or the resumed model's. */
    public Shaping shaping() {
        return shaping;
    }

    /** The model that plays the prefixes of {@code late} episodes, or null when the model trained plays them. */
    public NtupleModel latePrefix() {
        return latePrefix;
    }

    /** The self-play of the model on the spec's threads, by this rule and shaping at this rate. */
    public SelfPlay selfPlay() {
        SelfPlay play;
        try {
            play = new SelfPlay(model, alpha, spec.threads());
        } catch (IllegalArgumentException e) {
            throw BadSetting.causedBy(e, field("alpha"), ": ", BadSetting.reason(e));
        }
        play.setRule(rule);
        play.setShaping(shaping, latePrefix);
        return play;
    }

    @Override
    public void close() {
        try {
            model.close();
        } finally {
            if (latePrefix != null) {
                latePrefix.close();
            }
        }
    }

    private static NtupleModel create(NtupleTrainingSpec spec) {
        TupleSpec net = spec.net() != null ? spec.net() : TupleSpec.parse(NtupleTrainingSpec.DEFAULT_NET);
        Method method = spec.method() != null ? spec.method() : Method.TD_AFTERSTATE;
        Shape shape = spec.shape() != null ? spec.shape() : Shape.S4x4;
        TerminalValue terminal = spec.terminalValue() != null ? spec.terminalValue() : TerminalValue.ZERO;
        Stages stages = spec.stages() != null ? spec.stages() : Stages.SINGLE;
        return NtupleModel.create(net, shape, method, terminal, stages, spec.init() != null ? spec.init() : 0,
                spec.tc() != null && spec.tc(), spec.seed() != null ? spec.seed() : NtupleTrainingSpec.DEFAULT_SEED,
                spec.alpha() != null ? spec.alpha() : NtupleTrainingSpec.DEFAULT_ALPHA);
    }

    /** The resumed model, grown, split and with temporal coherence switched as the spec asks. */
    private static NtupleModel resume(NtupleTrainingSpec spec, Consumer<String> notes) {
        NtupleModel model = NtupleModels.loadForTraining(spec.resume());
        try {
            if (spec.net() != null && !spec.net().equals(model.spec())) {
                NtupleModel small = model;
                TupleSpec from = small.spec();
                model = changed(small, "net", spec.net().name(), () -> small.grow(spec.net()));
                int added = spec.net().tuples().length - from.tuples().length;
                notes.accept("grown from " + from.name() + " to " + spec.net().name() + ": its " + from.tuples().length
                        + " tuples start from " + spec.resume() + ", " + added + " new tuple" + (added == 1 ? "" : "s")
                        + " from 0");
            }
            kept(spec, "method", spec.method(), model.method(), model.method().text());
            kept(spec, "terminalValue", spec.terminalValue(), model.terminal(), model.terminal().text());
            kept(spec, "shape", spec.shape(), model.shape(), model.shape().toString());
            if (spec.stages() != null && !spec.stages().equals(model.stages())) {
                Stages wanted = spec.stages();
                NtupleModel whole = model;
                model = changed(whole, "stages", wanted.text(), () -> whole.promote(wanted));
                notes.accept("split into " + wanted.count() + " stages (" + wanted.text()
                        + "), each starting from the resumed stage that served its boards");
            }
            if (spec.init() != null) {
                throw new BadSetting(field("init"), ": sets the weights of a new model only; " + spec.resume()
                        + " was initialised with " + model.initialValue());
            }
            switchCoherence(spec, model, notes);
            if (spec.compactAccumulators() && !model.coherent()) {
                throw new BadSetting(field("compactAccumulators"), ": keeps temporal-coherence accumulators, and "
                        + spec.resume() + " learns without them: give ", field("tc"));
            }
            if (spec.seed() != null && spec.seed() != model.training().seed()) {
                throw new BadSetting(field("seed"), " " + spec.seed() + " does not match the resumed model " + spec.resume()
                        + " (seed " + model.training().seed() + "); a resumed run keeps its seed");
            }
            return model;
        } catch (RuntimeException e) {
            model.close();
            throw e;
        }
    }

    /** Switches temporal coherence on (fresh accumulators, warm with a prior) or off, as the spec asks. */
    private static void switchCoherence(NtupleTrainingSpec spec, NtupleModel model, Consumer<String> notes) {
        Boolean tc = spec.tc();
        if (spec.tcPrior() != null && (tc == null || !tc || model.coherent())) {
            throw new BadSetting(field("tcPrior"), ": warms fresh accumulators, so it goes with ", field("tc"),
                    " on a resumed model that has none (" + spec.resume() + (model.coherent() ? " keeps its own)" : ")"));
        }
        if (tc == null || tc == model.coherent()) {
            return;
        }
        float prior = spec.tcPrior() == null ? 0f : spec.tcPrior();
        model.setCoherent(tc, prior);
        notes.accept(!tc ? "temporal coherence off, accumulators dropped (plain TD from here)"
                : prior > 0 ? "temporal coherence on, warm accumulators (A = " + prior
                        + " on every trained weight: rates start near 0)"
                : "temporal coherence on, fresh accumulators (rates start at alpha)");
    }

    /** A new model made from {@code model} by {@code change}, which closes the old one; a refusal names {@code field}. */
    private static NtupleModel changed(NtupleModel model, String field, String asked,
                                       Supplier<NtupleModel> change) {
        NtupleModel made;
        try {
            made = change.get();
        } catch (IllegalArgumentException e) {
            throw BadSetting.causedBy(e, field(field), " " + asked + ": ", BadSetting.reason(e));
        }
        model.close();
        return made;
    }

    /** The resumed run's {@code kept} value of {@code field}; a different value given is refused. */
    private static <T> T kept(NtupleTrainingSpec spec, String field, T given, T kept, String keptText) {
        if (given != null && !given.equals(kept)) {
            throw new BadSetting(field(field), " " + text(given) + " does not match the resumed model " + spec.resume()
                    + " (" + keptText + ")");
        }
        return kept;
    }

    /**
     * The resumed run's shaping. Another one given is refused, except {@code late}: training the late
     * game alone is a run's next phase, as growing its network is.
     */
    private static Shaping keptShaping(NtupleTrainingSpec spec, Shaping kept, Consumer<String> notes) {
        if (spec.shaping() == Shaping.LATE && kept != Shaping.LATE) {
            notes.accept("shaping " + kept.text() + " turned to late: from here episodes start at the late point");
            return Shaping.LATE;
        }
        return kept(spec, "shaping", spec.shaping(), kept, "shaping " + kept.text()
                + "; a resumed run keeps its shaping, or turns to late");
    }

    /** The resumed run's TD rule; a part given that differs from it is refused. */
    private static TdRule keptRule(NtupleTrainingSpec spec, TdRule kept) {
        String keptText = kept.text() + "; a resumed run keeps its TD rule";
        kept(spec, "nStep", spec.nStep(), kept.steps(), keptText);
        kept(spec, "lambda", spec.lambda(), kept.lambda(), keptText);
        kept(spec, "backward", spec.backward(), kept.backward(), keptText);
        return kept;
    }

    private static String text(Object value) {
        return value instanceof Named n ? n.text() : String.valueOf(value);
    }
}
