/**
 * TD-afterstate training of value networks (Matsuzaki 2021): generator threads play greedy games
 * with the latest published weights and send (afterstate, target) pairs through Agrona queues to
 * one trainer ({@link g2048.train.cnn.OptimiserLoop}), which takes Adam steps on fixed batches (or the paper's other batching options) and
 * publishes new weights. The paper's options: batching, symmetry in move choice, augmentation by
 * the 8 symmetries, the restart strategy and jump-start.
 *
 * <pre>
 *   generator 0..G-1 ──PositionChunk──▶ ManyToOneConcurrentArrayQueue ──▶ trainer ── Adam step
 *        ▲     ◀──────── empty chunk back: OneToOneConcurrentArrayQueue per generator ──┘    │
 *        └──────────── WeightExchange (copy on publish, reader counts) ◀──────────────────────┘
 * </pre>
 *
 * <p>Where the run computes is a backend chosen by name ({@code --device}) from
 * {@link g2048.nn.Backends}: its {@link g2048.nn.ValueTraining} gives the trainer thread its
 * {@link g2048.nn.Optimiser} and each generator thread its own {@link g2048.eval.Evaluator} (the
 * CPU reference above, or the GPU's, where the weights are published on the device instead of
 * through the {@code WeightExchange}), and the snapshots are evaluated on an evaluator the same
 * backend opens ({@link g2048.train.cnn.GreedyEvaluation}), so a GPU run evaluates them on the GPU.
 *
 * <p>{@link g2048.train.cnn.TrainingRun} is the run: its snapshots on the schedule of
 * {@link g2048.train.Every}, its rows in a {@link g2048.train.LearningCurve} of
 * {@link g2048.train.cnn.CnnCurve}'s columns.
 */
package g2048.train.cnn;
