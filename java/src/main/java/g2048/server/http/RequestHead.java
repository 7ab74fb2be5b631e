package g2048.server.http;

import java.util.List;

/**
 * A request's line and header fields as {@link HeadParser} read and checked them.
 *
 * @param method         as sent (a token; methods are case-sensitive)
 * @param path           the target's path, percent-decoded as UTF-8 ({@code *} for {@code OPTIONS *})
 * @param query          the target's query as sent (still percent-encoded), null when it has no '?'
 * @param minorVersion   0 for HTTP/1.0, 1 for HTTP/1.1
 * @param contentLength  the body's length from Content-Length, 0 when it has none
 * @param chunked        the body comes in chunks (Transfer-Encoding: chunked)
 * @param keepAlive      the client keeps the connection for another request
 * @param expectContinue the client waits for "100 Continue" before it sends the body
 */
public record RequestHead(String method, String target, String path, String query, int minorVersion,
                          List<HeaderField> fields, long contentLength, boolean chunked, boolean keepAlive,
                          boolean expectContinue) {

    public RequestHead {
        fields = List.copyOf(fields);
    }

    /** The value of the first field named {@code name} (case-insensitively), or null. */
    public String header(String name) {
        for (HeaderField f : fields) {
            if (f.name().equalsIgnoreCase(name)) {
                return f.value();
            }
        }
        return null;
    }

    /** Whether a body follows the head. */
    boolean hasBody() {
        return chunked || contentLength > 0;
    }
}
