package g2048.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.ntuple.Method;
import g2048.ntuple.NetworkSpec;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.NtupleModels;
import g2048.ntuple.SelfPlay;
import g2048.game.Shape;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Hostile clients over loopback: malformed request lines, URIs and headers, clients that stall,
 * deep searches asked for in parallel; through all of it a depth-1 {@code /move} is answered within
 * 100 ms, and every answer the server composes is JSON naming no Java class.
 */
class ServerFuzzTest {

    private static final String BOARD = "2,4,8,16/0,0,0,2/0,0,0,0/0,0,4,0";
    private static final long TIMEOUT_MS = 1500;
    private static Path dir;
    private static Path model;
    private static MoveService service;
    private static MoveServer server;

    @BeforeAll
    static void start() throws IOException {
        dir = Files.createTempDirectory("g2048-serve-fuzz");
        model = dir.resolve("small.g2n");
        train(model, 7);
        service = MoveService.open(model, null);
        server = MoveServer.start(service, new MoveServer.Settings("127.0.0.1", 0, 2, 64, TIMEOUT_MS));
    }

    private static void train(Path out, long seed) throws IOException {
        try (NtupleModel m = NtupleModel.create(NetworkSpec.parse("0123,4567,0145,1256:sym"), Shape.S4x4,
                Method.TD_AFTERSTATE, seed, 0.01)) {
            new SelfPlay(m, 0.01, 1).train(100, null);
            NtupleModels.save(m, out);
        }
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
        if (service != null) {
            service.close();
        }
    }

    /** A raw exchange: what the server sent before closing or going quiet for {@code waitMs}. */
    static String raw(int port, byte[] request, int waitMs) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(waitMs);
            OutputStream out = s.getOutputStream();
            out.write(request);
            out.flush();
            InputStream in = s.getInputStream();
            byte[] buf = new byte[1 << 16];
            StringBuilder sb = new StringBuilder();
            try {
                for (int n; (n = in.read(buf)) > 0; ) {
                    sb.append(new String(buf, 0, n, StandardCharsets.ISO_8859_1));
                    if (complete(sb)) {
                        break;
                    }
                }
            } catch (SocketTimeoutException | java.net.SocketException e) {
                // quiet or reset: what came so far is the answer
            }
            return sb.toString();
        }
    }

    /** A whole response: headers and as many body bytes as Content-Length says. */
    private static boolean complete(StringBuilder sb) {
        int end = sb.indexOf("\r\n\r\n");
        if (end < 0) {
            return false;
        }
        String head = sb.substring(0, end).toLowerCase();
        int i = head.indexOf("content-length:");
        if (i < 0) {
            return true;
        }
        int eol = head.indexOf("\r\n", i);
        long len = Long.parseLong(head.substring(i + 15, eol < 0 ? head.length() : eol).strip());
        return sb.length() - end - 4 >= len;
    }

    private static String get(String pathAndQuery) throws IOException {
        return raw(server.port(), ("GET " + pathAndQuery + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1), 10_000);
    }

    private static int status(String response) {
        return response.startsWith("HTTP/1.1 ") ? Integer.parseInt(response.substring(9, 12)) : -1;
    }

    private static String body(String response) {
        int end = response.indexOf("\r\n\r\n");
        return end < 0 ? "" : response.substring(end + 4);
    }

    /** A JSON answer of the server's own: an object, one line, no Java class name. */
    private static void assertOwnJson(String response) {
        assertTrue(response.toLowerCase().contains("content-type: application/json"), response);
        String b = body(response);
        assertTrue(b.startsWith("{") && b.endsWith("}") && !b.contains("\n"), response);
        assertFalse(b.matches(".*(Exception|Error\\b|java\\.).*"), response);
    }

    /** Hostile requests the handler sees: each answered with JSON and a 4xx. */
    private static List<String> hostileQueries(Random r) {
        List<String> q = new ArrayList<>(List.of(
                "/move?" + "x".repeat(20_000) + "=1", "/move?board=", "/move?board=2,4&board=2,4", "/move?depth=1e9&board=" + BOARD,
                "/move?board=" + BOARD + "&depth=-1", "/move?board=" + BOARD + "&player=%00%1b[31m", "/move?board=%2C%2C",
                "/game?max_moves=999999999999999999999", "/game?depth=5&max_moves=101", "/game?shape=99x99",
                "/solve?board=" + BOARD, "/move?board=65536,0/0,0", "/move?&&&&", "/move?=", "/move?board=2;4",
                "/nothing/../move", "/move?seed=abc&board=" + BOARD, "/move?downgrade=3&board=" + BOARD));
        for (int i = 0; i < 30; i++) {
            StringBuilder sb = new StringBuilder("/move?");
            int n = 1 + r.nextInt(40);
            for (int k = 0; k < n; k++) {
                int c = r.nextInt(3);
                sb.append(c == 0 ? "%" + Integer.toHexString(r.nextInt(256) | 0x100).substring(1) : c == 1 ? "&=,/"
                        .charAt(r.nextInt(4)) : (char) ('a' + r.nextInt(26)));
            }
            q.add(sb.toString());
        }
        return q;
    }

    @Test
    void aDepthOneMoveAnswersWithin100msThroughDeepSearchesAndHostileClients() throws Exception {
        for (int i = 0; i < 50; i++) { // warm: the quick path compiled, its search's tables allocated
            assertEquals(200, status(get("/move?depth=1&board=" + BOARD)));
        }
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService load = Executors.newVirtualThreadPerTaskExecutor();
        List<Future<?>> tasks = new ArrayList<>();
        List<String> deepAnswers = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int t = 0; t < 4; t++) {
            String q = t % 2 == 0 ? "/game?depth=5&seed=" + t : "/move?depth=5&board=" + BOARD;
            tasks.add(load.submit(() -> {
                while (!stop.get()) {
                    long t0 = System.nanoTime();
                    String a = get(q);
                    long ms = (System.nanoTime() - t0) / 1_000_000;
                    deepAnswers.add(status(a) + " " + ms + " " + body(a));
                }
                return null;
            }));
        }
        // clients that open connections and stall inside their headers
        List<Socket> stalled = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            Socket s = new Socket("127.0.0.1", server.port());
            s.getOutputStream().write(("GET /move?board=" + BOARD + " HTTP/1.1\r\nHost: x\r\nX-Slow: ").getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            stalled.add(s);
        }
        Random rnd = new Random(34);
        List<String> queries = hostileQueries(rnd);
        tasks.add(load.submit(() -> {
            int i = 0;
            while (!stop.get()) {
                String a = get(queries.get(i++ % queries.size()));
                int st = status(a);
                assertTrue(st >= 400 && st < 500 || st == 503, a);
                assertOwnJson(a);
                Thread.sleep(2);
            }
            return null;
        }));
        // malformed at the protocol level: the JDK refuses these itself; the server must only stay up and answer
        byte[][] protocol = {
            "GET /move?board=% HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1),
            "GET /%zz HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1),
            "POST /move HTTP/1.1\r\nContent-Length: abc\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1),
            "POST /move HTTP/1.1\r\nContent-Length: 99999999999999999999\r\n\r\nboard=1".getBytes(StandardCharsets.ISO_8859_1),
            "GARBAGE\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1),
            ("GET /health HTTP/1.1\r\n" + "X: y\r\n".repeat(500) + "\r\n").getBytes(StandardCharsets.ISO_8859_1),
            ("GET /health HTTP/1.1\r\nX" + "a".repeat(400_000) + ": 1\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1),
            "GET /health HTTP/1.1\r\nBad Header\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1),
            "POST /move HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1),
            "POST /move HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nboard".getBytes(StandardCharsets.ISO_8859_1),
            "\0\0\0\0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1),
        };
        tasks.add(load.submit(() -> {
            int i = 0;
            while (!stop.get()) {
                String a = raw(server.port(), protocol[i++ % protocol.length], 10_000);
                // refused, or (headers the JDK takes) answered: never a hang or a crash
                assertTrue(a.isEmpty() || status(a) >= 400 || a.contains("\"status\""), a);
                Thread.sleep(5);
            }
            return null;
        }));
        // 100 ms on an idle machine; on a shared one (a CI runner, several builds at once) every
        // thread here waits for a core too, so the bound grows with the load average per core
        var os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        double loadPerCore = 0;
        long maxMs = 0;
        List<Long> all = new ArrayList<>();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(HttpLimits.REQUEST_SECONDS + 2);
        int probes = 0;
        while (System.nanoTime() < end) {
            long t0 = System.nanoTime();
            String a = get("/move?depth=1&board=" + BOARD);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertEquals(200, status(a), a);
            maxMs = Math.max(maxMs, ms);
            all.add(ms);
            loadPerCore = Math.max(loadPerCore, os.getSystemLoadAverage() / os.getAvailableProcessors());
            probes++;
            Thread.sleep(20);
        }
        stop.set(true);
        for (Future<?> f : tasks) {
            f.get(30, TimeUnit.SECONDS);
        }
        load.shutdown();
        double boundMs = 100 * Math.max(1, loadPerCore);
        assertTrue(maxMs < boundMs, "slowest depth-1 /move of " + probes + ": " + maxMs + " ms, bound " + boundMs
                + " ms (load average per core " + loadPerCore + "); all: " + all);
        // the stalled clients were dropped by the header timeout
        for (Socket s : stalled) {
            s.setSoTimeout(3000);
            int r;
            try {
                r = s.getInputStream().read();
            } catch (java.net.SocketException e) {
                r = -1;
            }
            assertEquals(-1, r, "a client stalled in its headers is disconnected");
            s.close();
        }
        // deep work ended at the request timeout, answered as JSON
        assertFalse(deepAnswers.isEmpty());
        for (String a : deepAnswers) {
            String[] parts = a.split(" ", 3);
            assertTrue(parts[0].equals("200") || parts[0].equals("503"), a);
            assertTrue(Long.parseLong(parts[1]) < TIMEOUT_MS + 1000, "held past the request timeout: " + a);
        }
    }

    @Test
    void theHandlersAnswersFollowTheRules() throws IOException {
        String head = raw(server.port(), "HEAD /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                .getBytes(StandardCharsets.ISO_8859_1), 5000);
        assertEquals(200, status(head), head);
        assertEquals("", body(head));
        String empty = raw(server.port(), "POST /move HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}"
                .getBytes(StandardCharsets.ISO_8859_1), 5000);
        assertEquals(400, status(empty), empty);
        assertTrue(body(empty).contains("board: missing"), empty);
        String longName = get("/move?" + "n".repeat(300_000) + "=1");
        assertEquals(400, status(longName), longName.substring(0, Math.min(300, longName.length())));
        assertTrue(body(longName).length() < 400, "the name is shortened in the echo");
        String control = get("/move?board=" + BOARD + "&player=%1b[31mred%0a");
        assertFalse(body(control).contains("\u001b") || body(control).contains("\\n"), control);
        String deepGame = get("/game?depth=5&max_moves=1000");
        assertEquals(400, status(deepGame), deepGame);
        assertTrue(body(deepGame).contains("max_moves"), deepGame);
    }

    @Test
    void aServedModelReplacedOrTruncatedOnDiskIsReportedAndNotServed() throws Exception {
        Path own = dir.resolve("own.g2n");
        Files.copy(model, own);
        try (MoveService s = MoveService.open(own, null);
             MoveServer srv = MoveServer.start(s, new MoveServer.Settings("127.0.0.1", 0, 1, 8, TIMEOUT_MS))) {
            String ok = raw(srv.port(), ("GET /move?board=" + BOARD + " HTTP/1.1\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1), 5000);
            assertEquals(200, status(ok), ok);
            Path other = dir.resolve("other.g2n");
            train(other, 8);
            Files.move(other, own, StandardCopyOption.REPLACE_EXISTING);
            String health = "";
            for (int i = 0; i < 40 && !health.contains("degraded"); i++) {
                Thread.sleep(100);
                health = raw(srv.port(), "GET /health HTTP/1.1\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1), 5000);
            }
            assertTrue(health.contains("\"degraded\"") && health.contains("own.g2n changed on disk"), health);
            Files.write(own, new byte[10]); // truncated in place: never read again
            String move = raw(srv.port(), ("GET /move?board=" + BOARD + " HTTP/1.1\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1), 5000);
            assertEquals(503, status(move), move);
            assertOwnJson(move);
            assertTrue(body(move).contains("own.g2n"), move);
        }
    }
}
