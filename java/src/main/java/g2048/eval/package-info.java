/**
 * The value of afterstates: the {@link g2048.eval.Evaluator} interface that every value function
 * implements (n-tuple networks, value networks on CPU and GPU), single and batched, with its
 * threading contract (value networks get theirs from a backend of {@code g2048.nn.Backends});
 * {@link g2048.eval.CheckEvaluator}, which runs two
 * evaluators side by side and fails loudly when they differ; {@link g2048.eval.EnsembleEvaluator},
 * the mean of several (an ensemble of networks); {@link g2048.eval.StagedEvaluator}, one below a
 * tile and another from it (a late-game network); and
 * {@link g2048.eval.LineHeuristicEvaluator}, a hand-made value that needs no model.
 *
 * <p>Depends on {@code game} only.
 */
package g2048.eval;
