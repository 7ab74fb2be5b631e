package g2048.train.ntuple;

import g2048.answers.JsonConventions;
import g2048.json.JsonWriter;
import g2048.ntuple.HandOff;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.SelfPlay;
import g2048.ntuple.TrainingState;

/**
 * The JSON lines of an n-tuple training run, one object each: {@code start} (what is trained and
 * how far it is), a {@code progress} event per report (the training since the last, the evaluation or
 * null, whether it checkpointed) and a {@code summary} at the end.
 */
public final class NtupleEvents {

    private NtupleEvents() {
    }

    /** The start of the run of {@code spec} over {@code training}'s model. */
    public static String start(NtupleTrainingSpec spec, NtupleTraining training) {
        NtupleModel model = training.model();
        return new JsonWriter(JsonWriter.Numbers.SIX_DECIMALS).begin().field("event", "start")
                .field("net", model.spec().name())
                .field("shape", model.shape().toString())
                .field("method", model.method().text())
                .field("stages", model.stages().count())
                .field("alpha", training.alpha())
                .field("seed", model.training().seed())
                .field("threads", spec.threads())
                .field("games_done", model.training().games())
                .field("games_total", spec.games())
                .field("out", spec.out().toString())
                .end().toString();
    }

    /** The report {@code r} of a run to {@code gamesTotal} games. */
    public static String progress(NtupleRun.Report r, long gamesTotal) {
        TrainingState st = r.state();
        JsonWriter j = new JsonWriter(JsonWriter.Numbers.SIX_DECIMALS).begin().field("event", "progress")
                .field("games_done", st.games())
                .field("games_total", gamesTotal)
                .field("moves", st.moves())
                .field("learning_s", st.nanos() / 1e9)
                .field("train_mean_score", r.trainMean())
                .field("moves_per_s", r.movesPerSecond());
        handOff(j, r.handOff());
        SelfPlay.Evaluation e = r.evaluation();
        if (e == null) {
            j.nullField("evaluation");
        } else {
            j.object("evaluation")
                    .field("games", e.games())
                    .field("mean", e.mean())
                    .field("sd", e.sd())
                    .field("max", e.max());
            JsonConventions.reach(j, e.reachCodes(), e.reachRates()).field("moves_per_s", e.moves() / e.seconds()).end();
        }
        return j.field("checkpoint", r.checkpoint()).end().toString();
    }

    /** A run stopped inside a stretch: the hand-off alignment made before the model was written. */
    public static String aligned(HandOff.Result h) {
        JsonWriter j = new JsonWriter(JsonWriter.Numbers.SIX_DECIMALS).begin().field("event", "hand_off");
        return handOff(j, h).end().toString();
    }

    /** The field {@code hand_off}: null, or the stage shifted, its games and hand-offs, the shift and the mean TD errors. */
    private static JsonWriter handOff(JsonWriter j, HandOff.Result h) {
        if (h == null) {
            return j.nullField("hand_off");
        }
        return j.object("hand_off")
                .field("stage", h.stage())
                .field("games", h.games())
                .field("hand_offs", h.handOffs())
                .field("shift", h.shift())
                .field("error_before", h.errorBefore())
                .field("error_after", h.errorAfter())
                .field("error_sd", h.sd())
                .end();
    }

    /** The end of the run that wrote {@code spec}'s model: {@code result}, its overall moves per second. */
    public static String summary(NtupleTrainingSpec spec, NtupleRun.Result result) {
        TrainingState end = result.state();
        return new JsonWriter(JsonWriter.Numbers.SIX_DECIMALS).begin().field("event", "summary")
                .field("stopped", result.stopped())
                .field("out", spec.out().toString())
                .field("games", end.games())
                .field("moves", end.moves())
                .field("learning_s", end.nanos() / 1e9)
                .field("moves_per_s", movesPerSecond(end))
                .end().toString();
    }

    /** Moves learned per second of learning over the whole training. */
    public static double movesPerSecond(TrainingState st) {
        return st.nanos() == 0 ? 0 : st.moves() / (st.nanos() / 1e9);
    }
}
