package g2048.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** The specification's worked examples, the largest-tile rule, and the bound behind it. */
class MovesExamplesTest {

    private static final int UP = 0;
    private static final int RIGHT = 1;
    private static final int DOWN = 2;
    private static final int LEFT = 3;

    static java.util.stream.Stream<Shape> shapes() {
        return Shapes.all();
    }

    private static long board(String text) {
        return BoardText.parse(text).board();
    }

    /** Szubert and Jaśkowski's (2014) examples, moving right, on the first row of a 4×4 board. */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = ';', value = {
        "2,2,2,0; 0,0,2,4; 4",
        "4,2,2,0; 0,0,4,4; 4",
        "2,2,2,2; 0,0,4,4; 8",
        "2,0,0,2; 0,0,0,4; 4",
        "4,4,8,8; 0,0,8,16; 24",
        "2,4,8,16; 2,4,8,16; 0",
    })
    void seedExamplesMovingRight(String row, String after, int reward) {
        Moves moves = Moves.of(Shape.S4x4);
        String rest = "/0,0,0,0/0,0,0,0/0,0,0,0";
        long b = board(row + rest);
        assertEquals(board(after + rest), moves.move(b, RIGHT));
        assertEquals(reward, moves.reward(b, RIGHT));
        assertEquals(!row.equals(after), moves.isLegal(b, RIGHT));
    }

    @Test
    void mergesStartFromTheSideTheTilesMoveTowards() {
        Moves moves = Moves.of(Shape.S4x4);
        long b = board("2,2,2,0/0,0,0,0/0,0,0,0/0,0,0,0");
        assertEquals(board("4,2,0,0/0,0,0,0/0,0,0,0/0,0,0,0"), moves.move(b, LEFT));
        long column = board("2,0,0,0/2,0,0,0/2,0,0,0/0,0,0,0");
        assertEquals(board("4,0,0,0/2,0,0,0/0,0,0,0/0,0,0,0"), moves.move(column, UP));
        assertEquals(board("0,0,0,0/0,0,0,0/2,0,0,0/4,0,0,0"), moves.move(column, DOWN));
        assertEquals(4, moves.reward(column, DOWN));
    }

    /** Two 32768 tiles do not merge: they slide like unequal tiles and earn nothing. */
    @Test
    void two32768TilesDoNotMerge() {
        Moves moves = Moves.of(Shape.S4x4);
        long pair = board("32768,32768,0,0/0,0,0,0/0,0,0,0/0,0,0,0");
        assertFalse(moves.isLegal(pair, LEFT), "32768,32768 against the left wall cannot move left");
        assertEquals(board("0,0,32768,32768/0,0,0,0/0,0,0,0/0,0,0,0"), moves.move(pair, RIGHT));
        assertEquals(0, moves.reward(pair, RIGHT));

        long under = board("32768,32768,16384,16384/0,0,0,0/0,0,0,0/0,0,0,0");
        assertEquals(board("32768,32768,32768,0/0,0,0,0/0,0,0,0/0,0,0,0"), moves.move(under, LEFT));
        assertEquals(32768, moves.reward(under, LEFT));

        long full = board("32768,32768,32768,32768/16384,8192,4096,2048/2,4,8,16/32,64,128,256");
        assertFalse(moves.isLegal(full, LEFT));
        assertFalse(moves.isLegal(full, RIGHT));
        assertTrue(moves.isTerminal(full), "a full board whose only equal neighbours are 32768s is over");
        assertEquals(0, moves.legalMask(full));

        long column = board("32768,0,0,0/32768,0,0,0/0,0,0,0/0,0,0,0");
        assertEquals(board("0,0,0,0/0,0,0,0/32768,0,0,0/32768,0,0,0"), moves.move(column, DOWN));
        assertEquals(0, moves.reward(column, DOWN));
        for (int d = 0; d < 4; d++) {
            assertEquals(Board.MAX_CODE, Board.maxCode(moves.move(under, d)) , "no nibble ever wraps");
        }
    }

    /** The rule lives in the row tables, so it holds for every row and column length alike. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void theLargestTileRuleIsTheSameOnEveryShape(Shape shape) {
        Moves moves = Moves.of(shape);
        long b = Board.withCode(Board.withCode(0, Shape.nibble(0, 0), 15), Shape.nibble(0, 1), 15);
        assertEquals(b, moves.move(b, LEFT));
        assertEquals(0, moves.reward(b, RIGHT));
        long t = Board.withCode(Board.withCode(0, Shape.nibble(0, 0), 15), Shape.nibble(1, 0), 15);
        assertEquals(t, moves.move(t, UP));
        assertEquals(0, moves.reward(t, DOWN));
        long fourteen = Board.withCode(Board.withCode(0, Shape.nibble(0, 0), 14), Shape.nibble(0, 1), 14);
        assertEquals(Board.withCode(0, Shape.nibble(0, 0), 15), moves.move(fourteen, LEFT));
        assertEquals(32768, moves.reward(fourteen, LEFT));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void onlyTheFullBoardCanReach32768(Shape shape) {
        if (shape.equals(Shape.S4x4)) {
            assertEquals(15, shape.maxReachableCode());
        } else {
            assertTrue(shape.maxReachableCode() < Board.MAX_CODE, shape + " must never build a 32768 tile");
            assertEquals(shape.cells() + 1, shape.maxReachableCode());
        }
    }

    /**
     * The bound 2^(cells+1) behind {@link Shape#maxReachableCode()} is exact: every state reachable
     * on 2×2 and 2×3 (all spawns, all moves) is enumerated and the largest tile seen is that bound.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"2, 2", "2, 3"})
    void theReachableBoundIsExactOnTheSmallestBoards(int rows, int cols) {
        Shape shape = new Shape(rows, cols);
        Moves moves = Moves.of(shape);
        long mask = shape.cellMask();
        Set<Long> seen = new HashSet<>();
        java.util.ArrayDeque<Long> queue = new java.util.ArrayDeque<>();
        for (long e = Board.emptyCells(0, mask); e != 0; e &= e - 1) {
            for (long code = 1; code <= 2; code++) {
                long one = code << Long.numberOfTrailingZeros(e);
                for (long f = Board.emptyCells(one, mask); f != 0; f &= f - 1) {
                    for (long code2 = 1; code2 <= 2; code2++) {
                        long two = one | code2 << Long.numberOfTrailingZeros(f);
                        if (seen.add(two)) {
                            queue.add(two);
                        }
                    }
                }
            }
        }
        int max = 0;
        while (!queue.isEmpty()) {
            long s = queue.poll();
            max = Math.max(max, Board.maxCode(s));
            for (int d = 0; d < 4; d++) {
                long after = moves.move(s, d);
                if (after == s) {
                    continue;
                }
                for (long e = Board.emptyCells(after, mask); e != 0; e &= e - 1) {
                    for (long code = 1; code <= 2; code++) {
                        long next = after | code << Long.numberOfTrailingZeros(e);
                        if (seen.add(next)) {
                            queue.add(next);
                        }
                    }
                }
            }
        }
        assertEquals(shape.maxReachableCode(), max, "largest tile reachable on " + shape);
    }

    @Test
    void aDirectionOutsideZeroToThreeIsRejected() {
        Moves moves = Moves.of(Shape.S4x4);
        assertThrows(IllegalArgumentException.class, () -> moves.move(0L, 4));
        assertThrows(IllegalArgumentException.class, () -> moves.reward(0L, -1));
    }

    @Test
    void randomLegalMoveIsUniformOverTheLegalMoves() {
        Moves moves = Moves.of(Shape.S4x4);
        Rng rng = new Rng(5);
        // legal: up, right, down (a tile in the left column with the rest of its row empty)
        long b = board("0,0,0,0/2,0,0,0/0,0,0,0/0,0,0,0");
        assertEquals(0b0111, moves.legalMask(b));
        int[] counts = new int[4];
        int n = 300_000;
        for (int i = 0; i < n; i++) {
            counts[moves.randomLegalMove(b, rng)]++;
        }
        assertEquals(0, counts[LEFT]);
        double chi = 0;
        for (int d = 0; d < 3; d++) {
            double e = n / 3.0;
            chi += (counts[d] - e) * (counts[d] - e) / e;
        }
        assertTrue(chi < Statistics.chiSquareCritical(2), "chi-square " + chi + " of " + java.util.Arrays.toString(counts));
        assertEquals(-1, Moves.of(Shape.S2x2).randomLegalMove(board("2,4/4,2"), rng));
    }
}
