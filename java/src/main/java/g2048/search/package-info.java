/**
 * Search over the game tree with an {@link g2048.eval.Evaluator} at the leaves: greedy (1-ply)
 * and {@link g2048.search.Expectimax} at depth d as Matsuzaki 2021 counts plies, with a per-thread
 * transposition table, a probability cutoff, iterative deepening under a time budget, and a
 * batched-leaf mode that values a tree's unique leaves in batch calls; players over both.
 * Depends on {@code game}, {@code player} and {@code eval}.
 */
package g2048.search;
