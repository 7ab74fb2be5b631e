package g2048.answers;

import static g2048.settings.BadSetting.field;

import g2048.game.BoardText;
import g2048.game.Direction;
import g2048.game.Moves;
import g2048.game.Shape;
import g2048.json.JsonWriter;
import g2048.settings.BadSetting;

/**
 * Moves applied to a board without spawns, each move's afterstate and reward in turn
 * ({@code schemas/apply.schema.json}): the one writer of {@code apply --json} and a session's
 * {@code apply} with a board. A move that changes nothing is refused, naming the field {@code moves}.
 */
public final class ApplyAnswer {

    private ApplyAnswer() {
    }

    /** The directions {@code letters} name (U, R, D, L), refused naming the field {@code moves} when missing or unknown. */
    public static int[] directions(String letters) {
        if (letters == null || letters.isEmpty()) {
            throw new BadSetting(field("moves"), ": missing, expected letters U, R, D, L, e.g. RDLU");
        }
        int[] dirs = new int[letters.length()];
        for (int i = 0; i < dirs.length; i++) {
            try {
                dirs[i] = Direction.ofLetter(letters.charAt(i)).ordinal();
            } catch (IllegalArgumentException e) {
                throw BadSetting.causedBy(e, field("moves"), ": character " + (i + 1) + " " + e.getMessage());
            }
        }
        return dirs;
    }

    /** The answer of {@code dirs} applied to {@code b} in turn: each afterstate and reward, and their total. */
    public static JsonWriter of(long b, Shape shape, int[] dirs) {
        return into(JsonConventions.writer().begin(), b, shape, dirs).end();
    }

    /** As {@link #of}, its fields written into the object {@code j} has open. */
    public static JsonWriter into(JsonWriter j, long b, Shape shape, int[] dirs) {
        Moves moves = Moves.of(shape);
        j.field("shape", shape.toString()).field("board", BoardText.format(b, shape)).beginArray("steps");
        long total = 0;
        for (int i = 0; i < dirs.length; i++) {
            long after = moves.move(b, dirs[i]);
            if (after == b) {
                throw new BadSetting(field("moves"), ": move " + (i + 1) + " (" + Direction.ALL[dirs[i]] + ") is illegal on "
                        + BoardText.format(b, shape) + ": it changes nothing");
            }
            int reward = moves.reward(b, dirs[i]);
            total += reward;
            b = after;
            j.begin().field("move", JsonConventions.move(dirs[i])).field("afterstate", BoardText.format(b, shape))
                    .field("reward", reward).end();
        }
        return j.endArray().field("total_reward", total);
    }
}
