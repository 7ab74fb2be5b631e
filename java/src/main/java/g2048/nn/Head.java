package g2048.nn;

/** What a network's last layer gives, and so how it is read and trained. */
public enum Head {
    /** One output, no activation: the value of an afterstate (Matsuzaki 2021), trained by TD on the squared error. */
    VALUE(1, 2f),
    /**
     * One output per move, read through a softmax over the legal moves (Matsuzaki and Teramura),
     * trained on the cross-entropy against a teacher's moves ({@link SoftmaxCrossEntropy}).
     */
    POLICY(NetSpec.MOVES, 1f);

    private final int outputs;
    private final float lossDerivative;

    Head(int outputs, float lossDerivative) {
        this.outputs = outputs;
        this.lossDerivative = lossDerivative;
    }

    /**
     * The factor that turns the gradient of the summed loss of {@code n} samples into that of their
     * mean, with the loss's own constant: {@code 2/n} for the squared error, {@code 1/n} for the cross-entropy.
     */
    public float meanScale(int n) {
        return lossDerivative / n;
    }

    /** Outputs of the network's last layer. */
    public int outputs() {
        return outputs;
    }
}
