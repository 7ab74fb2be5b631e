/**
 * N-tuple networks (Szubert and Jaśkowski 2014) and the field's learning methods: tuple specs as data (the 6-tuple
 * presets included), off-heap lookup tables shared by all threads, multi-stage tables
 * ({@link g2048.ntuple.Stages}), the three TD learners (TD-afterstate, TD-state, Q-learning) with
 * temporal coherence ({@link g2048.ntuple.Coherence}), optimistic initialisation, n-step and TD(λ)
 * rules ({@link g2048.ntuple.TdRule}) and shaping ({@link g2048.ntuple.Shaping}), training on several
 * threads, and model files (memory-mapped full form, a range-coded compact form for shipping, which play
 * decodes straight into int16 tables).
 *
 * <p>Depends on {@code game}, {@code eval}, {@code player}, {@code files} and {@code concurrent}.
 * Entry points: {@link g2048.ntuple.TupleSpec} (parse a network), {@link g2048.ntuple.NtupleModels}
 * (load a model: an {@link g2048.eval.Evaluator} or a {@link g2048.player.Player}),
 * {@link g2048.ntuple.SelfPlay} (learn).
 */
package g2048.ntuple;
