/**
 * The engine for programs that embed it, in a few calls: {@link g2048.api.Engine} loads a player
 * (the shipped n-tuple model from the class path, a model file, the line heuristic, or a policy
 * network), chooses
 * moves, plays seeded games and reports their statistics, and solves small boards exactly into a
 * {@link g2048.solver.Solution} to query. Everything below it stays available: the game
 * ({@code g2048.game}), players ({@code g2048.player}, {@code g2048.search}), models
 * ({@code g2048.ntuple}, {@code g2048.nn}), the solver ({@code g2048.solver}), runs of games
 * ({@code g2048.play}). Sits above {@code play} and {@code solver}, below the command line.
 *
 * <p>Errors: bad input (a board, a model file, a depth) is an {@link java.lang.IllegalArgumentException}
 * whose message names it; only reading or writing a solver's directory throws a checked
 * {@link java.io.IOException}, where a caller may choose another directory or retry.
 */
package g2048.api;
