package g2048.ntuple;

import g2048.settings.Named;

/** The three learning methods of Szubert and Jaśkowski (2014), with the number of networks (banks) each keeps. */
public enum Method implements Named {
    /** TD(0) between consecutive afterstates; moves by reward + V(afterstate). One network. */
    TD_AFTERSTATE(1),
    /** TD(0) on states; moves by reward + the expectation of V over all spawns. One network. */
    TD_STATE(1),
    /** Q-learning with one network per action, V_up, V_right, V_down, V_left. */
    Q_LEARNING(4);

    private final int banks;

    Method(int banks) {
        this.banks = banks;
    }

    public int banks() {
        return banks;
    }

    public static Method parse(String s) {
        return Named.parse(Method.class, "method", s);
    }

    /** The learner for one thread over {@code net}, one stage, plain TD, terminal states worth 0. */
    public Learner learner(TupleNetwork net, float alpha) {
        return learner(net, alpha, TerminalValue.ZERO, Stages.SINGLE, null);
    }

    /**
     * The learner for one thread over {@code net} (which holds {@code banks() · stages.count()}
     * banks); {@code terminal} matters to TD-state only; {@code coherence} null is plain TD.
     */
    public Learner learner(TupleNetwork net, float alpha, TerminalValue terminal, Stages stages, Coherence coherence) {
        return learner(net, alpha, terminal, stages, coherence, TdRule.TD0);
    }

    /** As above with the targets of {@code rule}; rules other than TD(0) serve TD-afterstate only. */
    public Learner learner(TupleNetwork net, float alpha, TerminalValue terminal, Stages stages, Coherence coherence,
                           TdRule rule) {
        if (!rule.plain() && this != TD_AFTERSTATE) {
            throw new IllegalArgumentException(rule.text() + " is a rule of td-afterstate; " + text() + " learns by TD(0)");
        }
        return switch (this) {
            case TD_AFTERSTATE -> rule.plain() ? new AfterstateLearner(net, alpha, stages, coherence)
                    : new EpisodeLearner(net, alpha, stages, coherence, rule);
            case TD_STATE -> new StateLearner(net, alpha, terminal, stages, coherence);
            case Q_LEARNING -> new QLearner(net, alpha, stages, coherence);
        };
    }
}
