/**
 * Value networks (seeds 000 and 003): architectures as data, the input encoders, a CPU reference
 * forward and backward pass for batches, Adam, initialisation, the network file format and the
 * {@link g2048.eval.Evaluator} over a network.
 *
 * <p><b>Backends.</b> A {@link g2048.nn.NetworkBackend} runs networks somewhere: it opens
 * evaluators over a {@link g2048.nn.NetworkModel} and gives a training run its
 * {@link g2048.nn.TrainingDevice} (the trainer thread's {@link g2048.nn.Optimiser}, one evaluator
 * per generator thread). {@link g2048.nn.NetworkBackends} finds them by name:
 * {@link g2048.nn.CpuBackend} here, the reference; {@code g2048.cuda.CudaBackend} on a GPU.
 *
 * <p><b>Layout, shared with any other backend.</b> All parameters of a network live in one flat
 * {@code float[]} (one device buffer on a GPU); each layer owns a slice at a fixed offset, weights
 * first as {@code [tap][cin][cout]}, then its biases {@code [cout]}. Activations are batch-major,
 * {@code [sample][cell][channel]} (NHWC), where a layer's output is a list of maps laid end to end.
 * Every layer (convolution, the dual 1×2 convolution of CNN12, fully connected) is the same
 * operation over a connection table: each output cell sums, over its (input cell, tap) pairs,
 * {@code in[cell][cin] · W[tap][cin][cout]}, plus its bias. See {@link g2048.nn.Layer}.
 */
package g2048.nn;
