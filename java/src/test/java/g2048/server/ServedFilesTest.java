package g2048.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Shape;
import g2048.solver.Solver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The served files compared by content: a touch degrades nothing, a changed model refuses only the
 * requests that read it, and the file restored serves again, without a restart.
 */
class ServedFilesTest {

    private static final String BOARD = "2,4,0,0/0,0,0,0/0,0,0,0/0,0,0,0";

    @Test
    void onlyRequestsThatReadAChangedFileAreRefusedAndARestoredFileServesAgain(@TempDir Path tmp) throws Exception {
        try (SmallModelServer s = SmallModelServer.start(tmp, "own.g2n", 2, (dir, model) -> {
            Path db = dir.resolve("db22");
            new Solver(Shape.S2x2, db, 1).run(new Solver.Progress() {
                @Override
                public void forwardAge(int age, long states, long afterstates, long terminal, double seconds) {
                }

                @Override
                public void backwardAge(int age, double bestAfterstateValue, double seconds) {
                }
            });
            return MoveService.Sources.of(model, db);
        })) {
            Path model = s.dir.resolve("own.g2n");
            byte[] loaded = Files.readAllBytes(model);
            awaitHealth(s, "ok");
            Thread.sleep(700); // the first look, which takes the checksums, is done

            Files.setLastModifiedTime(model, FileTime.fromMillis(System.currentTimeMillis() + 60_000));
            Thread.sleep(1500); // three looks
            assertAllServed(s);

            byte[] other = loaded.clone();
            other[other.length - 1] ^= 1;
            replace(model, other);
            awaitHealth(s, "degraded");
            MoveServerTest.Answer move = s.get("/move?board=" + BOARD);
            assertEquals(503, move.status(), move.body());
            assertTrue(move.body().contains("own.g2n changed on disk"), move.body());
            for (String other1 : new String[] {"/move?player=lines&board=" + BOARD, "/move?player=heuristic&board=" + BOARD,
                "/solve?board=2,4/0,0", "/game?player=lines&seed=3&max_moves=5", "/game?player=lines&shape=2x2&seed=3"}) {
                MoveServerTest.Answer a = s.get(other1);
                assertEquals(200, a.status(), other1 + " " + a.body());
            }

            replace(model, loaded);
            awaitHealth(s, "ok");
            assertAllServed(s);
        }
    }

    private static void assertAllServed(SmallModelServer s) {
        for (String q : new String[] {"/move?board=" + BOARD, "/move?player=lines&board=" + BOARD, "/solve?board=2,4/0,0",
            "/game?seed=3&max_moves=5"}) {
            MoveServerTest.Answer a = s.get(q);
            assertEquals(200, a.status(), q + " " + a.body());
        }
        MoveServerTest.Answer health = s.get("/health");
        assertEquals("ok", health.json().get("status"), health.body());
    }

    /** Replaces {@code file} by a new file of {@code content}, as an editor or a copy does. */
    private static void replace(Path file, byte[] content) throws Exception {
        Path tmp = file.resolveSibling(file.getFileName() + ".new");
        Files.write(tmp, content);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
    }

    private static void awaitHealth(SmallModelServer s, String status) throws InterruptedException {
        String body = "";
        for (int i = 0; i < 50; i++) {
            MoveServerTest.Answer h = s.get("/health");
            body = h.body();
            if (status.equals(h.json().get("status"))) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("health never " + status + ": " + body);
    }
}
