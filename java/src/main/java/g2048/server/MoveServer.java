package g2048.server;

import static g2048.settings.BadSetting.field;

import g2048.answers.JsonConventions;
import g2048.json.JsonWriter;
import g2048.play.PlayerKind;
import g2048.server.http.HttpLimits;
import g2048.server.http.HttpListener;
import g2048.server.http.Request;
import g2048.server.http.Response;
import g2048.settings.BadSetting;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
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
 * The HTTP server of {@code g2048 serve}, on {@link HttpListener}. Connections are handled on
 * virtual threads; the work of a request (a search, a game) runs on a fixed pool of search threads.
 *
 * <p><b>Limits.</b> At most {@code maxInFlight} requests are admitted at once (queued or running);
 * one more is answered 503 at once. A request's work stops at its deadline (admission plus
 * {@code requestTimeoutMs}, {@code RequestDeadline}): a search is abandoned, a game stopped, and the
 * request answered 503, so no request holds a search thread longer, whatever depth it asked. Requests
 * that search no deeper than depth 1 run on threads of their own, never queued behind deep ones.
 * Clients have a few seconds to send a request ({@code HttpLimits}). The served
 * files are compared with what was loaded every half second ({@code FileWatch}, by content); while
 * one differs, the requests that read it are answered 503 naming it (others are answered as
 * before) and {@code /health} says {@code degraded}.
 *
 * <p><b>Answers.</b> The command line's JSON ({@code g2048.answers}: {@code /move} is {@code move --json},
 * {@code /solve} is {@code solve query --json}; the others in {@code schemas/serve-*.schema.json}); every error is {@code {"error": "..."}}, one line,
 * never a stack trace: 400 for bad parameters (naming the parameter), 403 for a {@code Host} that is
 * not a name of this server ({@code AllowedHosts}), 404 for an unknown path, 405
 * for a method the path does not take (HEAD is answered where GET is), 503 when busy, timed out or
 * serving a changed file, 500 for a fault of the server itself (its class and detail go to the log,
 * never to the client); a malformed request is refused before it gets here, as {@code HeadParser} says.
 */
public final class MoveServer implements AutoCloseable {

    /**
     * How the server listens and how much it takes on; {@code allowedHosts}: the names it answers to in
     * {@code Host} beside its own addresses and {@code localhost} ({@code "*"}: any, see {@code AllowedHosts}).
     */
    public record Settings(String bind, int port, int threads, int maxInFlight, long requestTimeoutMs, List<String> allowedHosts) {
        public Settings {
            if (port < 0 || port > 65535) {
                throw new BadSetting(field("port"), ": " + port + " is out of range, expected 0..65535");
            }
            BadSetting.requireAtLeast("threads", 1, threads);
            BadSetting.requireAtLeast("maxInFlight", 1, maxInFlight);
            BadSetting.requireAtLeast("requestTimeoutMs", 1, requestTimeoutMs);
            allowedHosts = List.copyOf(allowedHosts);
        }

        /** Answering its own addresses and {@code localhost} only. */
        public Settings(String bind, int port, int threads, int maxInFlight, long requestTimeoutMs) {
            this(bind, port, threads, maxInFlight, requestTimeoutMs, List.of());
        }
    }

    /** How often the served files are compared with what was loaded. */
    private static final long WATCH_MS = 500;
    private static final Map<String, String> VIEWER = Map.of(
            "/", "index.html", "/index.html", "index.html", "/viewer.js", "viewer.js", "/viewer.css", "viewer.css");

    private final MoveService service;
    private final Api api;
    private final Settings settings;
    private HttpListener http;
    private AllowedHosts hosts;
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

    private MoveServer(MoveService service, Settings settings) {
        this.service = service;
        this.api = new Api(service);
        this.settings = settings;
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
        this.watch = service.watch();
        this.watcher = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "g2048-serve-watch");
            t.setDaemon(true);
            return t;
        });
        // the first look, at once, takes the checksums of the files as loaded
        watcher.scheduleWithFixedDelay(watch::refresh, 0, WATCH_MS, TimeUnit.MILLISECONDS);
        this.viewer = Map.of("index.html", resource("index.html"), "viewer.js", resource("viewer.js"),
                "viewer.css", resource("viewer.css"));
    }

    /** Binds {@code settings.bind():settings.port()} (port 0: any free port) and starts answering. */
    public static MoveServer start(MoveService service, Settings settings) throws IOException {
        MoveServer server = new MoveServer(service, settings);
        try {
            server.hosts = new AllowedHosts(java.net.InetAddress.getByName(settings.bind()), settings.allowedHosts());
            server.http = HttpListener.start(settings.bind(), settings.port(), HttpLimits.MAX_CONNECTIONS,
                    HttpLimits.MAX_CONNECTIONS_PER_CLIENT, server::handle);
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
        return server;
    }

    /** The port it listens on (the one chosen when started with port 0). */
    public int port() {
        return http.port();
    }

    private Response handle(Request r) {
        String host = r.head().header("Host");
        if (!hosts.allows(host)) {
            return Response.error(403, AllowedHosts.refusal(host));
        }
        String path = r.path();
        // HEAD is answered as GET is, without the body (the connection leaves it out)
        String method = r.method().equals("HEAD") ? "GET" : r.method();
        switch (path) {
            case "/health" -> {
                return allowed(method, "GET") ? Response.json(200, health()) : notAllowed(method, "GET");
            }
            case "/move" -> {
                if (!allowed(method, "GET", "POST")) {
                    return notAllowed(method, "GET", "POST");
                }
                String query = method.equals("POST") ? r.bodyText() : r.rawQuery();
                return compute(path, query, true, Api.MOVE_PARAMS, api::move);
            }
            case "/game" -> {
                return allowed(method, "GET") ? compute(path, r.rawQuery(), false, Api.GAME_PARAMS, api::game)
                        : notAllowed(method, "GET");
            }
            case "/solve" -> {
                return allowed(method, "GET") ? compute(path, r.rawQuery(), true, Api.SOLVE_PARAMS, api::solve)
                        : notAllowed(method, "GET");
            }
            default -> {
                String file = VIEWER.get(path);
                if (file == null) {
                    return Response.error(404, "no such path: " + Params.shorten(path)
                            + " (the API: /move, /game, /solve, /health; the viewer: /)");
                }
                return allowed(method, "GET") ? Response.of(200, contentType(file), viewer.get(file)) : notAllowed(method, "GET");
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
    private Response compute(String path, String query, boolean quickPath, java.util.Set<String> names,
                             Function<Params, String> work) {
        if (!admitted.tryAcquire()) {
            return Response.error(503, "busy: " + settings.maxInFlight() + " requests in flight, the most this server takes; retry later")
                    .with("Retry-After", "1");
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
            return Response.json(200, f.get(settings.requestTimeoutMs() + 50, TimeUnit.MILLISECONDS));
        } catch (TimeoutException e) {
            f.cancel(true);
            if (started.compareAndSet(false, true)) {
                if (deep) {
                    waiting.decrementAndGet();
                }
                release(); // it never started: its permit is free now
            }
            return timedOut();
        } catch (InterruptedException e) {
            f.cancel(true);
            Thread.currentThread().interrupt();
            return timedOut();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof BadRequest bad) {
                return Response.error(bad.status(), bad.getMessage());
            } else if (cause instanceof CancellationException) {
                return timedOut();
            } else if (cause instanceof InternalError || cause instanceof UncheckedIOException) {
                // a mapped file truncated under the server faults its reads; a database file read fails
                System.err.println("g2048 serve: " + path + ": " + cause);
                watch.refresh();
                String why = watch.changed();
                return Response.error(503, "unavailable: " + (why != null ? why
                        : "the model or database could not be read (restart the server)"));
            } else {
                System.err.println("g2048 serve: " + path + ": " + cause);
                return Response.error(500, "internal error (the server's log says more)");
            }
        }
    }

    private Response timedOut() {
        return Response.error(503, "timed out: no answer within " + settings.requestTimeoutMs() + " ms");
    }

    private void release() {
        inFlight.decrementAndGet();
        admitted.release();
    }

    private String health() {
        java.util.List<String> problems = new java.util.ArrayList<>();
        String gone = watch.changed();
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
        JsonWriter j = JsonConventions.writer().begin().field("status", problems.isEmpty() ? "ok" : "degraded")
                .beginArray("players");
        for (PlayerKind p : service.served()) {
            j.value(p.id());
        }
        j.endArray().object("models")
                .field("ntuple", service.modelName())
                .field("ntuple_late", service.lateModelName());
        if (service.lateModelDepth() == null) {
            j.nullField("ntuple_late_depth");
        } else {
            j.field("ntuple_late_depth", service.lateModelDepth());
        }
        j.field("policy", service.policyName())
                .field("cnn", service.cnnName())
                .end()
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
        // the viewer offers every depth up to this one
        return j.endArray().field("max_depth", MoveService.MAX_DEPTH).end().toString();
    }

    private static boolean allowed(String method, String... methods) {
        return List.of(methods).contains(method);
    }

    /** 405, with the methods the path takes. */
    private static Response notAllowed(String method, String... methods) {
        return Response.error(405, "method " + Params.shorten(method) + " not allowed here, expected " + String.join(" or ", methods))
                .with("Allow", String.join(", ", methods) + (List.of(methods).contains("GET") ? ", HEAD" : ""));
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

    /** Stops listening, closes the connections and stops the threads. */
    @Override
    public void close() {
        if (http != null) {
            http.close();
        }
        searches.shutdownNow();
        quick.shutdownNow();
        watcher.shutdownNow();
    }
}
