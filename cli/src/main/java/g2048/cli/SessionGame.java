package g2048.cli;

import g2048.answers.JsonConventions;
import g2048.game.BoardText;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;
import g2048.json.JsonWriter;

/**
 * The game a session plays: a board, its score and moves, and the generator of its spawns. A game
 * from seed s spawns as game 0 of {@code play --seed s} does, so the engine's steps replay that game.
 */
final class SessionGame {

    final Shape shape;
    final long seed;
    private final Rng rng;
    private final Moves moves;
    long board;
    long score;
    int played;

    SessionGame(Shape shape, long seed) {
        this.shape = shape;
        this.seed = seed;
        this.rng = new Rng(Rng.gameSeed(seed, 0));
        this.moves = Moves.of(shape);
        this.board = Spawns.initial(shape, rng);
    }

    /** A copy to try moves on: the same board, score and spawns to come. */
    SessionGame copy() {
        SessionGame c = new SessionGame(shape, seed);
        for (int i = 0; i < played; i++) {
            c.rng.nextLong(); // one draw a spawn: the copy's generator is where this one is
        }
        c.board = board;
        c.score = score;
        c.played = played;
        return c;
    }

    boolean over() {
        return moves.isTerminal(board);
    }

    /** Plays {@code direction} and spawns a tile; the reward. Refused (the game unchanged) when illegal. */
    int play(int direction) {
        long after = moves.move(board, direction);
        if (after == board) {
            throw new IllegalArgumentException("move " + JsonConventions.move(direction) + " is illegal on "
                    + BoardText.format(board, shape) + (over() ? ": the game is over" : ": it changes nothing"));
        }
        int reward = moves.reward(board, direction);
        score += reward;
        played++;
        board = Spawns.spawn(after, shape, rng);
        return reward;
    }

    /** The game's fields of a reply (session.schema.json's game), written into the object {@code j} has open. */
    JsonWriter fields(JsonWriter j) {
        return j.field("shape", shape.toString()).field("seed", seed)
                .field("board", BoardText.format(board, shape)).field("score", score).field("moves", played)
                .field("over", over());
    }

    /** The game's fields as an object, left open for more. */
    JsonWriter json() {
        return fields(JsonConventions.writer().begin());
    }
}
