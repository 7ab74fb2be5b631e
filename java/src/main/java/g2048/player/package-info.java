/**
 * Move choice and what games score, below every package that plays: the {@link g2048.player.Player}
 * interface that n-tuple learners, searches, solutions and the built-in players implement,
 * {@link g2048.player.BestMove} (the greedy choice among the legal moves, ties to the lowest
 * direction), {@link g2048.player.KeepsAfterstate} (a player's last afterstate, for game loops), and {@link g2048.player.GameStats} (mean, sd, max and reach rates of finished games).
 *
 * <p>Depends on {@code game} only, so that {@code ntuple}, {@code search}, {@code train},
 * {@code solver} and {@code play} all use it without importing one another.
 */
package g2048.player;
