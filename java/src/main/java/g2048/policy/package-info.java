/**
 * Policy networks (Matsuzaki and Teramura; the README's *Policy networks*): networks that choose a move directly, learned from a
 * teacher's moves, and the tools that explain them.
 *
 * <ul>
 *   <li>{@link g2048.policy.PolicySpec} and {@link g2048.policy.PolicyArchitectures}: k 2×2
 *       'same' convolutions of Ch(k) filters and a fully connected layer to the 4 moves, as data
 *       (POLICY2 … POLICY5 with 817,068 … 832,612 weights).</li>
 *   <li>{@link g2048.policy.PolicyNetwork}: the CPU batch forward pass and the backward pass of
 *       {@link g2048.policy.SoftmaxCrossEntropy} (softmax over the legal moves only), over the
 *       products of a {@link g2048.policy.GemmKernel}: {@code VectorGemm} (register-blocked on the
 *       incubating Vector API, where {@code jdk.incubator.vector} is present) or
 *       {@link g2048.policy.Gemm} (scalar loops); {@link g2048.policy.PolicyGradient} splits a batch
 *       over threads. Adam is the value networks' ({@link g2048.nn.Adam}).</li>
 *   <li>{@link g2048.policy.PolicyFile}: the {@code .g2pn} model file; {@link g2048.policy.PolicyPlayer}:
 *       the most probable legal move.</li>
 *   <li>{@link g2048.policy.DatasetFile} and {@link g2048.policy.DatasetWriter}: a teacher's games
 *       ({@code .g2pd}), per-game chunks with CRC32C, appendable and repaired after a kill.</li>
 *   <li>{@link g2048.policy.FirstLayerFilters}: Matsuzaki and Teramura's filter tables ranked by importance;
 *       {@link g2048.policy.MoveAttribution}: a move's output shared out over (position, filter)
 *       pairs by DeepLIFT's rescale rule.</li>
 *   <li>{@link g2048.policy.PolicyDevice}: where training steps run ({@link g2048.policy.PolicyOptimiser}:
 *       gradient and Adam), chosen by {@code --device} through {@link g2048.policy.PolicyDevices}:
 *       {@link g2048.policy.CpuPolicyDevice} here, the GPU's ({@code g2048.cuda.CudaPolicyDevice})
 *       registered by the {@code g2048-cuda} jar.</li>
 * </ul>
 *
 * <p>No GPU code here: the GPU's device is found through {@code META-INF/services}. Depends on
 * {@code game}, {@code player}, {@code files} and {@code nn} (Adam).
 */
package g2048.policy;
