package g2048.cli;

import g2048.game.Shape;
import g2048.ntuple.Method;
import g2048.ntuple.MovePolicy;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.NtupleModels;
import g2048.player.Player;
import g2048.search.GreedyPlayer;
import java.nio.file.Path;

/** The {@code ntuple} player: 1-ply play with a trained n-tuple model (the shipped one by default). */
final class NtuplePlayers {

    private NtuplePlayers() {
    }

    static Player create(PlayerOptions options, Shape shape) {
        if (options.depth != 1) {
            throw new Errors.BadInput("--depth " + options.depth + ": the ntuple player plays 1-ply (--depth 1)");
        }
        Path file = options.model != null ? options.model : NtupleModels.defaultModelPath();
        if (options.model == null && !file.toFile().exists()) {
            throw new Errors.BadInput("--player ntuple: the shipped model " + file
                    + " is missing; name one with --model PATH or choose --player heuristic");
        }
        NtupleModel model = NtupleModels.load(file);
        if (!model.shape().equals(shape)) {
            throw new Errors.BadInput("--model " + file + " was trained on " + model.shape() + ", the game is " + shape
                    + " (use --shape " + model.shape() + ")");
        }
        if (model.method() != Method.Q_LEARNING) {
            return new GreedyPlayer(Players.evaluator(model, options));
        }
        if (!options.table.equals("auto") && !options.table.equals("float32")) {
            throw new Errors.BadInput("--table " + options.table + ": --model " + file
                    + " is a q-learning model, which plays from its float32 action networks");
        }
        return new PolicyPlayer(model, model.policy());
    }

    /** A Q-learning model's player: the action networks choose; one policy (scratch) per thread. */
    private record PolicyPlayer(NtupleModel model, MovePolicy policy) implements Player {
        @Override
        public int chooseMove(long board) {
            return policy.chooseMove(board);
        }

        @Override
        public Player forThread() {
            return new PolicyPlayer(model, model.policy());
        }

        @Override
        public String name() {
            return model.describe() + ", greedy";
        }
    }
}
