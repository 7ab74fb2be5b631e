package g2048.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The server answers only its own names in {@code Host} (DNS rebinding refused), and echoes no long client text. */
class ServeHostTest {

    private static String ask(MoveServer s, String host) throws Exception {
        String head = "GET /health HTTP/1." + (host == null ? "0\r\n" : "1\r\nHost: " + host + "\r\n") + "Connection: close\r\n\r\n";
        return ServerFuzzTest.raw(s.port(), head.getBytes(StandardCharsets.ISO_8859_1), 5000);
    }

    @Test
    void onlyTheServersOwnNamesAreAnswered(@TempDir Path tmp) throws Exception {
        try (SmallModelServer s = SmallModelServer.start(tmp, "own.g2n", 1, (dir, model) -> MoveService.Sources.of(model, null))) {
            int port = s.server.port();
            for (String host : new String[] {"127.0.0.1", "127.0.0.1:" + port, "localhost", "LocalHost.:" + port, "[::1]:" + port,
                "127.0.0.2", null}) {
                String a = ask(s.server, host);
                assertTrue(a.startsWith("HTTP/1.1 200"), host + ": " + a);
            }
            for (String host : new String[] {"evil.example", "evil.example:" + port, "127.0.0.1.evil.example", "localhost.evil.example",
                "10.1.2.3", "x".repeat(200)}) {
                String a = ask(s.server, host);
                assertTrue(a.startsWith("HTTP/1.1 403"), host + ": " + a);
                String body = a.substring(a.indexOf("\r\n\r\n") + 4);
                assertTrue(body.startsWith("{\"error\":\"header Host: \\\"") && body.contains("--allow-host") && body.length() < 300, body);
            }
        }
    }

    @Test
    void namesAllowedAtTheStartAreAnswered() throws Exception {
        for (List<String> allowed : List.of(List.of("g2048.lan", "Other.Example"), List.of("*"))) {
            try (MoveService service = MoveService.open(null, null);
                 MoveServer s = MoveServer.start(service, new MoveServer.Settings("127.0.0.1", 0, 1, 8, 10_000, allowed))) {
                for (String host : new String[] {"g2048.lan", "other.example:80", "127.0.0.1"}) {
                    assertTrue(ask(s, host).startsWith("HTTP/1.1 200"), host);
                }
                assertEquals(allowed.contains("*"), ask(s, "evil.example").startsWith("HTTP/1.1 200"));
            }
        }
    }

    @Test
    void aLongBoardIsNotEchoed(@TempDir Path tmp) throws Exception {
        try (SmallModelServer s = SmallModelServer.start(tmp, "own.g2n", 1, (dir, model) -> MoveService.Sources.of(model, null))) {
            for (String board : new String[] {"2".repeat(3000) + ",0/0,0", "2,4/0," + "9".repeat(3000), "2,4/0,x" + "y".repeat(3000)}) {
                MoveServerTest.Answer a = s.get("/move?player=lines&board=" + board);
                assertEquals(400, a.status(), a.body());
                assertTrue(a.body().length() < 300, a.body());
            }
        }
    }
}
