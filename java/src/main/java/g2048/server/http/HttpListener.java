package g2048.server.http;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.function.Function;

/**
 * A small HTTP/1.1 server: accepts connections on one thread and serves each on a virtual thread of
 * its own ({@link HttpConnection}), at most so many at once ({@link HttpLimits#MAX_CONNECTIONS} for
 * {@code g2048 serve}). Every answer, an error found before the handler runs included, is the
 * handler's or a JSON {@link Response#error}.
 *
 * <p><b>Fair admission.</b> Connections held open between requests (kept alive) must not lock others
 * out, so a new connection is admitted by closing one that waits for its next request: when its
 * client (its remote address) already holds its share of connections
 * ({@link HttpLimits#MAX_CONNECTIONS_PER_CLIENT}), the client's own longest-waiting one; when the
 * server is full, the longest-waiting one of the client holding the most, if that is more than the
 * newcomer's client holds. Only when every candidate is busy with a request is the new connection
 * answered 503 and closed. A client closed so reconnects, as HTTP clients do on a kept-alive
 * connection closed between requests.
 */
public final class HttpListener implements AutoCloseable {

    /** An open connection and its client. */
    private record Open(Socket socket, InetAddress client, HttpConnection connection) {
    }

    private final ServerSocket server;
    private final Function<Request, Response> handler;
    private final int maxConnections;
    private final int maxPerClient;
    private final ExecutorService connections = Executors.newVirtualThreadPerTaskExecutor();
    private final ScheduledThreadPoolExecutor timer;
    /** The open connections, by client; changed only under this map's lock. */
    private final Map<InetAddress, Set<Open>> byClient = new HashMap<>();
    private int openCount;
    private final Thread acceptor;
    private volatile boolean closed;

    private HttpListener(ServerSocket server, int maxConnections, int maxPerClient, Function<Request, Response> handler) {
        this.server = server;
        this.handler = handler;
        this.maxConnections = maxConnections;
        this.maxPerClient = maxPerClient;
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
     * on at most {@code maxConnections} connections at once, a quarter of them (at least one) per client.
     */
    public static HttpListener start(String bind, int port, int maxConnections, Function<Request, Response> handler)
            throws IOException {
        return start(bind, port, maxConnections, Math.max(1, maxConnections / 4), handler);
    }

    /** As {@link #start(String, int, int, Function)}, at most {@code maxPerClient} connections from one remote address. */
    public static HttpListener start(String bind, int port, int maxConnections, int maxPerClient,
                                     Function<Request, Response> handler) throws IOException {
        ServerSocket s = new ServerSocket();
        try {
            s.bind(new InetSocketAddress(bind, port), 64);
        } catch (IOException | RuntimeException e) {
            s.close();
            throw e;
        }
        HttpListener l = new HttpListener(s, maxConnections, maxPerClient, handler);
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
            Open o = new Open(s, s.getInetAddress(), new HttpConnection(s, handler, timer));
            String full = admit(o);
            if (full != null) {
                refuse(s, full);
                continue;
            }
            connections.execute(() -> {
                try {
                    o.connection().run();
                } finally {
                    forget(o);
                }
            });
        }
    }

    /**
     * Takes {@code o} in, making room by closing a connection that waits, as the class says; null when
     * taken, else why not (every connection it could replace is busy with a request).
     */
    private String admit(Open o) {
        synchronized (byClient) {
            Set<Open> mine = byClient.getOrDefault(o.client(), Set.of());
            if (mine.size() >= maxPerClient) {
                if (!evictFrom(mine)) {
                    return "busy: this client has " + maxPerClient + " connections open, the most one client may hold,"
                            + " each with a request under way; retry later";
                }
            } else if (openCount >= maxConnections) {
                Set<Open> most = byClient.values().stream().max(java.util.Comparator.comparingInt(Set::size)).orElse(Set.of());
                if (most.size() <= mine.size() + 1 || !evictFrom(most)) {
                    return "busy: " + maxConnections + " connections open, the most this server takes; retry later";
                }
            }
            byClient.computeIfAbsent(o.client(), k -> new HashSet<>()).add(o);
            openCount++;
            return null;
        }
    }

    /** Closes the connection of {@code client} that has waited longest for its next request; false when all are busy. */
    private boolean evictFrom(Set<Open> client) {
        List<Open> waiting = new ArrayList<>();
        for (Open c : client) {
            if (c.connection().waitingSince() >= 0) {
                waiting.add(c);
            }
        }
        waiting.sort(java.util.Comparator.comparingLong(c -> c.connection().waitingSince()));
        for (Open c : waiting) {
            if (c.connection().evict()) {
                forgetLocked(c);
                return true;
            }
        }
        return false;
    }

    private void forget(Open o) {
        synchronized (byClient) {
            forgetLocked(o);
        }
    }

    private void forgetLocked(Open o) {
        Set<Open> mine = byClient.get(o.client());
        if (mine != null && mine.remove(o)) {
            openCount--;
            if (mine.isEmpty()) {
                byClient.remove(o.client());
            }
        }
    }

    /** Answers 503 at once, without reading the request: a fresh socket's send buffer takes the answer without blocking. */
    private static void refuse(Socket s, String why) {
        try (s; OutputStream out = s.getOutputStream()) {
            out.write(HttpConnection.encode(Response.error(503, why).with("Retry-After", "1"), false, false, 1));
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
        List<Open> all;
        synchronized (byClient) {
            all = byClient.values().stream().flatMap(Set::stream).toList();
        }
        for (Open o : all) {
            try {
                o.socket().close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
        connections.shutdownNow();
        timer.shutdownNow();
    }
}
