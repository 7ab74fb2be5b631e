package g2048.play;

import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;

/** Plays a uniformly random legal move. Its stream restarts from each game's seed. */
public final class RandomPlayer implements Player {

    private final Moves moves;
    private final Rng rng = new Rng(0);

    public RandomPlayer(Shape shape) {
        this.moves = Moves.of(shape);
    }

    @Override
    public int chooseMove(long board) {
        int legal = moves.legalMask(board);
        if (legal == 0) {
            return -1;
        }
        int k = rng.nextInt(Integer.bitCount(legal));
        for (int i = 0; i < k; i++) {
            legal &= legal - 1;
        }
        return Integer.numberOfTrailingZeros(legal);
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
