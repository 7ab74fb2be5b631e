package g2048.cuda;

/**
 * CUDA was asked for ({@code --device cuda}) where it cannot run. The message is one line,
 * {@code "CUDA unavailable: <reason>"}. It is bad input for the command line (exit code 2): the
 * user asked for a device this machine or this build does not have.
 */
public final class CudaUnavailableException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public CudaUnavailableException(String reason) {
        super("CUDA unavailable: " + reason);
    }
}
