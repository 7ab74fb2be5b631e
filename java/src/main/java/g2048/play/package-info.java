/**
 * Playing games: the {@link g2048.play.Player} interface, the simple built-in players, and the
 * runner that plays many seeded games on several threads and reports what the papers report
 * (mean ± sd, reach rates, moves per second, latency of a move as HdrHistogram percentiles).
 *
 * <p>Depends on {@code game} and {@code concurrent}; search and learned players implement
 * {@code Player} from above.
 */
package g2048.play;
