package g2048.nn;

/** What a network's last layer gives, and so how it is read and trained. */
public enum Head {
    /** One output, no activation: the value of an afterstate (Matsuzaki 2021), trained by TD on the squared error. */
    VALUE(1),
    /**
     * One output per move, read through a softmax over the legal moves (Matsuzaki and Teramura),
     * trained on the cross-entropy against a teacher's moves ({@link SoftmaxCrossEntropy}).
     */
    POLICY(NetSpec.MOVES);

    private final int outputs;

    Head(int outputs) {
        this.outputs = outputs;
    }

    /** Outputs of the network's last layer. */
    public int outputs() {
        return outputs;
    }
}
