/**
 * The CUDA backend of the networks, value and policy: hand-written kernels ({@code cuda/*.cu}, compiled by
 * {@code native-build/} into this package's resources) driven through JCuda's driver API.
 *
 * <p>Call chain: {@link g2048.cuda.CudaEvaluator} (an {@link g2048.eval.Evaluator}) and
 * {@link g2048.cuda.CudaTrainer} (forward, backward, Adam) run a {@link g2048.cuda.CudaPass}
 * over a {@link g2048.cuda.CudaNetwork} (the weights and connection tables on the device); the
 * pass launches the kernels through {@link g2048.cuda.Kernels}, whose launch geometry comes from
 * {@link g2048.cuda.Geometry} alone. {@link g2048.cuda.LayerPlan} turns a CPU
 * {@link g2048.nn.Layer}'s connection table into the GEMM tables the kernels read, so the GPU uses
 * the CPU reference's parameter and activation layouts unchanged. {@link g2048.cuda.CudaBackend} is
 * the backend {@code cuda} of {@code --device} (registered in {@code META-INF/services}): before
 * one of its evaluators plays, {@link g2048.cuda.SelfCheck} compares it with the CPU reference;
 * it trains through {@link g2048.cuda.CudaValueTraining} ({@link g2048.cuda.CudaTrainer},
 * {@link g2048.cuda.DeviceWeights}, one {@link g2048.cuda.CudaFollower} per generator thread).
 *
 * <p>Policy networks ({@code train policy --device cuda}) take the same path: the same
 * {@link g2048.cuda.CudaBackend} opens a {@link g2048.cuda.CudaTrainer} (gradient and Adam on the
 * device, Adam's state in a {@code DeviceAdam}), which runs a {@link g2048.cuda.CudaPass} over a
 * {@link g2048.cuda.CudaNetwork}; only the head differs (the softmax cross-entropy over the legal
 * moves instead of the squared error), and {@link g2048.cuda.PolicyPlan} lays the activations out
 * padded to 5 × 5 cells so that each padded 2×2 convolution and the dense layer are single
 * {@link g2048.cuda.LayerPlan} groups of the value networks' GEMM kernels. Passes and trainers
 * release their buffers through {@code PassResources}.
 *
 * <p><b>Threading.</b> A {@link g2048.cuda.CudaContext} and a {@link g2048.cuda.CudaNetwork} may
 * be shared; a pass, an evaluator from {@code forThread()} and a trainer belong to one thread at a
 * time. Every public operation makes the context current on the calling thread first.
 *
 * <p>Every device call goes through a {@link g2048.cuda.Driver}: JCuda's driver API
 * ({@code JCudaDriverApi}, every result checked with the call named by {@code Check}),
 * or, in tests, a CPU emulation that checks the passes against the CPU reference without a GPU.
 * Device memory, pinned memory and streams are freed on close.
 *
 * <p>{@link g2048.cuda.Cublas} binds cuBLAS's GEMM through {@code java.lang.foreign} (any
 * installed major version): the passes' products under {@code --gemm cublas|tf32}
 * ({@code CublasGemm}).
 *
 * <p>The checks of this backend (conformance of every kernel and pass, the GEMM comparison,
 * timings) are not here but in {@link g2048.cuda.check}, behind {@code g2048 gpu-check}.
 */
package g2048.cuda;
