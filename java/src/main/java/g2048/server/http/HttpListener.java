package g2048.server.http;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.function.Function;

/**
 * A small HTTP/1.1 server: accepts connections on one thread and serves each on a virtual thread of
 * its own ({@link HttpConnection}), at most so many at once ({@link HttpLimits#MAX_CONNECTIONS} for
 * {@code g2048 serve}); one more is answered 503 and closed. Every answer, an error found before the handler runs included, is
 * the handler's or a JSON {@link Response#error}.
 */
public final class HttpListener implements AutoCloseable {

    private final ServerSocket server;
    private final Function<Request, Response> handler;
    private final int maxConnections;
    private final ExecutorService connections = Executors.newVirtualThreadPerTaskExecutor();
    private final ScheduledThreadPoolExecutor timer;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final Thread acceptor;
    private volatile boolean closed;

    private HttpListener(ServerSocket server, int maxConnections, Function<Request, Response> handler) {
        this.server = server;
        this.handler = handler;
        this.maxConnections = maxConnections;
        this.timer = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "g2048-serve-timer");
            t.setDaemon(true);
            return t;
        });
        timer.setRemoveOnCancelPolicy(true);
        this.acceptor = new Thread(this::accept, "g2048-serve-accept");
        acceptor.setDaemon(true);
    }

    /**
     * Binds {@code bind:port} (port 0: any free port) and answers each request with {@code handler}
     * (an {@link HttpError} it throws is answered as its JSON error, any other exception as a 500),
     * on at most {@code maxConnections} connections at once.
     */
    public static HttpListener start(String bind, int port, int maxConnections, Function<Request, Response> handler)
            throws IOException {
        ServerSocket s = new ServerSocket();
        try {
            s.bind(new InetSocketAddress(bind, port), 64);
        } catch (IOException | RuntimeException e) {
            s.close();
            throw e;
        }
        HttpListener l = new HttpListener(s, maxConnections, handler);
        l.acceptor.start();
        return l;
    }

    public int port() {
        return server.getLocalPort();
    }

    private void accept() {
        while (!closed) {
            Socket s;
            try {
                s = server.accept();
                s.setTcpNoDelay(true);
            } catch (IOException e) {
                if (closed) {
                    return;
                }
                continue; // one connection failed as it was accepted: the next may not
            }
            if (open.size() >= maxConnections) {
                refuse(s, maxConnections);
                continue;
            }
            open.add(s);
            connections.execute(() -> {
                try {
                    new HttpConnection(s, handler, timer).run();
                } finally {
                    open.remove(s);
                }
            });
        }
    }

    /** Answers 503 at once, without reading the request: a fresh socket's send buffer takes the answer without blocking. */
    private static void refuse(Socket s, int maxConnections) {
        try (s; OutputStream out = s.getOutputStream()) {
            out.write(HttpConnection.encode(Response.error(503, "busy: " + maxConnections
                    + " connections open, the most this server takes; retry later").with("Retry-After", "1"), false, false, 1));
        } catch (IOException ignored) {
            // the client is gone
        }
    }

    /** Stops listening and closes every connection, answered or not. */
    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        for (Socket s : open) {
            try {
                s.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
        connections.shutdownNow();
        timer.shutdownNow();
    }
}
