/**
 * The exact game: boards as {@code long}s, shapes, table-driven moves, spawns, symmetries.
 *
 * <p>Every package that knows the game stands on this one; like {@code files} and
 * {@code concurrent}, it depends on nothing but the JDK.
 * {@link g2048.game.Board} documents the bit layout; {@link g2048.game.Moves} the move rules,
 * including what happens at the largest tile.
 */
package g2048.game;
