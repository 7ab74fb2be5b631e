/**
 * The JSON answers about one board that the command line and the server both give, written by one
 * piece of code so that the two cannot drift: {@link g2048.answers.MoveAnswer} (every direction's
 * value and the choice: {@code move --json}, a session's {@code move}, the server's {@code /move};
 * {@code schemas/move.schema.json}), {@link g2048.answers.SolveAnswer} (exact values from a solution:
 * {@code solve query --json}, {@code /solve}; {@code schemas/solve-query.schema.json}), and the
 * conventions every answer and command output follows ({@link g2048.answers.JsonConventions}).
 *
 * <p>Sits above {@code search}, {@code solver} and {@code game}, written through {@code json};
 * below {@code server} and {@code cli}, which use it.
 */
package g2048.answers;
