/**
 * Playing games: {@link g2048.play.Players} builds the player a typed {@link g2048.play.PlayerSpec}
 * (a {@link g2048.play.PlayerKind} and its model, tables, database, device) stands for, the one
 * place that builds players; {@link g2048.play.Answerer} is the one way from a spec and a board to an
 * {@link g2048.play.Answer} (each move's value, the choice, what the endgame tables decided), which
 * {@code move}, a session, the server and {@code api.Engine} all answer through, each thread keeping
 * its own searches; and {@link g2048.play.GameRunner} plays many seeded games on
 * several threads and reports what the papers report (the {@link g2048.player.GameStats} of the
 * games, moves per second, latency of a move as HdrHistogram percentiles). The random player lives
 * here; the others live where their move choice is computed.
 *
 * <p>Sits above every package that chooses moves ({@code search}, {@code solver}, {@code ntuple},
 * {@code nn} and its GPU backend), so that going from a name to a move never passes through the
 * command line; only {@code server}, {@code api} and {@code cli} use it. Refused settings are
 * {@link g2048.settings.BadSetting}s naming the spec's field, never a command-line option.
 */
package g2048.play;
