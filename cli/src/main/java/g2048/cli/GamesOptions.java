package g2048.cli;

import g2048.game.Shape;
import g2048.play.GameRunner;
import g2048.play.Summary;
import g2048.player.Player;
import picocli.CommandLine.Option;

/**
 * The games a command plays and how: {@code --games}, {@code --threads}, {@code --seed} and the
 * progress, and the run itself; shared by {@code play} and {@code tables survey}, so that a survey
 * meets the very games {@code play} plays.
 */
final class GamesOptions {

    @Option(names = "--games", defaultValue = "100", description = "Games to play (default: ${DEFAULT-VALUE}).")
    int games;

    @Option(names = "--threads", description = "Threads (default: the number of cores).")
    Integer threads;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the run; game i uses a seed derived from it (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = {"-q", "--quiet", "--no-progress"}, description = "Show no progress (done/total, rate, ETA) on standard error; results still go to standard output.")
    boolean quiet;

    /** Refuses a count of games or threads below 1, before anything is loaded. */
    void check() {
        if (games < 1) {
            throw new Errors.BadInput("--games: expected at least 1, got " + games);
        }
        if (threads() < 1) {
            throw new Errors.BadInput("--threads: expected at least 1, got " + threads);
        }
    }

    private int threads() {
        return threads == null ? Runtime.getRuntime().availableProcessors() : threads;
    }

    /** Plays the games with {@code player} on boards of {@code shape}, showing the progress as {@code label}. */
    Summary play(String label, Shape shape, Player player) {
        // a sample of the moves is timed: the clock on every move is a share of a greedy move (bench search times every move)
        GameRunner runner = new GameRunner(shape).timingEvery(16);
        Progress progress = Progress.onStderr(label, "games", games, quiet);
        Summary summary = runner.run(player, games, threads(), seed, progress.gamesWithMeanScore());
        progress.finish();
        return summary;
    }
}
