package g2048.server.http;

import java.io.IOException;
import java.io.InputStream;

/** One CRLF-terminated line of a request head or of a chunked body, read within a byte limit. */
final class Lines {

    private Lines() {
    }

    /**
     * The next line without its CRLF, its bytes as ISO-8859-1 characters; null when the stream ends
     * before its first byte. More than {@code limit} bytes (the CRLF included) is an
     * {@link HttpError} of {@code tooLongStatus} saying {@code tooLong}; a line ended by LF alone,
     * one holding a CR elsewhere, or a stream that ends inside it is a 400 naming {@code what}.
     */
    static String read(InputStream in, int limit, int tooLongStatus, String tooLong, String what) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int n = 1; ; n++) {
            int c = in.read();
            if (c < 0) {
                if (n == 1) {
                    return null;
                }
                throw new HttpError(400, what + ": incomplete (the connection ended inside it)");
            }
            if (n > limit) {
                throw new HttpError(tooLongStatus, tooLong);
            }
            if (c == '\n') {
                int last = sb.length() - 1;
                if (last < 0 || sb.charAt(last) != '\r') {
                    throw new HttpError(400, what + ": a line ends in a bare LF, expected CRLF");
                }
                sb.setLength(last);
                if (sb.indexOf("\r") >= 0) {
                    throw new HttpError(400, what + ": a bare CR inside a line");
                }
                return sb.toString();
            }
            sb.append((char) c);
        }
    }
}
