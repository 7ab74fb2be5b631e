/**
 * N-tuple networks (seed 001): tuple specs as data, off-heap lookup tables shared by all threads,
 * the three TD learners (TD-afterstate, TD-state, Q-learning), training on several threads, and
 * model files (memory-mapped full form, deflated compact form for shipping).
 *
 * <p>Depends on {@code game} and {@code eval} only. Entry points: {@link g2048.ntuple.NetworkSpec}
 * (parse a network), {@link g2048.ntuple.NtupleModels} (load a model: an
 * {@link g2048.eval.Evaluator} or a move policy), {@link g2048.ntuple.Trainer} (learn).
 */
package g2048.ntuple;
