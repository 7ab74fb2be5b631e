/**
 * The JSON answers about one board that the command line and the server both give, written by one
 * piece of code so that the two cannot drift: {@link g2048.answers.MoveAnswer} (every direction's
 * value and the choice: {@code move --json}, a session's {@code move}, the server's {@code /move};
 * {@code schemas/move.schema.json}), {@link g2048.answers.SolveAnswer} (exact values from a solution:
 * {@code solve query --json}, {@code /solve}; {@code schemas/solve-query.schema.json}),
 * {@link g2048.answers.ApplyAnswer} (moves applied without spawns: {@code apply --json}, a session's
 * {@code apply}), and the conventions every answer and command output follows
 * ({@link g2048.answers.JsonConventions}: with the shapes of {@code search}, {@code reach} and
 * {@code latency_us}). Each writes a whole object or its fields into an open one, so that a session's
 * reply holds an answer without splicing text.
 *
 * <p>Sits above {@code play} (whose {@link g2048.play.Answer} {@code MoveAnswer} writes), {@code search},
 * {@code solver} and {@code game}, written through {@code json};
 * below {@code server} and {@code cli}, which use it.
 */
package g2048.answers;
