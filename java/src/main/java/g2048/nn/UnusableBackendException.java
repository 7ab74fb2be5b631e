package g2048.nn;

/**
 * A backend that can run on this machine refused to: its values disagree with the reference
 * (a GPU's self-check failed). Asked for by name, the command stops with the message; chosen by
 * {@code auto}, {@link Backends} says so and takes the reference instead.
 */
public final class UnusableBackendException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    public UnusableBackendException(String message) {
        super(message);
    }

    public UnusableBackendException(String message, Throwable cause) {
        super(message, cause);
    }
}
