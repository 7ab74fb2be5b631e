package g2048.policy.training;

import g2048.eval.Evaluator;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;
import g2048.policy.DatasetFile;
import g2048.search.Expectimax;
import g2048.search.SearchConfig;
import g2048.search.SearchResult;
import java.util.Arrays;

/**
 * Plays a teacher's games and records them: every position, the move the teacher's search chose
 * and its value of each move (reward + the value below, NaN for an illegal move). Game i of a run
 * seeded s draws its spawns from {@code Rng(Rng.gameSeed(s, i))}, exactly as
 * {@link g2048.play.GameRunner} plays it, so a dataset is reproducible from its seed. One instance
 * per thread (it owns the thread's evaluator and search).
 */
public final class TeacherGames {

    private final Expectimax search;
    private final Moves moves = Moves.of(Shape.S4x4);
    private final SearchResult result = new SearchResult();

    /** @param evaluator the calling thread's instance of the teacher's value function */
    public TeacherGames(Evaluator evaluator, SearchConfig config) {
        if (!evaluator.shape().equals(Shape.S4x4)) {
            throw new IllegalArgumentException("policy datasets are of 4x4 games, the teacher plays " + evaluator.shape());
        }
        this.search = new Expectimax(evaluator, config.suitedTo(evaluator));
    }

    /** Plays game {@code index} of the run seeded {@code runSeed}. */
    public DatasetFile.Game play(long index, long runSeed) {
        Rng rng = new Rng(Rng.gameSeed(runSeed, index));
        long cellMask = Shape.S4x4.cellMask();
        long board = Spawns.initial(Shape.S4x4, rng);
        long score = 0;
        int n = 0;
        long[] boards = new long[1024];
        byte[] chosen = new byte[1024];
        float[] values = new float[4096];
        while (!moves.isTerminal(board)) {
            search.search(board, result);
            int d = result.best();
            if (n == boards.length) {
                boards = Arrays.copyOf(boards, 2 * n);
                chosen = Arrays.copyOf(chosen, 2 * n);
                values = Arrays.copyOf(values, 8 * n);
            }
            boards[n] = board;
            chosen[n] = (byte) d;
            for (int m = 0; m < 4; m++) {
                values[4 * n + m] = (float) result.value(m);
            }
            n++;
            score += moves.reward(board, d);
            board = Spawns.spawn(moves.move(board, d), cellMask, rng);
        }
        return new DatasetFile.Game(index, score, Arrays.copyOf(boards, n), Arrays.copyOf(chosen, n), Arrays.copyOf(values, 4 * n));
    }
}
