package g2048.ntuple;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Shape;
import org.junit.jupiter.api.Test;

class TupleSpecTest {

    @Test
    void namedNetworksHaveTheSeedsWeightCounts() {
        TupleSpec small = TupleSpec.parse("17x4");
        assertEquals(17, small.tuples().length);
        assertEquals(15, small.values());
        assertFalse(small.symmetric());
        assertEquals(860_625, small.weights());

        TupleSpec large = TupleSpec.parse("2x4+2x6");
        assertTrue(large.symmetric());
        assertEquals(22_882_500, large.weights());

        TupleSpec six = TupleSpec.parse("4x6");
        assertEquals(16, six.values());
        assertEquals(67_108_864, six.weights());
        assertArrayEquals(new int[] {4, 5, 6, 8, 9, 10}, six.tuples()[3]);
    }

    @Test
    void generalFormRoundTripsAndNamesItself() {
        TupleSpec s = TupleSpec.parse("3210,4567:sym:c12");
        assertArrayEquals(new int[] {0, 1, 2, 3}, s.tuples()[0], "cells are kept ascending");
        assertEquals("0123,4567:sym:c12", s.canonical());
        assertEquals(s, TupleSpec.parse(s.canonical()));
        assertEquals("4x6", TupleSpec.parse("012345,456789,012456,45689a:sym").name());
        assertEquals(2 * 12 * 12 * 12 * 12, s.weights());
    }

    @Test
    void badSpecsGiveOneLineErrors() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TupleSpec.parse("01g2")).getMessage().contains("hex"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TupleSpec.parse("0112")).getMessage().contains("repeated"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TupleSpec.parse("0123:c17")).getMessage().contains("2..16"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TupleSpec.parse("0123:foo")).getMessage().contains(":foo"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TupleSpec.parse("0123456789a")).getMessage().contains("entries"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TupleSpec.parse("4x6").checkFits(Shape.S3x3));
        assertTrue(e.getMessage().contains("not on a 3x3 board"), e.getMessage());
    }

    @Test
    void theFieldsSixTupleNetworksAreNamed() {
        assertEquals(5 * (1L << 24), TupleSpec.parse("5x6").weights());
        assertEquals(8 * (1L << 24), TupleSpec.parse("8x6").weights());
        assertEquals("012456,456789,012345,234569,01259a,345678:sym:c16", TupleSpec.parse("6x6").canonical());
        assertEquals("012456,456789,012345,234569,01259a,345678,134567:sym:c16", TupleSpec.parse("7x6").canonical());
        assertEquals("012345,456789,89abcd,012456,45689a:sym:c16", TupleSpec.parse("5x6").canonical());
        for (String name : TupleSpec.NAMES) {
            assertEquals(name, TupleSpec.parse(name).name());
        }
    }
}
