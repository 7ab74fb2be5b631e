package g2048.play;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.eval.Evaluator;
import g2048.eval.LineHeuristicEvaluator;
import g2048.game.Board;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;
import g2048.search.GreedyPlayer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The audit's accounting against a plain replay of the same games: the same seeds, the same greedy
 * player, every afterstate's band, value and return summed here by hand.
 */
class LateGameAuditTest {

    private static final long WIDTH = 128;

    @Test
    void bandsMatchAReplayOfTheSameGames() {
        Evaluator v = new LineHeuristicEvaluator(Shape.S4x4);
        int games = 40;
        long seed = 77;
        LateGameAudit.Report r = LateGameAudit.run(v, games, 4, 3, WIDTH, seed, 2);
        int bands = (int) (Board.tileSum(-1L) / WIDTH) + 1;
        long[] visits = new long[bands];
        long[] restart = new long[bands];
        double[] value = new double[bands];
        double[] ret = new double[bands];
        double score = 0;
        GreedyPlayer p = new GreedyPlayer(v, 0);
        Rng rng = new Rng(0);
        for (int i = 0; i < games; i++) {
            rng.reseed(Rng.gameSeed(seed, i));
            List<long[]> path = game(p, v, rng, Spawns.initial(Shape.S4x4, rng));
            long total = path.isEmpty() ? 0 : path.get(path.size() - 1)[1];
            score += total;
            for (long[] a : path) {
                int b = (int) (Board.tileSum(a[0]) / WIDTH);
                visits[b]++;
                restart[b]++;
                value[b] += v.value(a[0]);
                ret[b] += total - a[1];
            }
            // restart training's episode: more than 10 moves, then the middle afterstate and a fresh tile
            while (path.size() > 10) {
                path = game(p, v, rng, Spawns.spawn(path.get(path.size() / 2)[0], Shape.S4x4, rng));
                for (long[] a : path) {
                    restart[(int) (Board.tileSum(a[0]) / WIDTH)]++;
                }
            }
        }
        assertEquals(score / games, r.meanScore(), 1e-9);
        long all = 0;
        for (long n : visits) {
            all += n;
        }
        double shares = 0;
        int seen = 0;
        for (LateGameAudit.Band b : r.bands()) {
            int k = (int) (b.from() / WIDTH);
            assertEquals(visits[k], b.visits(), "band " + b.from());
            assertEquals(restart[k], b.restartVisits(), "band " + b.from());
            if (visits[k] > 0) {
                assertEquals(value[k] / visits[k], b.meanValue(), 1e-6 * Math.max(1, Math.abs(b.meanValue())));
                assertEquals(ret[k] / visits[k], b.meanReturn(), 1e-6 * Math.max(1, b.meanReturn()));
                assertEquals(b.meanValue() - b.meanReturn(), b.bias(), 1e-6 * Math.max(1, Math.abs(b.bias())));
                assertEquals((double) visits[k] / all, b.visitShare(), 1e-12);
                assertTrue(b.positions() <= 3);
            }
            shares += b.visitShare();
            seen++;
        }
        assertEquals(1.0, shares, 1e-9);
        assertTrue(seen > 5, seen + " bands");
    }

    @Test
    void theReportDoesNotDependOnTheThreads() {
        Evaluator v = new LineHeuristicEvaluator(Shape.S4x4);
        LateGameAudit.Report one = LateGameAudit.run(v, 24, 3, 2, 1024, 5, 1);
        LateGameAudit.Report three = LateGameAudit.run(v, 24, 3, 2, 1024, 5, 3);
        assertEquals(one, three);
    }

    /** Afterstate and score up to it, per move. */
    private static List<long[]> game(GreedyPlayer p, Evaluator v, Rng rng, long s) {
        List<long[]> path = new ArrayList<>();
        long score = 0;
        while (p.chooseMove(s) >= 0) {
            score += p.lastReward();
            path.add(new long[] {p.lastAfterstate(), score});
            s = Spawns.spawn(p.lastAfterstate(), Shape.S4x4, rng);
        }
        return path;
    }
}
