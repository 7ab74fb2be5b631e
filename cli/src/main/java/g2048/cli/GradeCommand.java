package g2048.cli;

import g2048.answers.JsonConventions;
import g2048.json.JsonWriter;
import g2048.play.Players;
import g2048.solver.PolicyGrader;
import g2048.solver.Solution;
import java.io.IOException;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code g2048 grade}: an agent's exact expected score on a solved small board, beside the optimal
 * one, and its share of optimal moves (see {@link PolicyGrader} for the definitions).
 */
@Command(name = "grade", mixinStandardHelpOptions = true,
        description = "Grade a player exactly against a solution (--db): its expected score over every state its policy"
                + " reaches (not sampled), the optimal expected score, and the probability-weighted share of its moves"
                + " that are optimal.")
final class GradeCommand implements Callable<Integer> {

    @Mixin
    PlayerOptions playerOptions = new PlayerOptions();

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Option(names = "--threads", description = "Threads (default: the number of cores).")
    Integer threads;

    @Option(names = {"-q", "--quiet", "--no-progress"}, description = "Show no progress (done/total, rate, ETA) on standard error; results still go to standard output.")
    boolean quiet;

    /** How many ages there are from the first to {@code age}. */
    static long ageCount(int age) {
        return (age - g2048.solver.Manifest.FIRST_AGE) / 2 + 1;
    }

    @Override
    public Integer call() throws IOException {
        if (playerOptions.db == null) {
            throw new Errors.BadInput("--db: missing, expected a solution directory written by 'g2048 solve'");
        }
        int nThreads = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (nThreads < 1) {
            throw new Errors.BadInput("--threads: expected at least 1, got " + nThreads);
        }
        try (Solution sol = SolutionOption.open(playerOptions.db)) {
            // The random player draws uniformly among the legal moves: graded as that distribution.
            PolicyGrader.Policy policy = "random".equals(playerOptions.player)
                    ? PolicyGrader.uniform("random")
                    : PolicyGrader.deterministic(Players.create(playerOptions.spec(), sol.shape(),
                            SearchOptions.defaults(playerOptions.depth)));
            Progress progress = Progress.onStderr("grade", "ages", 0, quiet);
            PolicyGrader.Grade g = PolicyGrader.grade(sol, policy, nThreads, (age, last, states) -> {
                // ages are even, from the first (two spawns: 4) to the last
                progress.total(ageCount(last), false);
                progress.update(ageCount(age), String.format(Locale.ROOT, "age %d, %,d states reached", age, states));
            });
            progress.finish();
            if (json) {
                System.out.println(new JsonWriter(JsonWriter.Numbers.SIX_DECIMALS).begin()
                        .field("player", JsonConventions.player(g.policy()))
                        .field("shape", g.shape().name())
                        .field("db", JsonConventions.path(playerOptions.db))
                        .field("expected_score", g.expectedScore())
                        .field("optimal_expected_score", g.optimalExpectedScore())
                        .field("ratio", g.expectedScore() / g.optimalExpectedScore())
                        .field("optimal_move_share", g.optimalShare())
                        .field("expected_moves", g.expectedMoves())
                        .field("states_visited", g.statesVisited())
                        .field("elapsed_s", g.seconds())
                        .end());
            } else {
                System.out.printf(Locale.ROOT, "grade %s on %s (exact, over every state its policy reaches)%n", g.policy(), g.shape());
                System.out.printf(Locale.ROOT, "  expected score          %.4f%n", g.expectedScore());
                System.out.printf(Locale.ROOT, "  optimal expected score  %.4f  (ratio %.4f)%n", g.optimalExpectedScore(),
                        g.expectedScore() / g.optimalExpectedScore());
                System.out.printf(Locale.ROOT, "  optimal moves           %.4f of its moves (probability-weighted)%n", g.optimalShare());
                System.out.printf(Locale.ROOT, "  expected moves a game   %.2f%n", g.expectedMoves());
                System.out.printf(Locale.ROOT, "  states visited          %,d  (%.2f s)%n", g.statesVisited(), g.seconds());
            }
        }
        return 0;
    }
}
