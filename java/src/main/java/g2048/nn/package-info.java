/**
 * Value networks (seeds 000 and 003): architectures as data, the input encoders, a CPU reference
 * forward and backward pass for batches, Adam, initialisation, the network file format and the
 * {@link g2048.eval.Evaluator} over a network.
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
