package g2048.server;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;

/**
 * A closed-loop load of {@code /move} requests on a running server: each client (a thread with its
 * own keep-alive HTTP/1.1 connection) sends its next request as soon as the previous one is
 * answered, over boards of a seeded game the server plays first ({@code /game}). The latency of each
 * request, from send to the whole answer read, goes into an HdrHistogram.
 */
public final class LoadTest {

    /** What a run measured: the latency of each request (ns) and the wall time of them all. */
    public record Result(int clients, long requests, double seconds, Histogram latencyNanos) {
        public double requestsPerSecond() {
            return requests / seconds;
        }
    }

    private static final Pattern BOARD = Pattern.compile("\\{\"board\":\"([0-9.,/]+)\"");

    private final URI base;
    private final String query;
    private final java.time.Duration answer;

    /** Requests {@code /move?player=P&depth=D} on the server at {@code base} (e.g. {@code http://127.0.0.1:8048}). */
    public LoadTest(URI base, String player, int depth) {
        this(base, player, depth, ANSWER);
    }

    /** As {@link #LoadTest(URI, String, int)}, each whole answer, its body included, awaited at most {@code answer}. */
    LoadTest(URI base, String player, int depth, java.time.Duration answer) {
        this.base = base;
        this.query = "&player=" + enc(player) + "&depth=" + depth;
        this.answer = answer;
    }

    /** The boards before each move of game 0 of seed {@code seed}, played by the server's {@code player} at depth 1. */
    public List<String> boards(String player, long seed, int maxMoves) throws IOException, InterruptedException {
        HttpClient client = client();
        HttpResponse<String> r = send(client, HttpRequest.newBuilder(base.resolve("/game?seed=" + seed + "&player="
                + enc(player) + "&max_moves=" + maxMoves)).build());
        if (r.statusCode() != 200) {
            throw new IllegalStateException(base + "/game answered " + r.statusCode() + ": " + r.body());
        }
        List<String> boards = new ArrayList<>();
        Matcher m = BOARD.matcher(r.body());
        while (m.find()) {
            boards.add(m.group(1));
        }
        if (boards.isEmpty()) {
            throw new IllegalStateException(base + "/game: a game without moves");
        }
        return boards;
    }

    /**
     * {@code clients} clients each send {@code warmup} requests, then all start together and each
     * sends {@code requests} timed requests, cycling through {@code boards} from its own offset.
     * Any answer but 200 stops the run with its body.
     */
    public Result run(List<String> boards, int clients, int warmup, int requests) throws InterruptedException {
        CountDownLatch warm = new CountDownLatch(clients);
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(clients);
        List<Future<Histogram>> done = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            int offset = c * boards.size() / clients;
            done.add(threads.submit(() -> {
                HttpClient client = client();
                for (int i = 0; i < warmup; i++) {
                    request(client, boards.get((offset + i) % boards.size()));
                }
                warm.countDown();
                go.await();
                Histogram h = new Histogram(3);
                for (int i = 0; i < requests; i++) {
                    String b = boards.get((offset + warmup + i) % boards.size());
                    long t0 = System.nanoTime();
                    request(client, b);
                    h.recordValue(Math.max(1, System.nanoTime() - t0));
                }
                return h;
            }));
        }
        warm.await();
        long t0 = System.nanoTime();
        go.countDown();
        Histogram all = new Histogram(3);
        try {
            for (Future<Histogram> f : done) {
                all.add(f.get());
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause().getMessage(), e.getCause());
        } finally {
            threads.shutdownNow();
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        return new Result(clients, (long) clients * requests, seconds, all);
    }

    private void request(HttpClient client, String board) throws IOException, InterruptedException {
        HttpResponse<String> r = send(client, HttpRequest.newBuilder(base.resolve("/move?board=" + enc(board) + query)).build());
        if (r.statusCode() != 200) {
            throw new IllegalStateException(base + "/move answered " + r.statusCode() + ": " + r.body());
        }
    }

    /** How long a client waits for a connection, and for an answer: a stalled server must not hang the run. */
    private static final java.time.Duration CONNECT = java.time.Duration.ofSeconds(5);
    private static final java.time.Duration ANSWER = java.time.Duration.ofSeconds(60);

    private static HttpClient client() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(CONNECT).build();
    }

    /**
     * Sends {@code request}; a server that is absent or stalls is an {@link IOException} saying so. The
     * deadline covers the whole answer: a request's own timeout ends at the head, and a server that
     * sends a head and part of a body, then stalls, would hold the run forever.
     */
    private HttpResponse<String> send(HttpClient client, HttpRequest request) throws IOException, InterruptedException {
        java.util.concurrent.CompletableFuture<HttpResponse<String>> f = client.sendAsync(request, HttpResponse.BodyHandlers.ofString());
        try {
            return f.get(answer.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            f.cancel(true);
            throw new IOException(base + ": no whole answer within " + answer.toSeconds() + " s (the server stalls)", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof java.net.http.HttpConnectTimeoutException) {
                throw new IOException(base + ": no connection within " + CONNECT.toSeconds() + " s", c);
            } else if (c instanceof java.net.ConnectException) {
                throw new IOException(base + ": no server answers there (connection refused)", c);
            }
            throw new IOException(base + ": " + (c.getMessage() == null ? "the connection failed" : c.getMessage()), c);
        } catch (InterruptedException e) {
            f.cancel(true);
            throw e;
        }
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
