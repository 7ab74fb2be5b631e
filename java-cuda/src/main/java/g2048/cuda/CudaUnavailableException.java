package g2048.cuda;

/**
 * CUDA was asked for ({@code --device cuda}) where it cannot run. The message is one line,
 * {@code "CUDA unavailable: <reason>"}, after what asked for it where known. It is bad input for the command line (exit code 2): the
 * user asked for a device this machine or this build does not have.
 */
public final class CudaUnavailableException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public CudaUnavailableException(String reason) {
        super("CUDA unavailable: " + reason);
    }

    /** With the option or call that asked for CUDA first, e.g. {@code --device cuda: CUDA unavailable: ...}. */
    public CudaUnavailableException(String askedBy, String reason) {
        super(askedBy + ": CUDA unavailable: " + reason);
    }
}
