/**
 * The exact solver of {@code g2048.solver} and the endgame tables of {@code g2048.tables} as Apache
 * Spark jobs, for games whose ages do not fit one machine: per age, the forward pass is a job
 * (afterstates of the two previous ages → spawns → states, moves → afterstates, each deduplicated
 * by a range partitioning of the normalised IDs), and the backward pass joins each age with the two
 * after it. Every partition of an age is written in the single-machine file layout
 * ({@link g2048.solver.PartitionedAge}); the manifest is the single-machine one, advanced after each
 * age, so a stopped run resumes at the next age; a solve opens with {@link g2048.solver.Solution},
 * a table is gathered into the single machine's file.
 *
 * <ul>
 *   <li>{@link g2048.spark.SparkSolve}, {@link g2048.spark.SparkTables}: the commands ({@code spark-submit},
 *       or {@code g2048 solve --engine spark} and {@code g2048 tables build --engine spark}), sharing
 *       {@link g2048.spark.SparkJob};</li>
 *   <li>{@link g2048.spark.ClusterSolver}, {@link g2048.spark.TableCluster}: the ages in order, the manifest, resuming;</li>
 *   <li>{@link g2048.spark.ForwardAge}, {@link g2048.spark.BackwardAge}: one age's jobs, for any
 *       {@link g2048.spark.AgeGame} ({@link g2048.spark.SolverGame}, {@link g2048.spark.TableGame});</li>
 *   <li>{@link g2048.spark.Store}: files on any Hadoop file system, written atomically;</li>
 *   <li>{@link g2048.spark.StageMetrics}: per-stage times and shuffle bytes from Spark's listener bus.</li>
 * </ul>
 *
 * Depends on {@code g2048.solver}, {@code g2048.tables} and {@code g2048.game}; nothing in the engine depends on it.
 */
package g2048.spark;
