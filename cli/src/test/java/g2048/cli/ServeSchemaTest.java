package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.Error;
import g2048.game.Rng;
import g2048.nn.BackendOptions;
import g2048.nn.Head;
import g2048.nn.Initializer;
import g2048.nn.NetSpec;
import g2048.nn.Network;
import g2048.nn.NetworkFile;
import g2048.nn.TrainedNetwork;
import g2048.ntuple.NtupleModels;
import g2048.policy.PolicyFile;
import g2048.policy.PolicyModel;
import g2048.server.MoveServer;
import g2048.server.MoveService;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The answers of a real server on 127.0.0.1 (every endpoint, every player, errors included) validate
 * against their schemas in {@code schemas/}, and {@code /move} and {@code /solve} answer exactly what
 * {@code move --json} and {@code solve query --json} print for the same board, timings aside.
 */
class ServeSchemaTest {

    private static final String BOARD = "2,4,8,16/0,0,0,2/0,0,0,0/0,0,0,0";
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @TempDir
    static Path tmp;

    private static Path db;
    private static Path policy;
    private static Path cnn;
    private static MoveService service;
    private static MoveServer server;

    @BeforeAll
    static void start() throws IOException {
        db = tmp.resolve("db22");
        CommandRun solved = CommandRun.of("solve", "--shape", "2x2", "--out", db.toString(), "--quiet");
        assertEquals(0, solved.exit(), solved.err());
        policy = tmp.resolve("p.g2pn");
        NetSpec p = NetSpec.policy("tiny", 1, 3);
        float[] w = new float[p.weightCount()];
        Rng rng = new Rng(5);
        for (int i = 0; i < w.length; i++) {
            w[i] = (float) (rng.nextGaussian() * 0.5);
        }
        PolicyFile.save(policy, new PolicyModel(p, w, null, 0));
        cnn = tmp.resolve("v.g2nn");
        NetSpec spec = NetSpec.parse(Head.VALUE, "name=tiny;input=values;embed=;trunk=conv2x2:8,conv2x2:16,fc:32,fc:8,fc:1");
        NetworkFile.save(cnn, new TrainedNetwork(spec, Initializer.truncatedNormal(new Network(spec), 3), null, 0));
        // the shipped model, as 'serve' loads it by default
        service = MoveService.open(MoveService.Sources.of(null, db).withPolicy(policy).withCnn(cnn, "cpu", BackendOptions.NONE));
        server = MoveServer.start(service, new MoveServer.Settings("127.0.0.1", 0, 2, 64, 60_000));
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

    private record Answer(int status, String body) {
    }

    private static Answer send(HttpRequest r) {
        try {
            HttpResponse<String> a = CLIENT.send(r, HttpResponse.BodyHandlers.ofString());
            return new Answer(a.statusCode(), a.body());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static URI uri(String pathAndQuery) {
        return URI.create("http://127.0.0.1:" + server.port() + pathAndQuery);
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    /** GETs {@code pathAndQuery}, checks its status and validates its body against {@code schema}. */
    private static String valid(String schema, int status, String pathAndQuery) {
        return valid(schema, status, send(HttpRequest.newBuilder(uri(pathAndQuery)).GET().build()), pathAndQuery);
    }

    private static String valid(String schema, int status, Answer a, String what) {
        assertEquals(status, a.status(), what + " -> " + a.body());
        List<Error> e = JsonSchemaTest.errors(schema, a.body());
        assertTrue(e.isEmpty(), schema + ": " + e + " in " + a.body());
        return a.body();
    }

    /** An answer or a command's line without its timings, which differ from run to run. */
    private static String withoutTimes(String json) {
        return json.strip().replaceAll("\"elapsed_us\":[0-9.eE+-]+", "");
    }

    @Test
    void moveAnswersAsMoveJsonForEveryPlayer() {
        String[][] asked = {
            {"player=ntuple", "--player", "ntuple"},
            {"player=lines&depth=2", "--player", "lines", "--depth", "2"},
            {"player=heuristic", "--player", "heuristic"},
            {"player=policy", "--player", "policy", "--model", null},
            {"player=cnn&depth=2", "--player", "cnn", "--model", null, "--device", "cpu", "--depth", "2"},
        };
        for (String[] a : asked) {
            String answer = valid("move", 200, "/move?board=" + enc(BOARD) + "&" + a[0]);
            String[] args = new String[a.length - 1 + 4];
            args[0] = "move";
            args[1] = "--board";
            args[2] = BOARD;
            for (int i = 1; i < a.length; i++) {
                args[i + 2] = a[i] != null ? a[i] : (a[0].contains("policy") ? policy : cnn).toString();
            }
            args[args.length - 1] = "--json";
            CommandRun line = CommandRun.of(args);
            assertEquals(0, line.exit(), line.err());
            assertEquals(withoutTimes(line.out()), withoutTimes(answer), a[0]);
        }
        // tile-downgrading, a game over, the random and optimal players
        String down = valid("move", 200, "/move?board=" + enc("32768,16384,4,2/2,0,0,0/0,0,0,0/0,0,0,0")
                + "&player=lines&depth=2&downgrade=32768");
        assertTrue(down.contains("\"searched_board\":\"16384,8192,4,2/2,0,0,0/0,0,0,0/0,0,0,0\""), down);
        String over = valid("move", 200, "/move?board=" + enc("2,4/4,2") + "&player=lines");
        assertTrue(over.contains("\"move\":null"), over);
        valid("move", 200, "/move?board=" + enc(BOARD) + "&player=random&seed=3");
        String exact = valid("move", 200, "/move?board=" + enc("2,2/0,0") + "&player=optimal");
        assertTrue(exact.contains("\"player\":\"optimal (db22)\"") && exact.contains("\"search\":null"), exact);
        // a POST answers as a GET does
        valid("move", 200, send(HttpRequest.newBuilder(uri("/move")).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"board\": \"" + BOARD + "\", \"player\": \"cnn\"}")).build()), "POST");
    }

    /**
     * {@code --late-model auto}, the default, is resolved for each request's depth as {@code move} resolves
     * it: the shipped late model from depth 2, none at depth 1.
     */
    @Test
    void aRequestOfDepthTwoPlaysTheShippedLateModelAsMoveDoes() {
        String late = "2,4,8,16/32,64,128,256/512,1024,2048,4096/8192,16384,0,0";
        String deep = valid("move", 200, "/move?board=" + enc(late) + "&player=ntuple&depth=2");
        CommandRun line = CommandRun.of("move", "--board", late, "--depth", "2", "--json");
        assertEquals(0, line.exit(), line.err());
        assertEquals(withoutTimes(line.out()), withoutTimes(deep));
        assertTrue(deep.contains("from 16384: ") && deep.contains(NtupleModels.SHIPPED_LATE_NAME), deep);
        String shallow = valid("move", 200, "/move?board=" + enc(late) + "&player=ntuple");
        assertFalse(shallow.contains("from 16384"), shallow);
    }

    @Test
    void solveAnswersAsSolveQueryJson() {
        String answer = valid("solve-query", 200, "/solve?board=" + enc("2,2/0,0"));
        CommandRun line = CommandRun.of("solve", "query", "--db", db.toString(), "--board", "2,2/0,0", "--json");
        assertEquals(0, line.exit(), line.err());
        assertEquals(line.out().strip(), answer);
    }

    @Test
    void gamesAndHealthValidate() {
        valid("serve-game", 200, "/game?seed=1&player=lines&shape=3x3&max_moves=30");
        valid("serve-game", 200, "/game?seed=2&player=optimal&shape=2x2");
        valid("serve-game", 200, "/game?seed=3&player=lines&shape=2x2&depth=2&downgrade=8192");
        valid("serve-game", 200, "/game?seed=4&player=policy&max_moves=20");
        valid("serve-game", 200, "/game?seed=5&player=random&max_moves=0");
        valid("serve-game", 200, "/game?seed=6&player=cnn&depth=1&max_moves=10");
        String health = valid("serve-health", 200, "/health");
        assertTrue(health.contains("\"models\":{\"ntuple\":\"shipped ntuple-6x6.g2nz\",\"ntuple_late\":\"" + NtupleModels.SHIPPED_LATE_NAME + "\",\"ntuple_late_depth\":2,\"policy\":\"p.g2pn\",\"cnn\":\"v.g2nn\"}"),
                health);
        assertTrue(health.contains("\"players\":[\"ntuple\",\"lines\",\"heuristic\",\"random\",\"optimal\",\"policy\",\"cnn\"]"), health);
    }

    @Test
    void everyErrorValidates() throws IOException {
        valid("serve-error", 400, "/move?board=" + enc("2,x/0,0"));
        valid("serve-error", 400, "/move?player=chess&board=" + enc(BOARD));
        valid("serve-error", 400, "/move?player=policy&depth=2&board=" + enc(BOARD));
        valid("serve-error", 400, "/game?seed=x");
        valid("serve-error", 400, "/solve?board=" + enc("2,2,0/0,0,0"));
        valid("serve-error", 404, "/moves");
        valid("serve-error", 405, send(HttpRequest.newBuilder(uri("/game")).POST(HttpRequest.BodyPublishers.ofString("seed=1"))
                .build()), "POST /game");
        // refused by the HTTP layer before the API sees it: a Content-Length that is not a number
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            OutputStream out = s.getOutputStream();
            out.write("POST /move HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            String raw = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(raw.startsWith("HTTP/1.1 400 "), raw);
            valid("serve-error", 400, new Answer(400, raw.substring(raw.indexOf("\r\n\r\n") + 4)), "Content-Length: abc");
        }
    }
}
