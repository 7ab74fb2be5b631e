/**
 * The CUDA backend judged from outside: {@link g2048.cuda.check.CudaConformance} (every kernel,
 * layer, pass and optimiser step on the device against the CPU reference, each GEMM tile and
 * {@code --gemm} mode; the policy networks' passes and Adam steps in
 * {@link g2048.cuda.check.PolicyConformance}; gradients and steps judged only on inputs away from
 * ReLU kinks by {@link g2048.cuda.check.RoundingScreen}), {@link g2048.cuda.check.GemmComparison} (the forward GEMM kernels beside
 * cuBLAS fp32 and TF32 at CNN22's shapes), {@link g2048.cuda.check.LayerReference} and
 * {@link g2048.cuda.check.ProductRounding} (single layers in plain loops, with TF32's rounding of
 * products, from which the TF32 tolerances are computed on the CPU), and
 * {@link g2048.cuda.check.GpuCheck}, all of it with timings, behind {@code g2048 gpu-check}
 * (which {@code bench/gpu-check.sh} runs on a GPU machine).
 *
 * <p><b>The split.</b> Nothing here runs when the engine plays or trains. What the product needs
 * at run time stays in {@link g2048.cuda}: {@link g2048.cuda.SelfCheck}, the comparison of a few
 * hundred boards with the CPU reference that decides whether {@code --device auto} may use the
 * GPU (and which defines the norm-wise error used here too), and the value tolerances of each
 * {@code --gemm} mode ({@link g2048.cuda.GemmMode#tolerance()}). To judge single kernels and
 * layers this package reaches a few of the backend's parts that the engine itself only uses
 * inside {@code g2048.cuda}: {@link g2048.cuda.Kernels}, {@link g2048.cuda.SkinnyScratch},
 * {@link g2048.cuda.Cublas}, {@link g2048.cuda.NativeHandles}, the passes' single-layer steps and
 * {@link g2048.cuda.Geometry#force}; they are public for this package alone.
 *
 * <p>Depends on {@code cuda} and what it depends on; nothing but the command line and tests depends on it.
 */
package g2048.cuda.check;
