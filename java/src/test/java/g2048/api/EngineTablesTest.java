package g2048.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Direction;
import g2048.play.Summary;
import g2048.tables.Formation;
import g2048.tables.RegionGame;
import g2048.tables.TableBuilder;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Engine#withTables}: the tables value a matching board's moves, count every move, and refuse a directory without one. */
class EngineTablesTest {

    @TempDir
    Path dir;

    @Test
    void theTablesValueAMatchingBoardAndCountEveryMove() throws IOException {
        RegionGame game = new RegionGame(Formation.named("442x"), 32);
        assertTrue(TableBuilder.into(dir, game, 2).run(new TableBuilder.Progress() {
            @Override
            public void forwardAge(int age, long states, long afters, double seconds) {
            }

            @Override
            public void backwardAge(int age, long statesDone, long statesTotal, double seconds) {
            }
        }));
        try (Engine plain = Engine.heuristic("4x4", 1); Engine engine = plain.withTables(dir, 0, 0.02)) {
            // big tiles from 32 up in the formation's fixed cells, below 32 in the free ones
            MoveChoice c = engine.choose("4096,2048,1024,512/32,64,128,256/8192,16384,0,2/0,0,0,2");
            for (Direction d : Direction.values()) {
                double v = c.value(d);
                assertTrue(Double.isNaN(v) || v >= 0 && v <= 1, d + ": a success probability, got " + v);
            }
            assertEquals(1, engine.tablesCoverage().checked());
            Summary s = engine.play(2, 5, 1);
            assertEquals(s.moves() + 1, engine.tablesCoverage().moves());
            assertEquals(null, plain.tablesCoverage());
        }
        // the defaults: the table's best moves only, whatever the player prefers
        try (Engine plain = Engine.heuristic("4x4", 1); Engine engine = plain.withTables(dir)) {
            MoveChoice c = engine.choose("4096,2048,1024,512/32,64,128,256/8192,16384,0,2/0,0,0,2");
            double best = Double.NEGATIVE_INFINITY;
            for (Direction d : Direction.values()) {
                if (!Double.isNaN(c.value(d))) {
                    best = Math.max(best, c.value(d));
                }
            }
            assertEquals(best, c.value(c.move()), "the move chosen is one of the table's best");
            assertEquals(1, engine.tablesCoverage().checked());
        }
        try (Engine plain = Engine.heuristic("4x4", 1)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> plain.withTables(dir.resolve("none"), 0.5, 0.02));
            assertTrue(e.getMessage().contains("not a directory of endgame tables"), e.getMessage());
        }
    }
}
