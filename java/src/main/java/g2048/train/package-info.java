/**
 * The skeleton every training run shares, whatever it trains: {@link g2048.train.Every} (the
 * schedule of evaluations, snapshots and checkpoints, counted over the whole training so a resumed
 * run keeps it), {@link g2048.train.StopSignal} (SIGTERM or Ctrl-C asks the run to stop and holds
 * the exit until it has saved), {@link g2048.train.LearningCurve} (one CSV of named columns and its
 * plot, continued on resume; each run names its columns). The runs build on it:
 * {@code g2048.train.ntuple} (n-tuple networks), {@code g2048.train.cnn} (value networks) and
 * {@code g2048.train.policy} (policy networks); a run locks what it writes with
 * {@link g2048.files.LockFile}. Depends on {@code chart} and {@code files} only.
 */
package g2048.train;
