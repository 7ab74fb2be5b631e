/**
 * The value of afterstates: the {@link g2048.eval.Evaluator} interface that every value function
 * implements (n-tuple networks, value networks on CPU and GPU), single and batched.
 *
 * <p>Depends on {@code game} only.
 */
package g2048.eval;
