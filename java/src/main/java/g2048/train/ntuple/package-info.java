/**
 * Training n-tuple networks: {@link g2048.train.ntuple.NtupleTrainingSpec} is what a run is asked
 * for, checked, and {@link g2048.train.ntuple.NtupleTraining} the model it settles on (new, or resumed
 * under the rules of resuming) with the way it learns; {@link g2048.train.ntuple.NtupleRun} trains a model by
 * {@link g2048.ntuple.SelfPlay} to a total of games, with reports, greedy evaluations and
 * checkpoints on a schedule, and a stop that still saves; {@link g2048.train.ntuple.NtupleCurve}
 * is its learning curve beside the model file, {@link g2048.train.ntuple.NtupleEvents} its JSON
 * lines. Depends on {@code train}, {@code ntuple}, {@code game}, {@code json} and {@code settings}.
 */
package g2048.train.ntuple;
