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
    void readsEmptyCellsSurroundingWhitespaceAndTheShape() {
        BoardText.Parsed p = BoardText.parse(" \t2,.,4/0,.,128 \n");
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
        "2,-4/4,8;                    is '-4': expected a tile value",
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
        "2,+2/4,8;                    is '+2': expected a tile value",
        "2,02/4,8;                    is '02': expected a tile value (2, 4, 8, ...) or 0 or '.' for empty, in ASCII digits without sign or leading zero",
        "2,00/4,8;                    is '00': expected a tile value",
        "2,_/4,8;                     is '_': expected a tile value",
        "2,2/..,8;                    is '..': expected a tile value",
        "'2, 2/4,8';                  board character 3 is a space (U+0020): a board is ASCII digits, '.', ',' and '/', with spaces only around it",
        "2,２/4,8;                    board character 3 is '２' (U+FF12, not ASCII)",
        "2,٢/4,8;                     board character 3 is '٢' (U+0662, not ASCII)",
        "2,२/4,8;                     board character 3 is '२' (U+0968, not ASCII)",
        "2,2/4,8\u00a0;               board character 8 is a space (U+00A0)",
    })
    void malformedBoardsAreRejectedWithOneLineNamingTheProblem(String text, String expected) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BoardText.parse(text));
        assertTrue(e.getMessage().contains(expected.trim()), "message: " + e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line");
    }

    @Test
    void controlCharactersAndLineBreaksInsideABoardAreNamedNotPrinted() {
        for (String text : new String[] {"2,2/0,0\n2,2/0,0", "2,2\t/0,0", "2,\u00072/0,0", "2,2/\r0,0", "2,2/0,0\u0000"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BoardText.parse(text));
            assertTrue(e.getMessage().matches("board character \\d+ is a (control character|space) \\(U\\+00[0-9A-F]{2}\\):.*"),
                    e.getMessage());
            assertTrue(e.getMessage().chars().allMatch(ch -> ch >= ' ' && ch <= '~'), "printable ASCII: " + e.getMessage());
        }
        assertEquals(BoardText.parse("2,2/0,0").board(), BoardText.parse("\r\n 2,2/0,0\t\n").board(), "around the board");
    }

    @Test
    void theCellOfABadValueIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BoardText.parse("2,4,8/16,3,2/0,0,0"));
        assertTrue(e.getMessage().contains("(2,2)"), e.getMessage());
    }
}
