package g2048.train.cnn;

import g2048.eval.Evaluator;
import g2048.game.Board;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;
import g2048.player.BestMove;
import g2048.player.GameStats;

/**
 * Evaluates a snapshot: {@code games} greedy (1-ply) games from fresh initial states, seeded, with
 * up to {@code lanes} games at a time so that their afterstates go to the evaluator (the training
 * run's backend, a GPU's in a GPU run) in one batch.
 * Game i uses the spawn stream {@link Rng#gameSeed(long, long) gameSeed(seed, i)}, so the result
 * does not depend on the lane count. Moves are chosen by {@link BestMove}, as in {@code GreedyPlayer}.
 */
public final class GreedyEvaluation {

    private GreedyEvaluation() {
    }

    /** Plays the games on {@code evaluator}, from the calling thread (the evaluator's own). */
    public static GameStats play(Evaluator evaluator, int games, int lanes, long seed) {
        Moves moves = Moves.of(Shape.S4x4);
        int width = Math.min(lanes, games);
        long[] scores = new long[games];
        int[] maxCodes = new int[games];
        long[] board = new long[width];
        long[] score = new long[width];
        int[] game = new int[width];
        Rng[] rng = new Rng[width];
        long[] batch = new long[4 * width];
        double[] y = new double[4 * width];
        double[] q = new double[4];
        int[] dirOf = new int[4 * width];
        int[] laneOf = new int[4 * width];
        int nextGame = 0;
        int active = 0;
        for (int l = 0; l < width; l++) {
            rng[l] = new Rng(Rng.gameSeed(seed, nextGame));
            game[l] = nextGame++;
            board[l] = Spawns.initial(Shape.S4x4, rng[l]);
            active++;
        }
        while (active > 0) {
            int n = 0;
            for (int l = 0; l < width; l++) {
                if (game[l] < 0) {
                    continue;
                }
                for (int d = 0; d < 4; d++) {
                    long a = moves.move(board[l], d);
                    if (a != board[l]) {
                        batch[n] = a;
                        dirOf[n] = d;
                        laneOf[n++] = l;
                    }
                }
            }
            evaluator.values(batch, n, y);
            int i = 0;
            for (int l = 0; l < width; l++) {
                if (game[l] < 0) {
                    continue;
                }
                int legal = 0;
                for (; i < n && laneOf[i] == l; i++) {
                    legal |= 1 << dirOf[i];
                    q[dirOf[i]] = moves.reward(board[l], dirOf[i]) + y[i];
                }
                int best = BestMove.of(q, legal);
                score[l] += moves.reward(board[l], best);
                board[l] = Spawns.spawn(moves.move(board[l], best), Shape.S4x4, rng[l]);
                if (moves.isTerminal(board[l])) {
                    scores[game[l]] = score[l];
                    maxCodes[game[l]] = Board.maxCode(board[l]);
                    if (nextGame < games) {
                        rng[l].reseed(Rng.gameSeed(seed, nextGame));
                        game[l] = nextGame++;
                        board[l] = Spawns.initial(Shape.S4x4, rng[l]);
                        score[l] = 0;
                    } else {
                        game[l] = -1;
                        active--;
                    }
                }
            }
        }
        return GameStats.of(Shape.S4x4, scores, maxCodes);
    }
}
