/**
 * Playing games: the simple built-in players, and the runner that plays many seeded games on
 * several threads and reports what the papers report (the {@link g2048.player.GameStats} of the
 * games, moves per second, latency of a move as HdrHistogram percentiles).
 *
 * <p>Depends on {@code game}, {@code player} and {@code concurrent}; search and learned players
 * implement {@link g2048.player.Player} from there.
 */
package g2048.play;
