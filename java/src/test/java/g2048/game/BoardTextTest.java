package g2048.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** The text form of boards: round trips on every shape and every kind of malformed input. */
class BoardTextTest {

    static java.util.stream.Stream<Shape> shapes() {
        return Shapes.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void formatThenParseIsTheIdentity(Shape shape) {
        RandomBoards random = new RandomBoards(shape, 5);
        for (int i = 0; i < 20_000; i++) {
            long b = random.next();
            String text = BoardText.format(b, shape);
            BoardText.Parsed p = BoardText.parse(text);
            assertEquals(shape, p.shape());
            assertEquals(b, p.board(), text);
            assertEquals(text, BoardText.format(p.board(), p.shape()));
        }
    }

    @Test
    void readsEmptyCellsWhitespaceAndTheShape() {
        BoardText.Parsed p = BoardText.parse(" 2, . ,4 / 0,_,128 ");
        assertEquals(new Shape(2, 3), p.shape());
        assertEquals(1, Board.code(p.board(), 0, 0));
        assertEquals(0, Board.code(p.board(), 0, 1));
        assertEquals(2, Board.code(p.board(), 0, 2));
        assertEquals(7, Board.code(p.board(), 1, 2));
        assertEquals("2,0,4/0,0,128", BoardText.format(p.board(), p.shape()));
        assertEquals(new Shape(4, 3), BoardText.parse("0,0,0/0,0,0/0,0,0/0,0,2").shape());
        assertEquals(15, Board.code(BoardText.parse("32768,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0").board(), 0));
    }

    @Test
    void gridShowsTilesAndDots() {
        String g = BoardText.grid(BoardText.parse("2,0/0,32").board(), Shape.S2x2);
        assertEquals("     2     .\n     .    32\n", g);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
        "'';                          empty",
        "'   ';                       empty",
        "2,2,2,0/0,0,0/0,0,0,0/0,0,0,0;  row 2 has 3 cells",
        "2,3/4,8;                     is 3: not a power of two",
        "2,1/4,8;                     is 1: not a power of two",
        "2,-4/4,8;                    is -4: not a power of two",
        "2,x/4,8;                     is 'x': expected a tile value",
        "2,4.0/4,8;                   is '4.0': expected a tile value",
        "2,,4/4,8,2;                  is '': expected a tile value",
        "2,65536/4,8;                 larger than the largest tile 32768",
        "2,64/4,8;                    too large for a 2x2 board (largest 32)",
        "2,16384,0/0,0,0/0,0,0/0,0,0; too large for a 4x3 board (largest 8192)",
        "2,4;                         is 1x2: rows and columns must be 2..4",
        "2/4/8;                       is 3x1: rows and columns must be 2..4",
        "2,4,8,16,32/0,0,0,0,0;       is 2x5: rows and columns must be 2..4",
        "2,4/4,8/0,0/0,0/0,0;         is 5x2: rows and columns must be 2..4",
        "99999999999999999999,2/4,8;  expected a tile value",
    })
    void malformedBoardsAreRejectedWithOneLineNamingTheProblem(String text, String expected) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BoardText.parse(text));
        assertTrue(e.getMessage().contains(expected.trim()), "message: " + e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line");
    }

    @Test
    void theCellOfABadValueIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BoardText.parse("2,4,8/16,3,2/0,0,0"));
        assertTrue(e.getMessage().contains("(2,2)"), e.getMessage());
    }
}
