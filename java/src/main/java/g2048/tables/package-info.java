/**
 * Exact endgame tables for 4×4: the solver's age partition run on the free cells of a
 * {@link g2048.tables.Formation}, whose fixed cells hold the big tiles as placeholders that never
 * merge and must stay in place, up to a target tile. A table holds, for every afterstate reachable in that game, the probability of making the
 * target under optimal play ({@link g2048.tables.RegionGame}).
 *
 * <ul>
 *   <li>{@link g2048.tables.TableBuilder} builds one table: forward and backward by age, off-heap,
 *       on threads, checkpointed in a work directory ({@code BuildManifest}, {@code WorkFiles}) and
 *       resumed to identical bytes; {@link g2048.tables.TableFile} gathers it into one checksummed
 *       file, read memory-mapped by {@link g2048.tables.EndgameTable}; {@link g2048.tables.TableParts}
 *       gives the same files as bytes, and the table file as a stream, to a build on a cluster.</li>
 *   <li>{@link g2048.tables.TableSet} is a directory of tables matched against live boards under
 *       the 8 symmetries; {@link g2048.tables.TablePlayer} lets a table choose the move where it is
 *       confident and another player elsewhere, counting its {@link g2048.tables.Coverage}.</li>
 *   <li>{@link g2048.tables.FormationSurvey} counts which formations a player's positions take, up to
 *       symmetry ({@link g2048.tables.CanonicalCells}), through a {@link g2048.tables.SurveyPlayer}:
 *       which tables are worth building.</li>
 * </ul>
 *
 * Depends on {@code files}, {@code game}, {@code player} and {@code solver} (its off-heap sets,
 * Elias-Fano blocks and parallel loops).
 */
package g2048.tables;
