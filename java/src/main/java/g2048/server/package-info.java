/**
 * The engine over HTTP ({@code g2048 serve}): {@link g2048.server.MoveServer} answers a JSON API
 * (move values and the chosen move for a board, a seeded game's trace, exact values from a solver
 * database, health) and serves the viewer page, a static page that plays a game live: the engine's
 * moves from {@code /move}, or a person's with the engine's values as hints, on a board it can edit.
 * Answers are the command line's JSON, written by {@code g2048.answers}. Every player {@code play} plays
 * is served (the policy and value networks when their files are given); each model is loaded once
 * and shared by every request; requests run in parallel on a fixed pool of
 * search threads, each with its own search scratch space ({@link g2048.server.MoveService}).
 *
 * <p>Built on its own small HTTP/1.1 server, {@code server.http}; depends on {@code answers}, {@code play}
 * (players by name), {@code search}, {@code policy}, {@code solver} and {@code game}, and on nothing above them.
 */
package g2048.server;
