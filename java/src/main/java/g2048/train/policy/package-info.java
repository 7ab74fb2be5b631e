/**
 * Making policy networks (the supervised counterpart of {@code g2048.train.ntuple}): {@link g2048.train.policy.TeacherGames} and
 * {@link g2048.train.policy.DatasetGenerator} record a teacher's games (the teacher is any
 * player with a value function, built by {@link g2048.play.Players}; by default the shipped n-tuple
 * model), or the games of another player (a policy network) labelled by the teacher, the data of
 * DAgger; {@link g2048.train.policy.TrainingData} holds them in memory split by game;
 * {@link g2048.train.policy.PolicyTrainer} trains with Adam (from random weights or a trained
 * network's), checkpoints, resumes, and evaluates snapshots (held-out agreement, greedy games through {@link g2048.play.GameRunner}) into a
 * {@link g2048.train.policy.PolicyCurve}, on the schedule, stop and curve of {@code g2048.train}.
 * Sits above {@code play} and {@code policy}.
 */
package g2048.train.policy;
