package g2048.server.http;

import static g2048.server.http.HttpLimits.IDLE_SECONDS;
import static g2048.server.http.HttpLimits.MAX_BODY_BYTES;
import static g2048.server.http.HttpLimits.REQUEST_SECONDS;
import static g2048.server.http.HttpLimits.RESPONSE_SECONDS;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * One client connection: its requests read, answered and written one after another (so pipelined
 * requests are answered in order), kept alive as HTTP/1.1 and {@code Connection} say. A request
 * refused by {@link HeadParser} or {@link ChunkedBody} is answered with its JSON error and
 * {@code Connection: close}, and the connection closed: after a malformed head the stream can no
 * longer be split into requests. A client that does not send its request within
 * {@link HttpLimits#REQUEST_SECONDS} (an idle kept-alive one within {@link HttpLimits#IDLE_SECONDS}),
 * or does not take an answer within {@link HttpLimits#RESPONSE_SECONDS}, is disconnected.
 */
final class HttpConnection implements Runnable {

    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US);
    private static final byte[] CONTINUE = "HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    /** After a last answer, how long and how much the client's unread input is drained (see {@link #linger}). */
    private static final int LINGER_MS = 2000;
    private static final int LINGER_BYTES = 1 << 20;

    private final Socket socket;
    private final Function<Request, Response> handler;
    private final ScheduledExecutorService timer;
    /** {@link #WAITING} between requests, {@link #WORKING} from a request's first byte to its answer, {@link #EVICTED}. */
    private final java.util.concurrent.atomic.AtomicInteger state = new java.util.concurrent.atomic.AtomicInteger(WAITING);
    private static final int WAITING = 0;
    private static final int WORKING = 1;
    private static final int EVICTED = 2;
    /** When it began to wait for its next request (System.nanoTime). */
    private volatile long waitingSince = System.nanoTime();

    HttpConnection(Socket socket, Function<Request, Response> handler, ScheduledExecutorService timer) {
        this.socket = socket;
        this.handler = handler;
        this.timer = timer;
    }

    @Override
    public void run() {
        try (socket) {
            serve();
        } catch (IOException e) {
            // the client went away, or ran out of time: nothing to answer
        }
    }

    private void serve() throws IOException {
        DeadlineInput in = new DeadlineInput(socket);
        OutputStream out = new BufferedOutputStream(socket.getOutputStream(), 16 * 1024);
        long idleMs = REQUEST_SECONDS * 1000L;
        while (true) {
            in.deadlineIn(idleMs);
            if (!in.await() || !state.compareAndSet(WAITING, WORKING)) {
                return; // closed by the client, or evicted to make room for another
            }
            in.deadlineIn(REQUEST_SECONDS * 1000L);
            RequestHead head;
            byte[] body;
            try {
                head = HeadParser.read(in);
                if (head == null) {
                    return;
                }
                if (head.expectContinue() && head.hasBody()) {
                    out.write(CONTINUE);
                    out.flush();
                }
                body = head.chunked() ? ChunkedBody.read(in, MAX_BODY_BYTES) : body(in, head.contentLength());
            } catch (HttpError e) {
                write(out, Response.error(e.status(), e.getMessage()), false, false, 1);
                linger(in);
                return;
            }
            Response r = answer(new Request(head, body));
            write(out, r, head.method().equals("HEAD"), head.keepAlive(), head.minorVersion());
            if (!head.keepAlive()) {
                linger(in);
                return;
            }
            idleMs = IDLE_SECONDS * 1000L;
            waitingSince = System.nanoTime();
            state.set(WAITING);
        }
    }

    /** Whether it waits for its next request (nothing half-read, nothing being answered), since when (nanoTime); -1 if not. */
    long waitingSince() {
        return state.get() == WAITING ? waitingSince : -1;
    }

    /**
     * Closes the connection if it waits for its next request, so that another client may connect;
     * false, and nothing done, when a request is under way.
     */
    boolean evict() {
        if (!state.compareAndSet(WAITING, EVICTED)) {
            return false;
        }
        abort();
        return true;
    }

    private static byte[] body(DeadlineInput in, long length) throws IOException {
        byte[] b = in.readNBytes((int) length);
        if (b.length < length) {
            throw new HttpError(400, "body: incomplete (the connection ended after " + b.length + " of " + length + " bytes)");
        }
        return b;
    }

    private Response answer(Request r) {
        try {
            return handler.apply(r);
        } catch (HttpError e) {
            return Response.error(e.status(), e.getMessage());
        } catch (RuntimeException e) {
            // a fault of the server itself: its class and detail to the log, never to the client
            System.err.println("g2048 serve: " + ClientText.shorten(r.path()) + ": " + e);
            return Response.error(500, "internal error (the server's log says more)");
        }
    }

    /** Writes {@code r}, closing the socket if the client does not take it in time. */
    private void write(OutputStream out, Response r, boolean head, boolean keepAlive, int minorVersion) throws IOException {
        ScheduledFuture<?> guard = timer.schedule(this::abort, RESPONSE_SECONDS, TimeUnit.SECONDS);
        try {
            out.write(encode(r, head, keepAlive, minorVersion));
            out.flush();
        } finally {
            guard.cancel(false);
        }
    }

    /** The bytes of {@code r}: without its body when answering HEAD; {@code Connection: close} unless kept alive. */
    static byte[] encode(Response r, boolean head, boolean keepAlive, int minorVersion) {
        StringBuilder h = new StringBuilder(256).append("HTTP/1.1 ").append(r.status()).append(' ')
                .append(reason(r.status())).append("\r\nDate: ").append(DATE.format(ZonedDateTime.now(ZoneOffset.UTC))).append("\r\n");
        if (!keepAlive) {
            h.append("Connection: close\r\n");
        } else if (minorVersion == 0) {
            h.append("Connection: keep-alive\r\nKeep-Alive: timeout=").append(IDLE_SECONDS).append("\r\n");
        }
        for (HeaderField f : r.fields()) {
            h.append(f.name()).append(": ").append(f.value()).append("\r\n");
        }
        h.append("Content-Type: ").append(r.contentType()).append("\r\n");
        if (!head) {
            h.append("Content-Length: ").append(r.body().length).append("\r\n");
        }
        byte[] top = h.append("Cache-Control: no-store\r\n\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
        if (head) {
            return top;
        }
        byte[] all = java.util.Arrays.copyOf(top, top.length + r.body().length);
        System.arraycopy(r.body(), 0, all, top.length, r.body().length);
        return all;
    }

    private void abort() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    /**
     * Ends the answer with FIN, then reads what the client still sends until it closes (at most a
     * while and a megabyte): closing a socket with unread input resets the connection, and a reset
     * can destroy the answer before the client has read it.
     */
    private void linger(DeadlineInput in) {
        try {
            socket.shutdownOutput();
            in.deadlineIn(LINGER_MS);
            byte[] sink = new byte[8192];
            for (int total = 0, n; total < LINGER_BYTES && (n = in.read(sink, 0, sink.length)) > 0; total += n) {
                // discarded
            }
        } catch (IOException e) {
            // closed or out of time: closing anyway
        }
    }

    static String reason(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 400 -> "Bad Request";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 413 -> "Content Too Large";
            case 414 -> "URI Too Long";
            case 417 -> "Expectation Failed";
            case 431 -> "Request Header Fields Too Large";
            case 500 -> "Internal Server Error";
            case 501 -> "Not Implemented";
            case 503 -> "Service Unavailable";
            case 505 -> "HTTP Version Not Supported";
            default -> "Status " + status;
        };
    }
}
