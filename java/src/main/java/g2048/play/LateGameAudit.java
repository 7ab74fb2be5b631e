package g2048.play;

import g2048.concurrent.Workers;
import g2048.eval.Evaluator;
import g2048.game.Board;
import g2048.game.Rng;
import g2048.game.Spawns;
import g2048.ntuple.Shaping;
import g2048.search.GreedyPlayer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Where an afterstate value function is wrong, band by band of the board's tile sum, measured against
 * the player it defines (greedy, no tile-downgrading: the player TD-afterstate learns the value of).
 * <ul>
 * <li><b>Visits.</b> The share of afterstates in each band, in plain games and in restart episodes
 *     (a game, then restarts from the middle of the last segment while it had at least 10 states, as
 *     restart training plays them): the share of TD updates each band gets under either.</li>
 * <li><b>Bias.</b> For every afterstate of the plain games, its value against the score the game went
 *     on to make after it: one Monte Carlo sample of the player's true value, so the band's mean error
 *     is unbiased (its standard error counts games, not afterstates: a game's afterstates are
 *     correlated).</li>
 * <li><b>Error.</b> For up to {@code positions} afterstates a band (every game's first afterstate in
 *     the band, in game order), the mean return of {@code rollouts} greedy games from it: the
 *     root-mean-square of value minus that mean, less the rollouts' own variance, is the value
 *     function's error on the positions the player reaches.</li>
 * </ul>
 * Games are seeded by index ({@link Rng#gameSeed}), so a report does not depend on the threads.
 */
public final class LateGameAudit {


    /** One band of tile sums {@code [from, to)}. */
    public record Band(long from, long to, long visits, long restartVisits, double visitShare, double restartShare,
                       double meanValue, double meanReturn, double bias, double biasSe, int positions,
                       double rmse, double rolloutSe) {
    }

    /** The audit: its settings and bands, and the plain games' mean score. */
    public record Report(int games, int rollouts, int positions, long bandWidth, double meanScore, List<Band> bands) {
    }

    private LateGameAudit() {
    }

    /**
     * Audits {@code evaluator}'s values (a thread-safe afterstate evaluator) over {@code games} games seeded by
     * {@code seed}, in bands of {@code bandWidth} of tile sum, on {@code threads} threads.
     */
    public static Report run(Evaluator evaluator, int games, int rollouts, int positions, long bandWidth, long seed,
                             int threads) {
        if (games < 1 || rollouts < 2 || positions < 1 || bandWidth < 2 || threads < 1) {
            throw new IllegalArgumentException("games, positions and threads at least 1, rollouts at least 2, band at least 2");
        }
        int bands = (int) (Board.tileSum(-1L) / bandWidth) + 1;
        // per game, then folded in game order: the report is the same whatever the threads
        GameTally[] tallies = new GameTally[games];
        onThreads(evaluator, threads, games,
                (player, mine, rng, i) -> tallies[i] = playGame(player, mine, rng, Rng.gameSeed(seed, i), bands, bandWidth));
        // the positions to roll out from: each game's first afterstate in a band, in game order
        List<List<long[]>> picked = new ArrayList<>();
        for (int b = 0; b < bands; b++) {
            picked.add(new ArrayList<>());
        }
        for (GameTally t : tallies) {
            for (int b = 0; b < bands; b++) {
                if (t.firstAfter[b] != 0 && picked.get(b).size() < positions) {
                    picked.get(b).add(new long[] {t.firstAfter[b], b});
                }
            }
        }
        List<long[]> jobs = new ArrayList<>();
        picked.forEach(jobs::addAll);
        double[][] rolloutStats = new double[jobs.size()][];
        onThreads(evaluator, threads, jobs.size(), (player, mine, rng, j) ->
                rolloutStats[j] = rollOut(player, mine, rng, jobs.get(j)[0], rollouts, Rng.gameSeed(seed ^ 0x5EED, j)));
        return fold(tallies, jobs, rolloutStats, games, rollouts, positions, bandWidth, bands);
    }

    /** One piece of work {@code index}, on a thread's own player, evaluator and generator. */
    private interface Job {
        void run(GreedyPlayer player, Evaluator evaluator, Rng rng, int index);
    }

    /** Runs {@code job} for every index below {@code n}, claimed in order by {@code threads} threads. */
    private static void onThreads(Evaluator evaluator, int threads, int n, Job job) {
        AtomicLong next = new AtomicLong();
        new Workers("g2048-audit", threads).run(worker -> {
            Evaluator mine = evaluator.forThread();
            GreedyPlayer player = new GreedyPlayer(mine, 0);
            Rng rng = new Rng(0);
            int i;
            while ((i = (int) next.getAndIncrement()) < n) {
                job.run(player, mine, rng, i);
            }
        });
    }

    /** One game's afterstates by band, and the restart episode that follows it. */
    private static final class GameTally {
        final long[] visits;
        final long[] restartVisits;
        final double[] valueSum;
        final double[] returnSum;
        final long[] firstAfter;
        long score;

        GameTally(int bands) {
            visits = new long[bands];
            restartVisits = new long[bands];
            valueSum = new double[bands];
            returnSum = new double[bands];
            firstAfter = new long[bands];
        }
    }

    private static GameTally playGame(GreedyPlayer player, Evaluator v, Rng rng, long gameSeed, int bands, long width) {
        GameTally t = new GameTally(bands);
        rng.reseed(gameSeed);
        List<long[]> path = new ArrayList<>();
        long start = Spawns.initial(v.shape(), rng);
        long score = play(player, v, rng, start, path);
        t.score = score;
        for (long[] step : path) {
            int b = (int) (Board.tileSum(step[0]) / width);
            t.visits[b]++;
            t.restartVisits[b]++;
            t.valueSum[b] += Double.longBitsToDouble(step[2]);
            t.returnSum[b] += score - step[1];
            if (t.firstAfter[b] == 0) {
                t.firstAfter[b] = step[0];
            }
        }
        // the restarts restart training would play after this game (the game itself is the first segment)
        List<long[]> segment = path;
        while (segment.size() > Shaping.RESTART_MIN_MOVES) {
            long from = Spawns.spawn(segment.get(segment.size() / 2)[0], v.shape(), rng);
            List<long[]> more = new ArrayList<>();
            play(player, v, rng, from, more);
            for (long[] step : more) {
                t.restartVisits[(int) (Board.tileSum(step[0]) / width)]++;
            }
            segment = more;
        }
        return t;
    }

    /**
     * Plays greedily from state {@code s} to the end; {@code path} gets, per move, the afterstate, the score
     * up to it and its value's bits. Returns the game's score.
     */
    private static long play(GreedyPlayer player, Evaluator v, Rng rng, long s, List<long[]> path) {
        long score = 0;
        while (player.chooseMove(s) >= 0) {
            long after = player.lastAfterstate();
            score += player.lastReward();
            path.add(new long[] {after, score, Double.doubleToRawLongBits(v.value(after))});
            s = Spawns.spawn(after, v.shape(), rng);
        }
        return score;
    }

    /** The mean and variance of the score of {@code n} greedy games from afterstate {@code after}, and its value. */
    private static double[] rollOut(GreedyPlayer player, Evaluator v, Rng rng, long after, int n, long seed) {
        rng.reseed(seed);
        double sum = 0;
        double sq = 0;
        List<long[]> ignored = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            ignored.clear();
            long g = play(player, v, rng, Spawns.spawn(after, v.shape(), rng), ignored);
            sum += g;
            sq += (double) g * g;
        }
        double mean = sum / n;
        return new double[] {v.value(after), mean, Math.max(0, (sq - n * mean * mean) / (n - 1))};
    }

    private static Report fold(GameTally[] tallies, List<long[]> jobs, double[][] rollouts, int games, int n,
                               int positions, long width, int bands) {
        long all = 0;
        long allRestart = 0;
        double scoreSum = 0;
        for (GameTally t : tallies) {
            for (int b = 0; b < bands; b++) {
                all += t.visits[b];
                allRestart += t.restartVisits[b];
            }
            scoreSum += t.score;
        }
        List<Band> out = new ArrayList<>();
        for (int b = 0; b < bands; b++) {
            long visits = 0;
            long restart = 0;
            double value = 0;
            double ret = 0;
            // the standard error of the bias over games, each game's errors in this band summed
            double errSum = 0;
            double errSq = 0;
            int gamesIn = 0;
            for (GameTally t : tallies) {
                visits += t.visits[b];
                restart += t.restartVisits[b];
                value += t.valueSum[b];
                ret += t.returnSum[b];
                if (t.visits[b] > 0) {
                    double e = t.valueSum[b] - t.returnSum[b];
                    errSum += e;
                    errSq += e * e;
                    gamesIn++;
                }
            }
            if (visits == 0 && restart == 0) {
                continue;
            }
            double bias = visits > 0 ? (value - ret) / visits : Double.NaN;
            double biasSe = Double.NaN;
            if (gamesIn > 1) {
                // a ratio estimate: per-game error sums over per-game visits
                double meanE = errSum / gamesIn;
                double var = (errSq - gamesIn * meanE * meanE) / (gamesIn - 1);
                biasSe = Math.sqrt(Math.max(0, var) / gamesIn) * gamesIn / visits;
            }
            int count = 0;
            double sqErr = 0;
            double noise = 0;
            for (int j = 0; j < jobs.size(); j++) {
                if (jobs.get(j)[1] == b) {
                    double[] r = rollouts[j];
                    sqErr += (r[0] - r[1]) * (r[0] - r[1]);
                    noise += r[2] / n;
                    count++;
                }
            }
            double rmse = count > 0 ? Math.sqrt(Math.max(0, (sqErr - noise) / count)) : Double.NaN;
            double rolloutSe = count > 0 ? Math.sqrt(noise / count) : Double.NaN;
            out.add(new Band(b * width, (b + 1) * width, visits, restart, all > 0 ? (double) visits / all : 0,
                    allRestart > 0 ? (double) restart / allRestart : 0, visits > 0 ? value / visits : Double.NaN,
                    visits > 0 ? ret / visits : Double.NaN, bias, biasSe, count, rmse, rolloutSe));
        }
        return new Report(games, n, positions, width, scoreSum / games, out);
    }
}
