package g2048.play;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import g2048.game.Board;
import g2048.game.BoardText;
import g2048.game.ReferenceGame;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.player.Player;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The runner: seeded games are reproducible whatever the threads, and each game follows the rules. */
class GameRunnerTest {

    private static Summary run(Player player, Shape shape, int games, int threads, long seed) {
        return new GameRunner(shape).run(player, games, threads, seed, null);
    }

    private static void assertSameResults(Summary a, Summary b) {
        assertEquals(a.stats().games(), b.stats().games());
        assertEquals(a.stats().mean(), b.stats().mean());
        assertEquals(a.stats().sd(), b.stats().sd());
        assertEquals(a.stats().max(), b.stats().max());
        assertEquals(a.moves(), b.moves());
        assertArrayEquals(a.stats().reachRates(), b.stats().reachRates());
    }

    @Test
    void theSameSeedGivesTheSameResultsWithOneOrTwoThreads() {
        Shape s = Shape.S4x4;
        Summary one = run(new RandomPlayer(s), s, 300, 1, 17);
        Summary two = run(new RandomPlayer(s), s, 300, 2, 17);
        assertSameResults(one, two);
        assertEquals(1, one.threads());
        assertEquals(2, two.threads());
        assertNotEquals(one.stats().mean(), run(new RandomPlayer(s), s, 300, 2, 18).stats().mean(), "another seed, other games");

        Shape small = Shape.S3x3;
        assertSameResults(run(Players.heuristic(small), small, 20, 1, 3), run(Players.heuristic(small), small, 20, 2, 3));
    }

    @Test
    void aTracedGameIsGameZeroOfTheRunWithThePlayersValuesAtEachMove() {
        Shape small = Shape.S3x3;
        GameRunner runner = new GameRunner(small);
        GameResult played = runner.play(Players.heuristic(small).forThread(), 0, Rng.gameSeed(5, 0), new Rng(0), null);
        g2048.game.Moves moves = g2048.game.Moves.of(small);
        long[] score = {0};
        int[] steps = {0};
        GameResult traced = runner.trace(Players.heuristic(small).forThread(), 5, Integer.MAX_VALUE,
                (board, move, values, afterstate, next, nanos) -> {
                    assertEquals(moves.move(board, move), afterstate);
                    for (int d = 0; d < 4; d++) {
                        boolean legal = moves.move(board, d) != board;
                        assertEquals(legal, !Double.isNaN(values[d]), "a value for each legal move, NaN for the others");
                    }
                    score[0] += moves.reward(board, move);
                    steps[0]++;
                });
        assertEquals(played, traced);
        assertEquals(played.score(), score[0]);
        assertEquals(played.moves(), steps[0]);
        GameResult cut = runner.trace(new RandomPlayer(small), 5, 3, (board, move, values, afterstate, next, nanos) ->
                assertTrue(Double.isNaN(values[move]), "a player without values gives NaN"));
        assertEquals(3, cut.moves(), "stopped after the moves asked for");
    }

    /** Wraps a player and checks every state it is shown against the reference rules. */
    private static final class CheckingPlayer implements Player {
        final Player inner;
        final Shape shape;
        long expectedAfter = -1;
        long score;
        int moves;

        CheckingPlayer(Player inner, Shape shape) {
            this.inner = inner;
            this.shape = shape;
        }

        @Override
        public int chooseMove(long board) {
            if (expectedAfter == -1) {
                assertEquals(shape.cells() - 2, Board.countEmpty(board, shape), "a game starts with two tiles");
            } else {
                long added = board & ~expectedAfter;
                // one new tile, a 2 or a 4 (one bit, the nibble's lowest or second lowest), nothing else changed
                boolean oneSpawn = (board & expectedAfter) == expectedAfter
                        && Board.countEmpty(board, shape) == Board.countEmpty(expectedAfter, shape) - 1
                        && Long.bitCount(added) == 1 && Long.numberOfTrailingZeros(added) % 4 < 2;
                if (!oneSpawn) {
                    fail("after " + BoardText.format(expectedAfter, shape) + " came " + BoardText.format(board, shape));
                }
            }
            int d = inner.chooseMove(board);
            ReferenceGame.Result ref = ReferenceGame.move(ReferenceGame.toGrid(board, shape), d);
            assertTrue(ref.changed(), "the player chose an illegal move");
            expectedAfter = ReferenceGame.toBoard(ref.grid());
            score += ref.reward();
            moves++;
            return d;
        }

        @Override
        public void startGame(long gameSeed) {
            inner.startGame(gameSeed);
            expectedAfter = -1;
            score = 0;
            moves = 0;
        }

        @Override
        public String name() {
            return "checking " + inner.name();
        }
    }

    @Test
    void eachGameFollowsTheRulesUntilNoMoveIsLegal() {
        for (Shape s : new Shape[] {Shape.S4x4, Shape.S2x3, new Shape(4, 3)}) {
            GameRunner runner = new GameRunner(s);
            CheckingPlayer player = new CheckingPlayer(new RandomPlayer(s), s);
            for (int i = 0; i < 50; i++) {
                GameResult r = runner.play(player, i, Rng.gameSeed(9, i), new Rng(0), null);
                assertEquals(player.score, r.score());
                assertEquals(player.moves, r.moves());
                assertTrue(ReferenceGame.isTerminal(ReferenceGame.toGrid(r.finalBoard(), s)), "the game ends on a terminal board");
                assertEquals(Board.maxCode(r.finalBoard()), r.maxCode());
            }
        }
    }

    @Test
    void summaryReportsMeanSdMaxAndReach() {
        Shape s = Shape.S4x4;
        GameResult[] results = {
            new GameResult(0, 1, 1000, 100, 10, 0),
            new GameResult(1, 2, 3000, 200, 11, 0),
            new GameResult(2, 3, 8000, 400, 13, 0),
            new GameResult(3, 4, 20000, 900, 12, 0),
        };
        Summary sum = Summary.of("p", s, 2, results, 2.0, new org.HdrHistogram.Histogram(3));
        assertEquals(4, sum.stats().games());
        assertEquals(8000.0, sum.stats().mean(), 1e-9);
        double sd = Math.sqrt(((7000.0 * 7000) + (5000.0 * 5000) + 0 + (12000.0 * 12000)) / 3);
        assertEquals(sd, sum.stats().sd(), 1e-9);
        assertEquals(20000, sum.stats().max());
        assertEquals(1600, sum.moves());
        assertEquals(800.0, sum.movesPerSecond(), 1e-9);
        assertArrayEquals(new int[] {11, 12, 13, 14, 15}, sum.stats().reachCodes());
        assertArrayEquals(new double[] {0.75, 0.5, 0.25, 0, 0}, sum.stats().reachRates(), 1e-12);
    }

    @Test
    void latencyIsRecordedForEveryMove() {
        Summary s = run(new RandomPlayer(Shape.S3x3), Shape.S3x3, 40, 2, 5);
        assertEquals(s.moves(), s.latencyNanos().getTotalCount());
        assertTrue(s.latencyMicros(50) > 0 && s.latencyMicros(50) <= s.latencyMicros(99.9));
        assertTrue(s.maxLatencyMicros() >= s.latencyMicros(99.9));
    }

    @Test
    void aSampleOfTheMovesIsTimedWhenAsked() {
        Shape s = Shape.S3x3;
        Summary every = run(new RandomPlayer(s), s, 40, 2, 5);
        Summary sampled = new GameRunner(s).timingEvery(8).run(new RandomPlayer(s), 40, 2, 5, null);
        // the same games; the first move of each game and every 8th after it timed
        long expected = 0;
        int[] played = new int[1];
        GameRunner counting = new GameRunner(s);
        for (int i = 0; i < 40; i++) {
            int n = counting.play(new RandomPlayer(s), i, Rng.gameSeed(5, i), new Rng(0), null).moves();
            expected += (n + 7) / 8;
            played[0] += n;
        }
        assertEquals(every.moves(), sampled.moves());
        assertEquals(played[0], sampled.moves());
        assertEquals(every.stats().mean(), sampled.stats().mean());
        assertEquals(expected, sampled.latencyNanos().getTotalCount());
        assertThrows(IllegalArgumentException.class, () -> new GameRunner(s).timingEvery(6));
        assertThrows(IllegalArgumentException.class, () -> new GameRunner(s).timingEvery(0));
    }

    @Test
    void theListenerHearsOfEveryGame() {
        AtomicInteger heard = new AtomicInteger();
        new GameRunner(Shape.S2x2).run(new RandomPlayer(Shape.S2x2), 64, 2, 1, (done, total, r) -> {
            assertEquals(64, total);
            heard.incrementAndGet();
        });
        assertEquals(64, heard.get());
    }

    @Test
    void badCountsAreRejected() {
        GameRunner runner = new GameRunner(Shape.S2x2);
        assertThrows(IllegalArgumentException.class, () -> runner.run(new RandomPlayer(Shape.S2x2), 0, 1, 1, null));
        assertThrows(IllegalArgumentException.class, () -> runner.run(new RandomPlayer(Shape.S2x2), 1, 0, 1, null));
    }

    @Test
    void aPlayerThatChoosesAnIllegalMoveFailsTheRun() {
        // up on a 2x2 board is illegal whenever its tiles already sit in the top row
        g2048.game.Moves moves = g2048.game.Moves.of(Shape.S2x2);
        RandomPlayer random = new RandomPlayer(Shape.S2x2);
        Player bad = named("bad", board -> moves.move(board, 0) == board ? 0 : random.chooseMove(board));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new GameRunner(Shape.S2x2).run(bad, 64, 2, 1, null));
        assertTrue(e.getMessage().contains("player bad chose an illegal move 0"), e.getMessage());
    }

    @Test
    void aPlayerThatGivesUpWhileAMoveIsLegalFailsTheRun() {
        Player quitter = named("quitter", board -> -1);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new GameRunner(Shape.S2x2).run(quitter, 4, 2, 1, null));
        assertTrue(e.getMessage().contains("player quitter chose an illegal move -1"), e.getMessage());
    }

    /** A player named {@code name} that chooses by {@code choice}. */
    private static Player named(String name, java.util.function.LongToIntFunction choice) {
        return new Player() {
            @Override
            public int chooseMove(long board) {
                return choice.applyAsInt(board);
            }

            @Override
            public String name() {
                return name;
            }
        };
    }
}
