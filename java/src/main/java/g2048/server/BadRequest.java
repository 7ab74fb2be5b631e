package g2048.server;

import g2048.server.http.HttpError;

/**
 * A request the server refuses, with the HTTP status to answer and a one-line reason naming the
 * parameter at fault. The reason goes to the client as {@code {"error": "..."}}.
 */
final class BadRequest extends HttpError {

    BadRequest(int status, String message) {
        super(status, message);
    }

    /** 400: a parameter is missing, malformed or out of range. */
    static BadRequest of(String message) {
        return new BadRequest(400, message);
    }
}
