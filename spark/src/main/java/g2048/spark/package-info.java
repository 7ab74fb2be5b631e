/**
 * The exact solver of {@code g2048.solver} as Apache Spark jobs, for boards whose ages do not fit
 * one machine: per age, the forward pass is a job (afterstates of the two previous ages → spawns →
 * states, moves → afterstates, each deduplicated by a range partitioning of the normalised IDs),
 * and the backward pass joins each age with the two after it. Every partition of an age is written
 * in the single-machine file layout ({@link g2048.solver.PartitionedAge}); the manifest is the
 * single-machine one, advanced after each age, so a stopped solve resumes at the next age and the
 * result opens with {@link g2048.solver.Solution}.
 *
 * <ul>
 *   <li>{@link g2048.spark.SparkSolve}: the command ({@code spark-submit} or {@code g2048 solve --engine spark});</li>
 *   <li>{@link g2048.spark.ClusterSolver}: the ages in order, the manifest, resuming;</li>
 *   <li>{@link g2048.spark.ForwardAge}, {@link g2048.spark.BackwardAge}: one age's jobs;</li>
 *   <li>{@link g2048.spark.Store}: files on any Hadoop file system, written atomically;</li>
 *   <li>{@link g2048.spark.StageMetrics}: per-stage times and shuffle bytes from Spark's listener bus.</li>
 * </ul>
 *
 * Depends on {@code g2048.solver} and {@code g2048.game}; nothing in the engine depends on it.
 */
package g2048.spark;
