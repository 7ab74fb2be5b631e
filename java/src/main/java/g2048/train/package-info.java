/**
 * TD-afterstate training of value networks (seed 000 §3–4): generator threads play greedy games
 * with the latest published weights and send (afterstate, target) pairs through Agrona queues to
 * one trainer, which takes Adam steps on fixed batches (or the seed's other batching options) and
 * publishes new weights. The seed's options: batching, symmetry in move choice, augmentation by
 * the 8 symmetries, the restart strategy and jump-start.
 *
 * <pre>
 *   generator 0..G-1 ──PositionChunk──▶ ManyToOneConcurrentArrayQueue ──▶ trainer ── Adam step
 *        ▲     ◀──────── empty chunk back: OneToOneConcurrentArrayQueue per generator ──┘    │
 *        └──────────── WeightExchange (copy on publish, reader counts) ◀──────────────────────┘
 * </pre>
 *
 * <p>Where the trainer's steps and the generators' batches compute is a {@link g2048.train.TrainingDevice}:
 * the CPU reference above, or the GPU ({@link g2048.train.CudaTrainingDevice}), where the weights
 * are published on the device instead of through the {@code WeightExchange}.
 */
package g2048.train;
