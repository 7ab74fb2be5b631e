package g2048.player;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A method reference is a player; {@link Player#perThread} gives every thread an instance of its own. */
class PlayerTest {

    /** A player with scratch state: it counts the moves it was asked for. */
    static final class Counting implements Player {
        int asked;
        long seed = -1;

        @Override
        public int chooseMove(long board) {
            asked++;
            return (int) (board & 3);
        }

        @Override
        public void startGame(long gameSeed) {
            seed = gameSeed;
        }
    }

    @Test
    void aMethodReferenceIsAPlayerOfItsOwnThread() {
        Player p = board -> 2;
        assertEquals(2, p.chooseMove(0));
        assertEquals(p, p.forThread());
    }

    @Test
    void perThreadMakesOneInstanceForEachThreadAndPassesGamesOn() {
        List<Counting> made = new ArrayList<>();
        Player shared = Player.perThread("counting", () -> {
            Counting c = new Counting();
            made.add(c);
            return c;
        });
        assertEquals("counting", shared.name());
        Player a = shared.forThread();
        Player b = shared.forThread();
        assertNotSame(a, b);
        a.startGame(7);
        assertEquals(3, a.chooseMove(0x13));
        a.chooseMove(1);
        b.chooseMove(2);
        assertEquals(2, made.size(), "one instance per thread, made on first use");
        assertEquals(2, made.get(0).asked);
        assertEquals(7, made.get(0).seed);
        assertEquals(1, made.get(1).asked);
        assertEquals("counting", a.name());
    }
}
