package g2048.ntuple;

import static g2048.settings.BadSetting.field;

import g2048.settings.BadSetting;
import java.util.Locale;

/**
 * How far TD-afterstate looks ahead for its targets: n-step TD and TD(λ), each forward (online,
 * an afterstate updated once its horizon has been played) or backward (after the game, from the
 * last afterstate to the first, each target read from the values just updated, as TDL2048+'s
 * backward training does).
 *
 * <ul>
 * <li>forward n-step: the target of afterstate t is {@code r_{t+1} + … + r_{t+n} + V(s'_{t+n})},
 *     where {@code V(s'_{t+n})} is the value it had when it was chosen; past the end of the game the
 *     target is the rewards that remain (a terminal state is worth 0). n = 1 is TD(0).</li>
 * <li>forward TD(λ) with horizon n ≥ 2: the λ-return truncated at n,
 *     {@code (1−λ) Σ_{k<n} λ^{k−1} G^(k) + λ^{n−1} G^(n)}, {@code G^(k)} the k-step return above.</li>
 * <li>backward n-step: as forward, the values read after the later afterstates were updated.</li>
 * <li>backward TD(λ): the whole game's λ-return, {@code G_t = r_{t+1} + (1−λ) V(s'_{t+1}) + λ G_{t+1}},
 *     {@code G} of the last afterstate 0 (no horizon).</li>
 * </ul>
 *
 * @param steps    the horizon n (1 for TD(0) or backward TD(λ))
 * @param lambda   λ in [0, 1); 0 for n-step TD
 * @param backward whether updates wait for the end of the game and run last to first
 */
public record TdRule(int steps, double lambda, boolean backward) {

    /** Plain online TD(0), Szubert and Jaśkowski's rule. */
    public static final TdRule TD0 = new TdRule(1, 0, false);

    public TdRule {
        if (steps < 1 || steps > 1000) {
            throw new BadSetting(field("steps"), ": expected 1..1000, got " + steps);
        }
        if (!(lambda >= 0 && lambda < 1)) {
            throw new BadSetting(field("lambda"), ": expected a value in [0, 1), got " + lambda);
        }
        if (lambda > 0 && !backward && steps < 2) {
            throw new BadSetting(field("lambda"), " " + lambda + ": forward TD(λ) needs a horizon, ", field("steps"), " 2 or more"
                    + " (or ", field("backward"), " for the whole game's λ-return)");
        }
        if (lambda > 0 && backward && steps != 1) {
            throw new BadSetting(field("steps"), " " + steps + " with ", field("lambda"), " and ", field("backward"), ": backward TD(λ) uses the"
                    + " whole game; the horizon is for forward TD(λ)");
        }
    }

    /** Whether this is Szubert and Jaśkowski's plain online TD(0). */
    public boolean plain() {
        return equals(TD0);
    }

    /** E.g. {@code TD(0)}, {@code 5-step TD, backward}, {@code TD(0.5) over 5 steps}. */
    public String text() {
        String base = lambda > 0 ? String.format(Locale.ROOT, "TD(%s)", (float) lambda) + (backward ? "" : " over " + steps + " steps")
                : steps == 1 ? "TD(0)" : steps + "-step TD";
        return base + (backward ? ", backward" : "");
    }
}
