package g2048.cli;

import g2048.eval.Evaluator;
import g2048.files.AtomicFile;
import g2048.game.Shape;
import g2048.play.LateGameAudit;
import g2048.play.PlayerKind;
import g2048.play.PlayerSpec;
import g2048.play.Players;
import g2048.search.SearchConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code g2048 bench late-game}: where a value function is wrong, band by band of tile sum ({@link LateGameAudit}). */
@Command(name = "late-game", mixinStandardHelpOptions = true,
        description = {"Audit an n-tuple model's afterstate values by band of tile sum, against its own greedy player "
                + "(no tile-downgrading): the share of afterstates each band gets in plain games and in restart episodes "
                + "(the share of TD updates under either), the mean error of value against the score that followed "
                + "(unbiased), and the root-mean-square error against the mean of --rollouts games from up to "
                + "--positions afterstates a band (the rollouts' own noise taken out).",
            "With --late-model, the two models by stage are audited as the one value function they make."})
final class BenchLateGameCommand implements Callable<Integer> {

    @Option(names = "--model", description = "An n-tuple TD-afterstate model (default: the shipped model).")
    Path model;

    @Option(names = "--table", defaultValue = "auto", description = PlayerOptions.TABLE_HELP)
    String table;

    @Mixin
    LateModelOptions late = new LateModelOptions();

    @Option(names = "--games", defaultValue = "1000", description = "Games played (default: ${DEFAULT-VALUE}).")
    int games;

    @Option(names = "--rollouts", defaultValue = "32", description = "Games from each audited afterstate (default: ${DEFAULT-VALUE}).")
    int rollouts;

    @Option(names = "--positions", defaultValue = "64", description = "Afterstates rolled out from, per band (default: ${DEFAULT-VALUE}).")
    int positions;

    @Option(names = "--band", defaultValue = "8192", description = "Width of a band of tile sum (default: ${DEFAULT-VALUE}).")
    long band;

    @Option(names = "--threads", defaultValue = "1", description = "Threads (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the games (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--csv", description = "Also write the bands to this CSV file.")
    Path csv;

    @Override
    public Integer call() throws IOException {
        if (games < 1) {
            throw new Errors.BadInput("--games: expected at least 1, got " + games);
        }
        if (rollouts < 2) {
            throw new Errors.BadInput("--rollouts: expected at least 2, got " + rollouts);
        }
        if (positions < 1) {
            throw new Errors.BadInput("--positions: expected at least 1, got " + positions);
        }
        if (band < 2 || band > 1 << 20) {
            throw new Errors.BadInput("--band: expected 2..1048576, got " + band);
        }
        if (threads < 1) {
            throw new Errors.BadInput("--threads: expected at least 1, got " + threads);
        }
        if (csv != null) {
            OutputDirectory.checkFileWritable("--csv", csv);
        }
        PlayerSpec spec = late.applyTo(PlayerSpec.of(PlayerKind.NTUPLE).withTable(PlayerOptions.table(PlayerKind.NTUPLE, table)));
        if (model != null) {
            spec = spec.withModel(model);
        }
        Evaluator evaluator = Players.evaluator(spec, Shape.S4x4, SearchConfig.ofDepth(1));
        LateGameAudit.Report r = LateGameAudit.run(evaluator, games, rollouts, positions, band, seed, threads);
        String text = table(r);
        System.out.print(text);
        if (csv != null) {
            AtomicFile.writeStream(csv, out -> out.write(csv(r.bands()).getBytes(StandardCharsets.UTF_8)));
        }
        return 0;
    }

    private static String table(LateGameAudit.Report r) {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT,
                "%,d games (mean %,.0f), %d rollouts from up to %d afterstates a band%n", r.games(), r.meanScore(),
                r.rollouts(), r.positions()));
        s.append(String.format(Locale.ROOT, "%-15s %8s %8s %10s %10s %9s %7s %5s %8s %7s%n", "tile sum", "share",
                "restart", "value", "return", "bias", "±se", "n", "rmse", "±noise"));
        for (LateGameAudit.Band b : r.bands()) {
            s.append(String.format(Locale.ROOT, "%-15s %7.2f%% %7.2f%% %,10.0f %,10.0f %,9.0f %,7.0f %5d %,8.0f %,7.0f%n",
                    b.from() + "-" + b.to(), 100 * b.visitShare(), 100 * b.restartShare(), b.meanValue(), b.meanReturn(),
                    b.bias(), b.biasSe(), b.positions(), b.rmse(), b.rolloutSe()));
        }
        return s.toString();
    }

    private static String csv(List<LateGameAudit.Band> bands) {
        StringBuilder s = new StringBuilder("from,to,visits,restart_visits,share,restart_share,mean_value,mean_return,bias,"
                + "bias_se,positions,rmse,rollout_se\n");
        for (LateGameAudit.Band b : bands) {
            s.append(String.format(Locale.ROOT, "%d,%d,%d,%d,%.6f,%.6f,%.1f,%.1f,%.1f,%.1f,%d,%.1f,%.1f%n", b.from(), b.to(),
                    b.visits(), b.restartVisits(), b.visitShare(), b.restartShare(), b.meanValue(), b.meanReturn(), b.bias(),
                    b.biasSe(), b.positions(), b.rmse(), b.rolloutSe()));
        }
        return s.toString();
    }
}
