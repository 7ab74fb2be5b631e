/**
 * Training n-tuple networks: {@link g2048.train.ntuple.NtupleRun} trains a model by
 * {@link g2048.ntuple.SelfPlay} to a total of games, with reports, greedy evaluations and
 * checkpoints on a schedule, and a stop that still saves; {@link g2048.train.ntuple.NtupleCurve}
 * is its learning curve beside the model file. Depends on {@code train}, {@code ntuple} and
 * {@code game}.
 */
package g2048.train.ntuple;
