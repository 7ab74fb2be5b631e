package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code g2048 session} at the ends of its pipes: output closed, a line without end, blank lines, its help. */
class SessionPipeTest {

    private static final String APPLY = "{\"cmd\":\"apply\",\"board\":\"2,2/0,0\",\"moves\":\"L\"}\n";

    @Test
    void theSessionEndsWhenItsOutputIsClosed(@TempDir Path dir) throws Exception {
        try (SessionProcessTest.Child child = new SessionProcessTest.Child(dir.resolve("err.txt"), "session", "--player", "lines")) {
            assertTrue(child.out.readLine().startsWith("{\"reply\":\"ready\""), Files.readString(dir.resolve("err.txt")));
            child.process.getInputStream().close();
            // as `yes REQUEST | g2048 session | head -1`: requests keep coming, nobody reads the answers
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            try {
                while (child.process.isAlive() && System.nanoTime() < end) {
                    child.in.write(APPLY.repeat(100));
                    child.in.flush();
                }
            } catch (IOException e) {
                // the session has gone: its input is closed
            }
            assertTrue(child.process.waitFor(10, TimeUnit.SECONDS), "the session goes on with its output closed");
            assertEquals(1, child.process.exitValue());
            assertEquals("", Files.readString(dir.resolve("err.txt")), "quietly");
        }
    }

    @Test
    void aLineWithoutEndIsRefusedInBoundedMemoryAndTheSessionGoesOn(@TempDir Path dir) throws Exception {
        // 128 million characters without a line end, in a 64 MB heap: only the first 64K are held
        try (SessionProcessTest.Child child = new SessionProcessTest.Child(dir.resolve("err.txt"), List.of("-Xmx64m"),
                "session", "--player", "lines")) {
            assertTrue(child.out.readLine().startsWith("{\"reply\":\"ready\""), Files.readString(dir.resolve("err.txt")));
            OutputStream raw = child.process.getOutputStream();
            byte[] chunk = new byte[1 << 20];
            Arrays.fill(chunk, (byte) 'x');
            for (int i = 0; i < 128; i++) {
                raw.write(chunk);
            }
            raw.write(("\n\n \n" + APPLY + "{\"cmd\":\"quit\"}\n").getBytes(StandardCharsets.UTF_8));
            raw.flush();
            Map<String, Object> tooLong = MiniJson.object(child.out.readLine());
            assertEquals("error", tooLong.get("reply"));
            assertTrue(((String) tooLong.get("error")).startsWith("request: longer than " + RequestLine.MAX_CHARS + " characters"),
                    tooLong.toString());
            for (int blank = 0; blank < 2; blank++) {
                String line = child.out.readLine();
                assertTrue(line.startsWith("{\"reply\":\"error\",\"request\":null,\"error\":\"request: a blank line"), line);
            }
            assertTrue(child.out.readLine().startsWith("{\"reply\":\"apply\""));
            assertEquals("{\"reply\":\"quit\"}", child.out.readLine());
            assertTrue(child.process.waitFor(30, TimeUnit.SECONDS));
            assertEquals(0, child.process.exitValue(), Files.readString(dir.resolve("err.txt")));
        }
    }

    @Test
    void aLineOfExactlyTheLimitIsRead(@TempDir Path dir) throws Exception {
        String padded = "{\"cmd\":\"quit\"" + " ".repeat(RequestLine.MAX_CHARS - 14) + "}";
        assertEquals(RequestLine.MAX_CHARS, padded.length());
        try (SessionProcessTest.Child child = new SessionProcessTest.Child(dir.resolve("err.txt"), "session", "--player", "lines")) {
            child.out.readLine();
            assertEquals("{\"reply\":\"quit\"}", child.ask(padded));
        }
    }

    @Test
    void theHelpOffersOnlyWhatTheSessionTakes() {
        String help = CommandRun.of("session", "--help").out().replaceAll("\\s+", " ");
        assertTrue(help.contains("Who plays: " + String.join(", ", Session.PLAYERS) + " (default: ntuple)."), help);
        assertFalse(help.contains("--db"), help);
        assertFalse(help.contains("optimal") || help.contains("random"), help);
        for (String player : List.of("random", "optimal")) {
            CommandRun r = CommandRun.of("session", "--player", player);
            assertEquals(2, r.exit());
            assertTrue(r.err().contains("not a session player"), r.err());
        }
        assertEquals(2, CommandRun.of("session", "--db", "x").exit(), "an option the help does not offer");
    }
}
