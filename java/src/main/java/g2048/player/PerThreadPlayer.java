package g2048.player;

import java.util.function.Supplier;

/** {@link Player#perThread}: a fresh instance per thread, made when the thread first chooses. */
final class PerThreadPlayer implements Player {

    private final String name;
    private final Supplier<? extends Player> make;
    private Player own;

    PerThreadPlayer(String name, Supplier<? extends Player> make) {
        this.name = name;
        this.make = make;
    }

    @Override
    public int chooseMove(long board) {
        if (own == null) {
            own = make.get();
        }
        return own.chooseMove(board);
    }

    @Override
    public void startGame(long gameSeed) {
        if (own == null) {
            own = make.get();
        }
        own.startGame(gameSeed);
    }

    @Override
    public Player forThread() {
        return new PerThreadPlayer(name, make);
    }

    @Override
    public String name() {
        return name;
    }
}
