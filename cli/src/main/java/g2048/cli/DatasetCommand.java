package g2048.cli;

import g2048.eval.Evaluator;
import g2048.files.LockFile;
import g2048.game.Shape;
import g2048.play.PlayerKind;
import g2048.play.PlayerSpec;
import g2048.play.Players;
import g2048.policy.DatasetWriter;
import g2048.train.policy.DatasetGenerator;
import g2048.search.SearchConfig;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code g2048 dataset}: a teacher's games recorded for training policy networks. */
@Command(name = "dataset", mixinStandardHelpOptions = true,
        description = {"Record a teacher's games: every position, the teacher's move and its value of each move.",
            "The file (.g2pd) is a stream of per-game chunks, each with a CRC32C; rerunning the same command",
            "continues a killed or shorter run (same --player, --model, --late-model, --late-from, --depth",
            "and --seed), and the same seed gives the same file whatever --threads.",
            "With --behaviour the games follow another player's moves (a policy network's, say) while the teacher",
            "still labels every position: the positions that player meets, with the teacher's answers (DAgger)."})
final class DatasetCommand implements Callable<Integer> {

    @Option(names = "--player", defaultValue = "ntuple",
            description = "The teacher: a player with a value function (ntuple, lines, cnn) (default: ${DEFAULT-VALUE}).")
    String player;

    @Option(names = "--model", description = "The teacher's model file (default: the shipped n-tuple model).")
    Path model;

    @Option(names = "--table", defaultValue = "auto", description = PlayerOptions.TABLE_HELP)
    String table;

    /** The ntuple teacher's late model. */
    @Mixin
    LateModelOptions late = new LateModelOptions();

    @Option(names = "--depth", defaultValue = "1", description = "The teacher's search depth (1 = greedy) (default: ${DEFAULT-VALUE}).")
    int depth;

    @Option(names = "--behaviour", description = "The player whose moves the games follow (e.g. policy), each position"
            + " still labelled by the teacher (default: the teacher's own games).")
    String behaviour;

    @Option(names = "--behaviour-model", description = "The behaviour player's model file (a .g2pn for policy;"
            + " default: the shipped one, policy5.g2pn for policy).")
    Path behaviourModel;

    @Option(names = "--teacher-share", defaultValue = "0", description = "With --behaviour: the probability of playing the"
            + " teacher's move instead at each position (default: ${DEFAULT-VALUE}).")
    double teacherShare;

    @Option(names = "--games", required = true, description = "Games the file holds when done.")
    long games;

    @Option(names = "--out", required = true, description = "The dataset file (.g2pd); an existing one of the same teacher is continued.")
    Path out;

    @Option(names = "--threads", defaultValue = "1", description = "Threads playing games (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the games' spawns (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = {"-q", "--quiet", "--no-progress"}, description = "Show no progress (done/total, rate, ETA) on standard error; results still go to standard output.")
    boolean quiet;

    @Override
    public Integer call() throws Exception {
        if (games < 1) {
            throw new Errors.BadInput("--games: expected at least 1, got " + games);
        }
        if (threads < 1) {
            throw new Errors.BadInput("--threads: expected at least 1, got " + threads);
        }
        // without tile-downgrading: a translated board's move values are on another scale than its game's others
        SearchConfig search = SearchConfig.ofDepth(depth).withDowngrade(0);
        if (behaviour == null && (behaviourModel != null || teacherShare != 0)) {
            throw new Errors.BadInput((behaviourModel != null ? "--behaviour-model" : "--teacher-share") + ": needs --behaviour");
        }
        if (!(teacherShare >= 0 && teacherShare <= 1)) {
            throw new Errors.BadInput("--teacher-share: expected a probability 0..1, got " + teacherShare);
        }
        OutputDirectory.checkFileWritable("--out", out);
        DistinctFiles.checkNotAnInput("--out", out, "--model", model);
        DistinctFiles.checkNotAnInput("--out", out, "--late-model", late.file());
        DistinctFiles.checkNotAnInput("--out", out, "--behaviour-model", behaviourModel);
        PlayerKind kind = PlayerKind.parse(player);
        PlayerSpec spec = late.applyTo(PlayerSpec.of(kind).withModel(model).withTable(PlayerOptions.table(kind, table)));
        Evaluator teacher = Players.evaluator(spec, Shape.S4x4, search);
        String teacherName = player + (model != null ? ":" + model.getFileName() : player.equals("ntuple") ? ":shipped" : "")
                // a run is continued only with the same late model; a file without one reads as before
                + lateName(spec.lateModel().resolvedFor(kind, spec.models(), search));
        g2048.player.Player follow = null;
        String meta = DatasetGenerator.meta(teacherName, depth, seed);
        if (behaviour != null) {
            try {
                follow = Players.create(PlayerSpec.of(PlayerKind.parse(behaviour)).withModel(behaviourModel), Shape.S4x4,
                        SearchConfig.ofDepth(1));
            } catch (java.io.UncheckedIOException e) {
                throw new Errors.BadInput("--behaviour-model: " + Errors.message(e), e);
            }
            // the file's name and size, or the shipped network's: a run is continued only with the same behaviour
            String name = behaviour + (behaviourModel != null ? ":" + behaviourModel.getFileName() + "@"
                    + java.nio.file.Files.size(behaviourModel) : behaviour.equals("policy") ? ":shipped" : "");
            meta = DatasetGenerator.meta(teacherName, depth, seed, name, teacherShare);
        }
        PrintStream o = System.out;
        DatasetWriter writer;
        try {
            writer = DatasetWriter.openOrResume(out, meta);
        } catch (LockFile.Held e) {
            throw new Errors.BadInput("--out: " + out + " is being written by another run (" + e.file() + " is locked)", e);
        }
        try (writer) {
            long startGame = writer.nextGame();
            o.printf(Locale.ROOT, "dataset %s: %s, %s%s; %,d games, %,d positions there; playing to %,d games on %d threads%n",
                    out, teacher.describe(), search.describe(), follow == null ? "" : String.format(Locale.ROOT,
                            "; games follow %s (the teacher's move with probability %s)", follow.name(), teacherShare),
                    startGame, writer.positions(), games, threads);
            DatasetGenerator gen = new DatasetGenerator(teacher, search, seed, follow, teacherShare);
            Progress bar = Progress.onStderr("dataset", "games", games, quiet).resumedAt(startGame);
            long start = System.nanoTime();
            long[] scoreSum = {0};
            long[] playedHere = {0};
            long[] positionsAtStart = {writer.positions()};
            CountDownLatch done = new CountDownLatch(1);
            Thread hook = new Thread(() -> {
                gen.stop();
                try {
                    done.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "g2048-dataset-stop");
            Runtime.getRuntime().addShutdownHook(hook);
            boolean finished;
            try {
                finished = gen.run(writer, games, threads, (g, positions, last) -> {
                    scoreSum[0] += last.score();
                    playedHere[0]++;
                    double secs = (System.nanoTime() - start) / 1e9;
                    double rate = (positions - positionsAtStart[0]) / Math.max(secs, 1e-9);
                    bar.update(g, String.format(Locale.ROOT, "%,d positions  %.0f pos/s  mean %.0f",
                            positions, rate, (double) scoreSum[0] / playedHere[0]));
                });
            } finally {
                bar.finish();
                done.countDown();
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException e) {
                    // the JVM is stopping (Ctrl-C): the hook waits on 'done'
                }
            }
            double secs = (System.nanoTime() - start) / 1e9;
            o.printf(Locale.ROOT, "%s: %,d games, %,d positions in %s; this run: %,d games, %s mean %.0f, %.1f s, %.0f positions/s%n",
                    finished ? "done" : "stopped", writer.nextGame(), writer.positions(), out, playedHere[0],
                    follow == null ? "teacher" : "behaviour",
                    playedHere[0] == 0 ? 0.0 : (double) scoreSum[0] / playedHere[0], secs,
                    (writer.positions() - positionsAtStart[0]) / Math.max(secs, 1e-9));
        }
        return 0;
    }

    /** The teacher's late model in the file's metadata: none adds nothing, so that files made without one read as before. */
    private String lateName(g2048.play.LateModel resolved) {
        return resolved.plays() ? "+late:" + resolved.fileName() + "@" + late.lateFrom : "";
    }
}
