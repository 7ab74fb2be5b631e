package g2048.ntuple;

import g2048.settings.Named;

/**
 * What TD-state takes as the value of a terminal state (a state with no legal move), in its move
 * choice (the expectation over spawns) and in its learning target.
 *
 * <ul>
 * <li>{@code ZERO} (the default): a terminal state is worth 0, as the reward that follows it.</li>
 * <li>{@code NETWORK}: the network's value, as Fig. 5 of Szubert and Jaśkowski 2014 reads (every next state valued by V).
 *     Terminal states are never updated themselves, so their values come from the features they share
 *     with other states; this is how the paper's TD-state ends up below TD-afterstate.</li>
 * </ul>
 * TD-afterstate and Q-learning have no choice to make here: a terminal state has no next move, so
 * their targets are 0.
 */
public enum TerminalValue implements Named {
    ZERO,
    NETWORK;

    /** The rule named {@code s} ({@code zero} or {@code network}). */
    public static TerminalValue parse(String s) {
        return Named.parse(TerminalValue.class, "terminal value", s);
    }
}
