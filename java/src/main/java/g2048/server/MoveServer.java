package g2048.server;

import static g2048.settings.BadSetting.field;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import g2048.json.JsonWriter;
import g2048.play.PlayerKind;
import g2048.settings.BadSetting;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * The HTTP server of {@code g2048 serve}, on the JDK's {@link HttpServer}. Connections are handled on
 * virtual threads; the work of a request (a search, a game) runs on a fixed pool of search threads.
 *
 * <p><b>Limits.</b> At most {@code maxInFlight} requests are admitted at once (queued or running);
 * one more is answered 503 at once. A request's work stops at its deadline (admission plus
 * {@code requestTimeoutMs}, {@code RequestDeadline}): a search is abandoned, a game stopped, and the
 * request answered 503, so no request holds a search thread longer, whatever depth it asked. Requests
 * that search no deeper than depth 1 run on threads of their own, never queued behind deep ones.
 * Clients have a few seconds to send a request ({@code HttpLimits}). The served
 * files are compared with what was loaded every half second ({@code FileWatch}); once one
 * changed, requests are answered 503 naming it and {@code /health} says {@code degraded}.
 *
 * <p><b>Answers.</b> JSON with snake_case keys; every error is {@code {"error": "..."}}, one line,
 * never a stack trace: 400 for bad parameters (naming the parameter), 404 for an unknown path, 405
 * for a method the path does not take (HEAD is answered where GET is), 413 for a body over 64 KiB,
 * 503 when busy, timed out or serving a changed file, 500 for a fault of the server itself (its
 * class and detail go to the log, never to the client).
 */
public final class MoveServer implements AutoCloseable {

    /** How the server listens and how much it takes on. */
    public record Settings(String bind, int port, int threads, int maxInFlight, long requestTimeoutMs) {
        public Settings {
            if (port < 0 || port > 65535) {
                throw new BadSetting(field("port"), ": " + port + " is out of range, expected 0..65535");
            }
            BadSetting.requireAtLeast("threads", 1, threads);
            BadSetting.requireAtLeast("maxInFlight", 1, maxInFlight);
            BadSetting.requireAtLeast("requestTimeoutMs", 1, requestTimeoutMs);
        }
    }

    private static final int MAX_BODY_BYTES = 64 * 1024;
    /** How often the served files are compared with what was loaded. */
    private static final long WATCH_MS = 500;
    private static final Map<String, String> VIEWER = Map.of(
            "/", "index.html", "/index.html", "index.html", "/viewer.js", "viewer.js", "/viewer.css", "viewer.css");

    private final MoveService service;
    private final Api api;
    private final Settings settings;
    private final HttpServer http;
    private final ExecutorService connections = Executors.newVirtualThreadPerTaskExecutor();
    private final ExecutorService searches;
    /** Requests that cannot search deep (a depth-1 /move, /solve): their own threads, never queued behind deep ones. */
    private final ExecutorService quick;
    private final Semaphore admitted;
    private final AtomicInteger inFlight = new AtomicInteger();
    /** Deep requests on a search thread, and those admitted but waiting for one. */
    private final AtomicInteger searching = new AtomicInteger();
    private final AtomicInteger waiting = new AtomicInteger();
    private final Map<String, byte[]> viewer;
    private final FileWatch watch;
    private final java.util.concurrent.ScheduledExecutorService watcher;
    /** Which served file no longer matches what was loaded; null while all do. Once set, it stays. */
    private volatile String changed;

    private MoveServer(MoveService service, Settings settings, HttpServer http) {
        this.service = service;
        this.api = new Api(service);
        this.settings = settings;
        this.http = http;
        AtomicInteger n = new AtomicInteger();
        this.searches = Executors.newFixedThreadPool(settings.threads(), r -> {
            Thread t = new Thread(r, "g2048-serve-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        AtomicInteger q = new AtomicInteger();
        this.quick = Executors.newFixedThreadPool(settings.threads(), r -> {
            Thread t = new Thread(r, "g2048-serve-quick-" + q.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        this.admitted = new Semaphore(settings.maxInFlight());
        this.watch = new FileWatch(service.files());
        this.watcher = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "g2048-serve-watch");
            t.setDaemon(true);
            return t;
        });
        watcher.scheduleWithFixedDelay(() -> {
            if (changed == null) {
                changed = watch.changed();
            }
        }, WATCH_MS, WATCH_MS, TimeUnit.MILLISECONDS);
        this.viewer = Map.of("index.html", resource("index.html"), "viewer.js", resource("viewer.js"),
                "viewer.css", resource("viewer.css"));
    }

    /** Binds {@code settings.bind():settings.port()} (port 0: any free port) and starts answering. */
    public static MoveServer start(MoveService service, Settings settings) throws IOException {
        HttpLimits.apply();
        HttpServer http = HttpServer.create(new InetSocketAddress(settings.bind(), settings.port()), 64);
        MoveServer server = new MoveServer(service, settings, http);
        http.createContext("/", server::handle);
        http.setExecutor(server.connections);
        http.start();
        return server;
    }

    /** The port it listens on (the one chosen when started with port 0). */
    public int port() {
        return http.getAddress().getPort();
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            String path = ex.getRequestURI().getPath();
            // HEAD is answered as GET is, without the body (send leaves it out)
            String method = ex.getRequestMethod().equals("HEAD") ? "GET" : ex.getRequestMethod();
            switch (path) {
                case "/health" -> {
                    if (allowed(ex, method, "GET")) {
                        reply(ex, 200, health());
                    }
                }
                case "/move" -> {
                    if (allowed(ex, method, "GET", "POST")) {
                        boolean post = method.equals("POST");
                        String query = post ? body(ex) : ex.getRequestURI().getRawQuery();
                        if (!post || query != null) { // null: a body too large, answered 413
                            compute(ex, query, true, Api.MOVE_PARAMS, api::move);
                        }
                    }
                }
                case "/game" -> {
                    if (allowed(ex, method, "GET")) {
                        compute(ex, ex.getRequestURI().getRawQuery(), false, Api.GAME_PARAMS, api::game);
                    }
                }
                case "/solve" -> {
                    if (allowed(ex, method, "GET")) {
                        compute(ex, ex.getRequestURI().getRawQuery(), true, Api.SOLVE_PARAMS, api::solve);
                    }
                }
                default -> {
                    String file = VIEWER.get(path);
                    if (file == null) {
                        reply(ex, 404, error("no such path: " + Params.shorten(path)
                                + " (the API: /move, /game, /solve, /health; the viewer: /)"));
                    } else if (allowed(ex, method, "GET")) {
                        send(ex, 200, contentType(file), viewer.get(file));
                    }
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // the client went away: nothing to answer
        } catch (RuntimeException e) {
            // a fault of the server itself: one line to the log and to the client, if it can still be told
            System.err.println("g2048 serve: " + ex.getRequestURI().getPath() + ": " + e);
            try {
                reply(ex, 500, error("internal error (the server's log says more)"));
            } catch (IOException | RuntimeException ignored) {
                // headers already sent or the client gone
            }
        }
    }

    /**
     * Runs {@code work} on a search thread within the limits, answering its JSON, or the error it
     * names; parameters are parsed there too, so that a bad request costs a permit like any other.
     * A request that may search no deeper than depth 1 ({@code quickPath} and no depth above 1)
     * runs on the quick threads, so deep searches never delay it. Its work stops at its deadline
     * (admission plus the request timeout): waiting for a thread counts.
     */
    private void compute(HttpExchange ex, String query, boolean quickPath, java.util.Set<String> names,
                         Function<Params, String> work) throws IOException {
        String gone = changed;
        if (gone != null) {
            reply(ex, 503, error("unavailable: " + gone));
            return;
        }
        if (!admitted.tryAcquire()) {
            ex.getResponseHeaders().set("Retry-After", "1");
            reply(ex, 503, error("busy: " + settings.maxInFlight() + " requests in flight, the most this server takes; retry later"));
            return;
        }
        inFlight.incrementAndGet();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(settings.requestTimeoutMs());
        boolean deep = !(quickPath && Params.shallow(query));
        if (deep) {
            waiting.incrementAndGet();
        }
        AtomicBoolean started = new AtomicBoolean();
        Future<String> f;
        try {
            f = (deep ? searches : quick).submit(() -> {
                if (!started.compareAndSet(false, true)) {
                    return null;
                }
                if (deep) {
                    waiting.decrementAndGet();
                    searching.incrementAndGet();
                }
                RequestDeadline.set(deadline, settings.requestTimeoutMs());
                try {
                    return work.apply(Params.parse(query, names));
                } finally {
                    RequestDeadline.clear();
                    if (deep) {
                        searching.decrementAndGet();
                    }
                    release();
                }
            });
        } catch (RuntimeException e) {
            if (deep) {
                waiting.decrementAndGet();
            }
            release();
            throw e;
        }
        try {
            // a little past the deadline: the work stops itself there and says so
            reply(ex, 200, f.get(settings.requestTimeoutMs() + 50, TimeUnit.MILLISECONDS));
        } catch (TimeoutException e) {
            f.cancel(true);
            if (started.compareAndSet(false, true)) {
                if (deep) {
                    waiting.decrementAndGet();
                }
                release(); // it never started: its permit is free now
            }
            reply(ex, 503, error("timed out: no answer within " + settings.requestTimeoutMs() + " ms"));
        } catch (InterruptedException e) {
            f.cancel(true);
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof BadRequest bad) {
                reply(ex, bad.status(), error(bad.getMessage()));
            } else if (cause instanceof CancellationException) {
                reply(ex, 503, error("timed out: no answer within " + settings.requestTimeoutMs() + " ms"));
            } else if (cause instanceof InternalError || cause instanceof UncheckedIOException) {
                // a mapped file truncated under the server faults its reads; a database file read fails
                System.err.println("g2048 serve: " + ex.getRequestURI().getPath() + ": " + cause);
                String why = watch.changed();
                changed = why != null ? why : changed;
                reply(ex, 503, error("unavailable: " + (why != null ? why
                        : "the model or database could not be read (restart the server)")));
            } else {
                System.err.println("g2048 serve: " + ex.getRequestURI().getPath() + ": " + cause);
                reply(ex, 500, error("internal error (the server's log says more)"));
            }
        }
    }

    private void release() {
        inFlight.decrementAndGet();
        admitted.release();
    }

    private String health() {
        java.util.List<String> problems = new java.util.ArrayList<>();
        String gone = changed;
        if (gone != null) {
            problems.add(gone);
        }
        int busy = searching.get();
        int queued = waiting.get();
        if (busy >= settings.threads()) {
            problems.add("all " + settings.threads() + " search threads are busy");
        }
        if (queued > 0) {
            problems.add(queued + " request(s) waiting for a search thread");
        }
        if (inFlight.get() >= settings.maxInFlight()) {
            problems.add("the most requests in flight (" + settings.maxInFlight() + ") are admitted: more are refused");
        }
        JsonWriter j = new JsonWriter(JsonWriter.Numbers.EXACT).begin().field("status", problems.isEmpty() ? "ok" : "degraded")
                .field("model", service.modelName())
                .field("db_shape", service.solutionShape() == null ? null : service.solutionShape().toString())
                .field("threads", settings.threads())
                .field("max_requests_in_flight", settings.maxInFlight())
                .field("requests_in_flight", inFlight.get())
                .field("request_timeout_ms", settings.requestTimeoutMs())
                .field("search_threads_busy", busy)
                .field("requests_waiting", queued)
                .beginArray("problems");
        for (String p : problems) {
            j.value(p);
        }
        j.endArray().beginArray("players");
        for (PlayerKind p : MoveService.SERVED) {
            j.value(p.id());
        }
        // the viewer offers every depth up to this one
        return j.endArray().field("max_depth", MoveService.MAX_DEPTH).end().toString();
    }

    /** Answers 405 (with the methods it takes) unless {@code method} is one of {@code methods}. */
    private static boolean allowed(HttpExchange ex, String method, String... methods) throws IOException {
        for (String m : methods) {
            if (m.equals(method)) {
                return true;
            }
        }
        ex.getResponseHeaders().set("Allow", String.join(", ", methods) + (List.of(methods).contains("GET") ? ", HEAD" : ""));
        reply(ex, 405, error("method " + Params.shorten(method) + " not allowed here, expected " + String.join(" or ", methods)));
        return false;
    }

    /** The form body of a POST, or null after answering 413 when it is too large. */
    private static String body(HttpExchange ex) throws IOException {
        try (InputStream in = ex.getRequestBody()) {
            byte[] b = in.readNBytes(MAX_BODY_BYTES + 1);
            if (b.length > MAX_BODY_BYTES) {
                reply(ex, 413, error("body: larger than " + MAX_BODY_BYTES + " bytes"));
                return null;
            }
            return new String(b, StandardCharsets.UTF_8);
        }
    }

    private static String error(String message) {
        return new JsonWriter(JsonWriter.Numbers.EXACT).begin().field("error", message).end().toString();
    }

    private static void reply(HttpExchange ex, int status, String json) throws IOException {
        send(ex, status, "application/json; charset=utf-8", json.getBytes(StandardCharsets.UTF_8));
    }

    private static void send(HttpExchange ex, int status, String type, byte[] body) throws IOException {
        ex.getResponseHeaders().set("Content-Type", type);
        ex.getResponseHeaders().set("Cache-Control", "no-store");
        if (ex.getRequestMethod().equals("HEAD")) {
            ex.sendResponseHeaders(status, -1);
            ex.getResponseBody().close();
            return;
        }
        ex.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(body);
        }
    }

    private static String contentType(String file) {
        if (file.endsWith(".js")) {
            return "text/javascript; charset=utf-8";
        }
        return file.endsWith(".css") ? "text/css; charset=utf-8" : "text/html; charset=utf-8";
    }

    private static byte[] resource(String name) {
        try (InputStream in = MoveServer.class.getResourceAsStream("viewer/" + name)) {
            if (in == null) {
                throw new IllegalStateException("the viewer's " + name + " is missing from the jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Stops listening (waiting at most a second for exchanges in progress) and stops the threads. */
    @Override
    public void close() {
        http.stop(1);
        searches.shutdownNow();
        quick.shutdownNow();
        watcher.shutdownNow();
        connections.shutdownNow();
    }
}
