package g2048.cli;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code g2048 session}: one process, many requests, the model loaded once (schemas/session.schema.json). */
@Command(name = "session", mixinStandardHelpOptions = true,
        description = {"Answer requests, one JSON object a line on standard input, with one JSON line each on standard output,"
            + " the model loaded once: move, apply, new-game, step, set, solve-query, quit.",
            "The first line out is {\"reply\":\"ready\",\"result\":SETTINGS} once the player is loaded. A request that fails"
            + " is answered {\"reply\":\"error\",\"request\":...,\"error\":\"field: what\"} and the session goes on."
            + " The session ends at quit or the end of the input.",
            "Players: ntuple (the shipped model by default), lines, heuristic, cnn, policy (the shipped network by default; each"
            + " move's probability, no search); --depth, --time-ms, --time-bank (the game's steps share one bank) and --downgrade are the settings each move request may override. The session schema in the schemas directory describes every"
            + " request and reply."})
final class SessionCommand implements Callable<Integer> {

    @Mixin
    PlayerOptions playerOptions = new PlayerOptions();

    @Mixin
    SearchOptions searchOptions = new SearchOptions();

    @Override
    public Integer call() throws Exception {
        if (!Session.PLAYERS.contains(playerOptions.player)) {
            throw new Errors.BadInput("--player: '" + playerOptions.player + "' is not a session player, expected one of "
                    + String.join(", ", Session.PLAYERS));
        }
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false, StandardCharsets.UTF_8);
        Session session;
        try {
            session = new Session(playerOptions.spec(), searchOptions.config(playerOptions.depth));
        } catch (IllegalArgumentException e) {
            throw new Errors.BadInput(Errors.message(e), e);
        }
        try (session; BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            out.println("{\"reply\":\"ready\",\"result\":" + session.settings() + "}");
            out.flush();
            for (String line; !session.quit() && (line = in.readLine()) != null; ) {
                if (line.isBlank()) {
                    continue;
                }
                out.println(session.answer(line));
                out.flush();
            }
        }
        return 0;
    }
}
