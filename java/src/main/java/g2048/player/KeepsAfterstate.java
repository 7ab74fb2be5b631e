package g2048.player;

/**
 * A player that keeps the afterstate and reward of its last choice, so that a game loop does not
 * slide the board a second time: a greedy n-tuple move takes well under a microsecond, and the
 * loop's own slide, reward and end-of-game test were a tenth of it.
 *
 * <p>Both describe the board the player was last asked about, as the rules play it, whatever
 * board the player searched (a tile-downgraded one, say); they are undefined after a choice of −1.
 */
public interface KeepsAfterstate {

    /** The board after the last chosen move, before the spawn. */
    long lastAfterstate();

    /** The reward of the last chosen move. */
    int lastReward();
}
