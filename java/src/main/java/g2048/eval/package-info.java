/**
 * The value of afterstates: the {@link g2048.eval.Evaluator} interface that every value function
 * implements (n-tuple networks, value networks on CPU and GPU), single and batched, with its
 * threading contract; {@link g2048.eval.EvaluatorBackends}, the registry of the backends that open
 * evaluators, by name ({@code auto}, {@code check} and each {@link g2048.eval.EvaluatorBackend},
 * found with {@link java.util.ServiceLoader} so that this package names none of them, with the
 * {@link g2048.eval.BackendOption}s they read); {@link g2048.eval.CheckEvaluator}, which runs two
 * evaluators side by side and fails loudly when they differ; {@link g2048.eval.EnsembleEvaluator},
 * the mean of several (an ensemble of networks); and
 * {@link g2048.eval.LineHeuristicEvaluator}, a hand-made value that needs no model.
 *
 * <p>Depends on {@code game} only.
 */
package g2048.eval;
