package g2048.nn;

import g2048.settings.BadSetting;

/**
 * A backend that can run on this machine refused to: its values disagree with the reference
 * (a GPU's self-check failed). Asked for by name, the command stops with the message; chosen by
 * {@code auto}, {@link Backends} says so and takes the reference instead.
 */
public final class UnusableBackendException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    private transient BadSetting words;

    public UnusableBackendException(String message) {
        super(message);
    }

    public UnusableBackendException(String message, Throwable cause) {
        super(message, cause);
    }

    /** Refused for the reason {@code words}, which names the spec's field that chose the backend. */
    public UnusableBackendException(BadSetting words, Throwable cause) {
        super(words.getMessage(), cause);
        this.words = words;
    }

    /** The message as a {@link BadSetting} naming a field, or null when it names none. */
    public BadSetting words() {
        return words;
    }
}
