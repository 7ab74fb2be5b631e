package g2048.game;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The board helpers against cell-by-cell computations on the grid. */
class BoardTest {

    static java.util.stream.Stream<Shape> shapes() {
        return Shapes.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void helpersAgreeWithTheGrid(Shape shape) {
        RandomBoards random = new RandomBoards(shape, 3);
        for (int i = 0; i < 50_000; i++) {
            long b = random.next();
            int[][] grid = ReferenceGame.toGrid(b, shape);
            int empty = 0;
            int max = 0;
            long sum = 0;
            for (int r = 0; r < shape.rows(); r++) {
                for (int c = 0; c < shape.cols(); c++) {
                    int v = grid[r][c];
                    empty += v == 0 ? 1 : 0;
                    max = Math.max(max, v);
                    sum += v;
                    assertEquals(v, Board.tileValue(Board.code(b, r, c)));
                }
            }
            assertEquals(empty, Board.countEmpty(b, shape));
            assertEquals(max, Board.tileValue(Board.maxCode(b)));
            assertEquals(sum, Board.tileSum(b));
            assertTrue(Board.fits(b, shape));
            assertEquals(b, Board.fromCodes(Board.toCodes(b, shape), shape));
            assertEquals(b, ReferenceGame.toBoard(grid));
        }
    }

    @Test
    void transposeSwapsRowsAndColumns() {
        RandomBoards random = new RandomBoards(Shape.S4x4, 4);
        for (int i = 0; i < 50_000; i++) {
            long b = random.next();
            long t = Board.transpose(b);
            for (int r = 0; r < 4; r++) {
                for (int c = 0; c < 4; c++) {
                    assertEquals(Board.code(b, r, c), Board.code(t, c, r));
                }
            }
            assertEquals(b, Board.transpose(t));
        }
    }

    @Test
    void codesOutsideTheNibbleAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> Board.withCode(0, 0, 16));
        assertThrows(IllegalArgumentException.class, () -> Board.withCode(0, 0, -1));
        assertThrows(IllegalArgumentException.class, () -> Board.fromCodes(new int[3], Shape.S2x2));
        assertArrayEquals(new int[] {1, 0, 0, 15}, Board.toCodes(Board.fromCodes(new int[] {1, 0, 0, 15}, Shape.S2x2), Shape.S2x2));
    }

    @Test
    void shapesParseAndNameThemselves() {
        assertEquals(new Shape(3, 4), Shape.parse("3x4"));
        assertEquals(new Shape(4, 3), Shape.parse(" 4×3 "));
        assertEquals("3x4", new Shape(3, 4).toString());
        assertThrows(IllegalArgumentException.class, () -> Shape.parse("5x4"));
        assertThrows(IllegalArgumentException.class, () -> Shape.parse("4x1"));
        assertThrows(IllegalArgumentException.class, () -> Shape.parse("four"));
        assertThrows(IllegalArgumentException.class, () -> Shape.parse(null));
        assertEquals(0x0FFF_0FFF_0FFFL, new Shape(3, 3).cellMask());
    }
}
