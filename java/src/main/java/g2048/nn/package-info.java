/**
 * Networks, value (Matsuzaki 2021) and policy (Matsuzaki and Teramura): architectures as
 * data, the input encoders, CPU reference forward and backward passes for batches, Adam,
 * initialisation, the value network file format and the {@link g2048.eval.Evaluator} over a value
 * network. One {@link g2048.nn.NetSpec} describes both, told apart by its {@link g2048.nn.Head}
 * (registry: {@link g2048.nn.Architectures}): a policy network is a network with a softmax head
 * over the legal moves (and a {@link g2048.nn.BoardOrientation} it sees boards in), its padded
 * convolutions layers of the same {@link g2048.nn.Network} (on the kernel {@link g2048.nn.GemmKernel}
 * names), its gradient the same {@link g2048.nn.ParallelGradient}; the policy-specific rest (model
 * file, player, dataset, attribution) is in {@code g2048.policy}.
 *
 * <p><b>Backends.</b> A {@link g2048.nn.Backend} runs networks somewhere and offers value
 * evaluation (evaluators over a {@link g2048.nn.NetworkModel}), value training (a
 * {@link g2048.nn.ValueTraining}: the trainer thread's {@link g2048.nn.Optimiser}, one evaluator
 * per generator thread), policy play (a {@link g2048.nn.PolicyEvaluator}) and policy training (an
 * {@link g2048.nn.Optimiser} too: one interface, typed by its batches, the head's
 * {@link g2048.nn.Optimiser.Batch}, which carry their loss).
 * {@link g2048.nn.Backends} is the one registry, by name ({@code --device}): {@code auto},
 * {@code check}, {@link g2048.nn.CpuBackend} here (the reference) and {@code g2048.cuda.CudaBackend}
 * on a GPU, found through {@code META-INF/services} so that this package names no GPU code.
 *
 * <p><b>Layout, shared with any other backend.</b> All parameters of a value network live in one
 * flat {@code float[]} (one device buffer on a GPU); each layer owns a slice at a fixed offset,
 * weights first as {@code [tap][cin][cout]}, then its biases {@code [cout]}. Activations are
 * batch-major, {@code [sample][cell][channel]} (NHWC), where a layer's output is a list of maps laid
 * end to end. Every layer (convolution, the dual 1×2 convolution of CNN12, fully connected) is the
 * same operation over a connection table: each output cell sums, over its (input cell, tap) pairs,
 * {@code in[cell][cin] · W[tap][cin][cout]}, plus its bias. See {@link g2048.nn.Layer}. A policy
 * network's layout is the same ({@link g2048.nn.NetSpec}): its padded convolutions are this
 * operation too, the windows' taps beyond the board left out of the table.
 *
 * <p>Depends on {@code game}, {@code concurrent}, {@code files} and {@code eval}.
 */
package g2048.nn;
