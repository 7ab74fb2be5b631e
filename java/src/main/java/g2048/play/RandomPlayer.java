package g2048.play;

import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.player.Player;

/** Plays a uniformly random legal move. Its stream restarts from each game's seed. */
public final class RandomPlayer implements Player {

    private final Moves moves;
    private final Rng rng = new Rng(0);

    public RandomPlayer(Shape shape) {
        this.moves = Moves.of(shape);
    }

    @Override
    public int chooseMove(long board) {
        return moves.randomLegalMove(board, rng);
    }

    @Override
    public void startGame(long gameSeed) {
        rng.reseed(Rng.mix(gameSeed ^ 0x5DEE_CE66_DL));
    }

    @Override
    public Player forThread() {
        return new RandomPlayer(moves.shape());
    }

    @Override
    public String name() {
        return "random";
    }
}
