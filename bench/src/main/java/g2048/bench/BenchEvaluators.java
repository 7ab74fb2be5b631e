package g2048.bench;

import g2048.eval.Evaluator;
import g2048.eval.LineHeuristicEvaluator;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.NtupleModels;
import g2048.ntuple.TablePrecision;
import g2048.search.GreedyPlayer;
import java.nio.file.Path;

/** The evaluators the benchmarks compare, by name, and realistic positions to run them on. */
final class BenchEvaluators {

    private BenchEvaluators() {
    }

    /**
     * An evaluator by name: {@code lines}, or {@code ntuple} (the shipped model, or the file named by
     * the system property {@code g2048.model}) read from its float32 tables, or {@code ntuple-int16}
     * the same model read from its int16 copy.
     */
    static Evaluator create(String name) {
        return switch (name) {
            case "lines" -> new LineHeuristicEvaluator(Shape.S4x4);
            case "ntuple", "ntuple-int16" -> {
                String file = System.getProperty("g2048.model");
                NtupleModel model = NtupleModels.load(file != null ? Path.of(file) : NtupleModels.defaultModelPath());
                yield model.evaluator(name.equals("ntuple") ? TablePrecision.FLOAT32 : TablePrecision.INT16);
            }
            default -> throw new IllegalArgumentException("evaluator '" + name + "': expected lines, ntuple or ntuple-int16");
        };
    }

    /**
     * {@code n} positions (boards before a move, with a legal move) from seeded games played greedily
     * over the line heuristic, every fifth position of a game, so that early and late game both appear.
     */
    static long[] positions(int n, long seed) {
        Shape s = Shape.S4x4;
        Moves moves = Moves.of(s);
        GreedyPlayer player = new GreedyPlayer(new LineHeuristicEvaluator(s));
        Rng rng = new Rng(seed);
        long[] out = new long[n];
        int k = 0;
        while (k < n) {
            long board = Spawns.initial(s, rng);
            for (int step = 0; k < n && !moves.isTerminal(board); step++) {
                if (step % 5 == 0) {
                    out[k++] = board;
                }
                board = Spawns.spawn(moves.move(board, player.chooseMove(board)), s, rng);
            }
        }
        return out;
    }

    /** The afterstates of every legal move of {@code positions}, {@code n} of them. */
    static long[] afterstates(int n, long seed) {
        Moves moves = Moves.of(Shape.S4x4);
        long[] positions = positions(n, seed);
        long[] out = new long[n];
        int k = 0;
        for (int i = 0; k < n; i = (i + 1) % n) {
            for (int d = 0; d < 4 && k < n; d++) {
                long a = moves.move(positions[i], d);
                if (a != positions[i]) {
                    out[k++] = a;
                }
            }
        }
        return out;
    }
}
