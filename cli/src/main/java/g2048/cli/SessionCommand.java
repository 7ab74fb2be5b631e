package g2048.cli;

import g2048.play.PlayerKind;
import g2048.play.PlayerSpec;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code g2048 session}: one process, many requests, the model loaded once (schemas/session.schema.json).
 * Its options are the players and settings a session takes, and no other (no --db: a solve-query names its own).
 */
@Command(name = "session", mixinStandardHelpOptions = true,
        description = {"Answer requests, one JSON object a line on standard input, with one JSON line each on standard output,"
            + " the model loaded once: move, apply, new-game, step, set, solve-query, quit.",
            "The first line out is {\"reply\":\"ready\",\"result\":SETTINGS} once the player is loaded. Every line in is answered"
            + " with one line out, in order: a request that fails (a blank line, a line over " + RequestLine.MAX_CHARS
            + " characters included) is answered {\"reply\":\"error\",\"request\":...,\"error\":\"field: what\"} and the"
            + " session goes on. The session ends at quit or the end of the input (exit 0), or when its standard output is"
            + " closed (exit 1, without a message).",
            "Players: ntuple (the shipped model by default), lines, heuristic, cnn, policy (the shipped network by default; each"
            + " move's probability, no search); --depth, --time-ms, --time-bank (the game's steps share one bank) and --downgrade are the settings each move request may override. The session schema in the schemas directory describes every"
            + " request and reply.",
            "--late-model belongs to the ntuple player: it values that player's late game whichever model a set request gives it,"
            + " and the other players play without it (the settings' late_model is then null).",
            "With --tables, the endgame tables check every player's moves on 4x4 boards, as in 'move --tables': each move answer"
            + " (of move and step) has the field 'table'."})
final class SessionCommand implements Callable<Integer> {

    @Option(names = "--player", defaultValue = "ntuple", completionCandidates = Players.class,
            description = "Who plays: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    String player;

    @Option(names = "--model", paramLabel = "FILE",
            description = "Model file of ntuple, cnn or policy (default: the shipped one, ntuple-6x6.g2nz for ntuple and"
                    + " policy5.g2pn for policy; cnn needs one).")
    Path model;

    @Option(names = "--depth", defaultValue = "1", description = PlayerOptions.DEPTH_HELP)
    int depth;

    @Option(names = "--table", defaultValue = "auto", description = PlayerOptions.TABLE_HELP)
    String table = "auto";

    @Mixin
    NetworkDeviceOptions devices = new NetworkDeviceOptions();

    /** The ntuple player's late model, kept for it whenever set chooses it ({@link Session}). */
    @Mixin
    LateModelOptions late = new LateModelOptions();

    @Mixin
    SearchOptions searchOptions = new SearchOptions();

    @Mixin
    TablesOptions tablesOptions = new TablesOptions();

    /** The players a session takes, for help and completion. */
    static final class Players implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Session.PLAYERS.iterator();
        }
    }

    @Override
    public Integer call() throws Exception {
        if (!Session.PLAYERS.contains(player)) {
            throw new Errors.BadInput("--player: '" + player + "' is not a session player, expected one of "
                    + String.join(", ", Session.PLAYERS));
        }
        PlayerKind kind = PlayerKind.parse(player);
        PlayerSpec spec = late.applyTo(new PlayerSpec(kind, model == null ? List.of() : List.of(model),
                PlayerOptions.table(kind, table), null, devices.device, devices.settings()));
        // checkError, not an exception, says that standard output is closed: the JVM ignores SIGPIPE
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false, StandardCharsets.UTF_8);
        Session session;
        try {
            session = new Session(spec, searchOptions.config(depth), tablesOptions.settings());
        } catch (IllegalArgumentException e) {
            throw new Errors.BadInput(Errors.message(e), e);
        }
        try (session; InputStreamReader in = new InputStreamReader(System.in, StandardCharsets.UTF_8)) {
            BoundedLines lines = new BoundedLines(in, RequestLine.MAX_CHARS);
            String reply = session.ready();
            while (true) {
                out.println(reply);
                out.flush();
                if (out.checkError()) {
                    return 1; // nobody reads the answers any more
                }
                if (session.quit()) {
                    return 0;
                }
                try {
                    String line = lines.next();
                    if (line == null) {
                        return 0;
                    }
                    reply = session.answer(line);
                } catch (BoundedLines.TooLong e) {
                    reply = Session.error(null, e);
                }
            }
        }
    }
}
