package g2048.train.policy;

import g2048.eval.Evaluator;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;
import g2048.player.Player;
import g2048.policy.DatasetFile;
import g2048.search.Expectimax;
import g2048.search.SearchConfig;
import g2048.search.SearchResult;
import java.util.Arrays;

/**
 * Plays games and records them with a teacher's labels: every position, the move the teacher's
 * search chose and its value of each move (reward + the value below, NaN for an illegal move). Game
 * i of a run seeded s draws its spawns from {@code Rng(Rng.gameSeed(s, i))}, exactly as
 * {@link g2048.play.GameRunner} plays it, so a dataset is reproducible from its seed. One instance
 * per thread (it owns the thread's evaluator and search).
 *
 * <p>By default the teacher also plays the moves. With a <em>behaviour</em> player the game follows
 * the behaviour's moves instead (the teacher's move with probability {@code teacherShare} at each
 * position, drawn from a stream of its own so the spawns stay those of the seed), while every
 * position is still labelled by the teacher: the data aggregation of DAgger (Ross, Gordon and
 * Bagnell, 2011). A network trained on the teacher's games alone meets, once it errs, positions the
 * teacher never reaches; labelled positions of the network's own games teach it to recover there.
 */
public final class TeacherGames {

    private static final long BEHAVIOUR_STREAM = 0x6A09E667F3BCC909L;

    private final Expectimax search;
    private final Moves moves = Moves.of(Shape.S4x4);
    private final SearchResult result = new SearchResult();
    private final Player behaviour;
    private final double teacherShare;

    /** @param evaluator the calling thread's instance of the teacher's value function */
    public TeacherGames(Evaluator evaluator, SearchConfig config) {
        this(evaluator, config, null, 1.0);
    }

    /**
     * @param evaluator the calling thread's instance of the teacher's value function
     * @param behaviour the calling thread's instance of the player whose moves the games follow, or
     *                  null for the teacher's own games
     * @param teacherShare with a behaviour, the probability (0..1) of playing the teacher's move instead
     */
    public TeacherGames(Evaluator evaluator, SearchConfig config, Player behaviour, double teacherShare) {
        if (!evaluator.shape().equals(Shape.S4x4)) {
            throw new IllegalArgumentException("policy datasets are of 4x4 games, the teacher plays " + evaluator.shape());
        }
        if (!(teacherShare >= 0 && teacherShare <= 1)) {
            throw new IllegalArgumentException("--teacher-share: expected a probability 0..1, got " + teacherShare);
        }
        this.search = new Expectimax(evaluator, config.suitedTo(evaluator));
        this.behaviour = behaviour;
        this.teacherShare = behaviour == null ? 1.0 : teacherShare;
    }

    /** Plays game {@code index} of the run seeded {@code runSeed}. */
    public DatasetFile.Game play(long index, long runSeed) {
        long gameSeed = Rng.gameSeed(runSeed, index);
        Rng rng = new Rng(gameSeed);
        Rng mix = new Rng(Rng.mix(gameSeed ^ BEHAVIOUR_STREAM));
        if (behaviour != null) {
            behaviour.startGame(gameSeed);
        }
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
            int played = d;
            if (behaviour != null && (teacherShare == 0 || mix.nextDouble() >= teacherShare)) {
                played = behaviour.chooseMove(board);
                if (played < 0 || (moves.legalMask(board) >>> played & 1) == 0) {
                    throw new IllegalStateException(behaviour.name() + " chose no legal move on a board with one");
                }
            }
            score += moves.reward(board, played);
            board = Spawns.spawn(moves.move(board, played), cellMask, rng);
        }
        return new DatasetFile.Game(index, score, Arrays.copyOf(boards, n), Arrays.copyOf(chosen, n), Arrays.copyOf(values, 4 * n));
    }
}
