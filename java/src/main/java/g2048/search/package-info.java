/**
 * Search over the game tree with an {@link g2048.eval.Evaluator} at the leaves: greedy (1-ply) and
 * expectimax, as players. Depends on {@code game}, {@code eval} and {@code play}.
 */
package g2048.search;
