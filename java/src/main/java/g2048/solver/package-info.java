/**
 * The exact solver for small boards (2×2 up to 4×3 / 3×4), after the age partition of the 4×3
 * solution: a state's age is the sum of its tiles; a move keeps it and a spawn adds 2 or 4, so
 * states split into ages that depend only on their neighbours.
 *
 * <ul>
 *   <li>{@link g2048.solver.Solver} runs the forward pass (enumerate states and afterstates age by
 *       age, normalised over the symmetries, as sorted unique off-heap {@link g2048.solver.IdSet}s)
 *       and the backward pass (values from the oldest age down, in double), checkpointing each
 *       age to disk through {@link g2048.solver.Manifest}.</li>
 *   <li>{@link g2048.solver.AgeFiles} holds the file layouts: IDs in {@link g2048.solver.EliasFano}
 *       form, values as {@link g2048.solver.PackedValues} scaled integers, a SHA-256 trailer
 *       ({@link g2048.files.ChecksummedFile}).</li>
 *   <li>{@link g2048.solver.Solution} looks up a board's value and best move;
 *       {@link g2048.solver.OptimalPlayer} plays from it; {@link g2048.solver.PolicyGrader} computes
 *       an agent's exact expected score and share of optimal moves.</li>
 * </ul>
 *
 * Depends on {@code files}, {@code game} and {@code player}.
 */
package g2048.solver;
