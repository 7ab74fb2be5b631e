package g2048.server.http;

/**
 * What the server takes from a client: how long it may take to send a request or to read an
 * answer, and how large a request may be. A request over a size limit is refused with the status
 * that names the limit (414, 431, 413); a client over a time limit is disconnected.
 */
public final class HttpLimits {

    /** Seconds a client has to send a request's head and body, from its first byte (a new connection: from connecting). */
    public static final int REQUEST_SECONDS = 5;
    /** Seconds a kept-alive connection may wait for its next request. */
    public static final int IDLE_SECONDS = 30;
    /** Seconds a client has to take an answer. */
    public static final int RESPONSE_SECONDS = 60;
    /** Bytes of a request line, its CRLF included: the viewer's longest is a few hundred. */
    public static final int MAX_REQUEST_LINE = 8 * 1024;
    /** Bytes of the header fields, their CRLFs included (a browser's cookies for 127.0.0.1 fit). */
    public static final int MAX_HEADER_BYTES = 64 * 1024;
    public static final int MAX_HEADER_FIELDS = 100;
    /** Bytes of a request body (a POST's form or JSON). */
    public static final int MAX_BODY_BYTES = 64 * 1024;
    /** Bytes of one line of a chunked body (a chunk's size and extensions, a trailer field). */
    public static final int MAX_CHUNK_LINE = 4 * 1024;
    /** Connections open at once; one more is admitted only by closing one that waits for its next request ({@code HttpListener}). */
    public static final int MAX_CONNECTIONS = 1024;
    /** Connections open at once from one remote address: a quarter, so that one client leaves room for others. */
    public static final int MAX_CONNECTIONS_PER_CLIENT = MAX_CONNECTIONS / 4;

    private HttpLimits() {
    }
}
