package g2048.tdl2048;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.ntuple.TupleSpec;
import org.junit.jupiter.api.Test;

/** TDL2048's -n and -@ as g2048 specs and stages, and the names of the tables a file must hold. */
class Tdl2048NetworkTest {

    @Test
    void theAliasesAreTheNetworksG2048NamesTheSame() {
        assertEquals(TupleSpec.parse("4x6"), Tdl2048Network.parse("4x6patt", null).spec());
        assertEquals(TupleSpec.parse("5x6"), Tdl2048Network.parse("5x6patt", null).spec());
        for (String n : new String[] {"6x6", "7x6", "8x6"}) {
            assertEquals(TupleSpec.parse(n), Tdl2048Network.parse(n + "patt", null).spec(), n);
        }
        assertEquals(TupleSpec.parse("01234,45678,01245,45689:sym:c16"), Tdl2048Network.parse("4x5patt", null).spec());
        // the legacy 4-tuple networks read each pattern on its own cells only
        assertFalse(Tdl2048Network.parse("8x4patt", null).spec().symmetric());
    }

    @Test
    void oneStageTablesAreNamedByTheirPatternAndStageCopiesByTheReversedStageNumber() {
        Tdl2048Network one = Tdl2048Network.parse("4x6patt", "");
        assertEquals(4, one.tables().size());
        assertEquals(0x012345L, one.tables().get(0).sign());
        assertEquals("012345", one.tables().get(0).name());
        Tdl2048Network three = Tdl2048Network.parse("4x6patt@3", "0,16384,32768");
        assertEquals(12, three.tables().size());
        assertEquals(0x00012345L, three.tables().get(0).sign());
        assertEquals("10012345", three.tables().get(4).name());
        assertEquals(0x2045689aL, three.tables().get(11).sign());
        assertArrayEquals(new int[] {16384, 32768}, three.stages().thresholds());
        assertEquals(0x10000000L, Tdl2048Network.reversedHex(1));
        assertEquals(0x01000000L, Tdl2048Network.reversedHex(16));
    }

    @Test
    void aPatternWrittenOutOfOrderKeepsItsOrderForTheIndex() {
        Tdl2048Network n = Tdl2048Network.parse("3210 51a9", null);
        assertArrayEquals(new int[] {0, 1, 2, 3}, n.spec().tuples()[0]);
        assertArrayEquals(new int[] {3, 2, 1, 0}, n.tables().get(0).order());
        assertArrayEquals(new int[] {5, 1, 10, 9}, n.tables().get(1).order());
        assertTrue(n.spec().symmetric());
    }

    @Test
    void whatCannotBeMappedExactlyIsRefusedWithTheReason() {
        assertMessage("has 2 stages", () -> Tdl2048Network.parse("4x6patt@2", null));
        assertMessage("network '4x6patt' has 1", () -> Tdl2048Network.parse("4x6patt", "0,16384"));
        assertMessage("odd", () -> Tdl2048Network.parse("4x6patt@2", "0,16383"));
        assertMessage("must increase", () -> Tdl2048Network.parse("4x6patt@3", "0,32768,16384"));
        assertMessage("mixes", () -> Tdl2048Network.parse("0123 4567:4567", null));
        assertMessage("cannot be a g2048 network", () -> Tdl2048Network.parse("1x8patt", null));
        assertMessage("repeated", () -> Tdl2048Network.parse("0120", null));
        assertMessage("neither", () -> Tdl2048Network.parse("mono", null));
        assertMessage("one alias on its own", () -> Tdl2048Network.parse("4x6patt@2 0123", "0,16384"));
        assertMessage("unknown alias", () -> Tdl2048Network.parse("9x9patt@2", "0,16384"));
        assertMessage("empty", () -> Tdl2048Network.parse(" ", null));
    }

    private static void assertMessage(String part, org.junit.jupiter.api.function.Executable e) {
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, e);
        assertTrue(x.getMessage().contains(part), "'" + part + "' in: " + x.getMessage());
    }
}
