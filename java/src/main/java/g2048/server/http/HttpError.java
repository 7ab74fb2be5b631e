package g2048.server.http;

/**
 * A request refused with an HTTP status and a one-line reason, answered as {@code {"error": "..."}}.
 * Thrown by the request-head parser for a malformed request (the connection is closed after the
 * answer: the stream can no longer be trusted) and by the server's handlers for bad parameters.
 */
public class HttpError extends RuntimeException {

    private final int status;

    public HttpError(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    public int status() {
        return status;
    }
}
