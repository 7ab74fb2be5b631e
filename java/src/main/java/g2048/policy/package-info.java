/**
 * Policy networks (Matsuzaki and Teramura): what is policy-specific around the networks of
 * {@code g2048.nn} ({@link g2048.nn.NetSpec}, {@link g2048.nn.Network}, their training on
 * a {@link g2048.nn.Backend}), and the tools that explain them.
 *
 * <ul>
 *   <li>{@link g2048.policy.PolicyFile}: the {@code .g2pn} model file ({@link g2048.policy.PolicyModel}),
 *       and the shipped network read from the class path;
 *       {@link g2048.policy.PolicyPlayer}: the most probable legal move.</li>
 *   <li>{@link g2048.policy.DatasetFile} and {@link g2048.policy.DatasetWriter}: a teacher's games
 *       ({@code .g2pd}), per-game chunks with CRC32C, appendable and repaired after a kill.</li>
 *   <li>{@link g2048.policy.FirstLayerFilters}: Matsuzaki and Teramura's filter tables ranked by importance;
 *       {@link g2048.policy.MoveAttribution}: a move's output shared out over (position, filter)
 *       pairs by DeepLIFT's rescale rule.</li>
 * </ul>
 *
 * <p>Depends on {@code game}, {@code player}, {@code files} and {@code nn}.
 */
package g2048.policy;
