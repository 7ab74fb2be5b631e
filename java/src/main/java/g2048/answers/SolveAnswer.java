package g2048.answers;

import g2048.game.BoardText;
import g2048.json.JsonWriter;
import g2048.solver.Solution;

/**
 * Each direction's exact value on a state of a solution, the state's value and the best move
 * ({@code schemas/solve-query.schema.json}): the one writer of {@code solve query --json}, a
 * session's {@code solve-query} and the server's {@code /solve}.
 */
public final class SolveAnswer {

    private SolveAnswer() {
    }

    /** The answer for {@code b}, a reachable state of {@code sol} (the caller checks). */
    public static JsonWriter of(Solution sol, long b) {
        return into(JsonConventions.writer().begin(), sol, b).end();
    }

    /** As {@link #of}, its fields written into the object {@code j} has open. */
    public static JsonWriter into(JsonWriter j, Solution sol, long b) {
        double[] q = new double[4];
        int legal = sol.moveValues(b, q);
        j.field("board", BoardText.format(b, sol.shape()))
                .field("shape", sol.shape().name())
                .field("value", sol.stateValue(b))
                .beginArray("moves");
        for (int d = 0; d < 4; d++) {
            boolean isLegal = (legal >>> d & 1) != 0;
            j.begin().field("move", JsonConventions.move(d)).field("legal", isLegal);
            if (isLegal) {
                j.field("value", q[d]);
            } else {
                j.nullField("value");
            }
            j.end();
        }
        return j.endArray().field("move", JsonConventions.move(sol.bestMove(b)));
    }
}
