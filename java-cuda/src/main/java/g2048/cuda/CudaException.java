package g2048.cuda;

/** A CUDA driver call failed while running; the message names the call, the error and the caller. */
public final class CudaException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public CudaException(String message) {
        super(message);
    }
}
