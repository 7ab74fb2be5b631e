package g2048.play;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.ntuple.NtupleModels;
import g2048.search.SearchConfig;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How a late model is named and what {@code auto} chooses for each player and search. */
class LateModelTest {

    @Test
    void namesParseToTheirChoicesAndAnythingElseIsAFile() {
        assertEquals(LateModel.AUTO, LateModel.parse("auto"));
        assertEquals(LateModel.NONE, LateModel.parse("none"));
        assertEquals(LateModel.SHIPPED, LateModel.parse("shipped"));
        assertEquals(new LateModel(LateModel.Choice.FILE, Path.of("./auto")), LateModel.parse("./auto"));
        assertEquals(Path.of("late.g2nz"), LateModel.parse("late.g2nz").file());
        assertEquals(LateModel.NONE, LateModel.of(null));
        assertEquals("late.g2nz", LateModel.parse("dir/late.g2nz").fileName());
        assertEquals(NtupleModels.LATE_MODEL, LateModel.SHIPPED.fileName());
        assertThrows(IllegalArgumentException.class, () -> new LateModel(LateModel.Choice.FILE, null));
        assertThrows(IllegalArgumentException.class, () -> new LateModel(LateModel.Choice.SHIPPED, Path.of("x")));
    }

    /** The tests' class path holds the shipped models, as the command line's jar does. */
    @Test
    void autoChoosesTheShippedLateModelOnlyForTheShippedModelAtAFixedDepthOfTwoOrMore() {
        assertTrue(NtupleModels.lateAvailable());
        List<Path> shipped = List.of();
        SearchConfig d1 = SearchConfig.ofDepth(1);
        SearchConfig d2 = SearchConfig.ofDepth(2);
        SearchConfig d3 = SearchConfig.ofDepth(3);
        assertEquals(LateModel.NONE, LateModel.AUTO.resolvedFor(PlayerKind.NTUPLE, shipped, d1));
        assertEquals(LateModel.SHIPPED, LateModel.AUTO.resolvedFor(PlayerKind.NTUPLE, shipped, d2));
        assertEquals(LateModel.SHIPPED, LateModel.AUTO.resolvedFor(PlayerKind.NTUPLE, shipped, d3));
        // a time budget, another model, an ensemble or another player: not measured with it, so none
        assertEquals(LateModel.NONE, LateModel.AUTO.resolvedFor(PlayerKind.NTUPLE, shipped,
                d3.withTimeBudgetNanos(SearchConfig.nanosOfMs(10))));
        assertEquals(LateModel.NONE, LateModel.AUTO.resolvedFor(PlayerKind.NTUPLE, List.of(Path.of("m.g2nz")), d3));
        assertEquals(LateModel.NONE, LateModel.AUTO.resolvedFor(PlayerKind.NTUPLE,
                List.of(Path.of("a.g2nz"), Path.of("b.g2nz")), d3));
        for (PlayerKind other : List.of(PlayerKind.LINES, PlayerKind.HEURISTIC, PlayerKind.CNN, PlayerKind.POLICY)) {
            assertEquals(LateModel.NONE, LateModel.AUTO.resolvedFor(other, shipped, d3), other.id());
        }
        // what was asked for by name stays as it is at every depth
        LateModel file = LateModel.parse("late.g2n");
        for (SearchConfig s : List.of(d1, d3)) {
            assertEquals(LateModel.NONE, LateModel.NONE.resolvedFor(PlayerKind.NTUPLE, shipped, s));
            assertEquals(LateModel.SHIPPED, LateModel.SHIPPED.resolvedFor(PlayerKind.NTUPLE, shipped, s));
            assertEquals(file, file.resolvedFor(PlayerKind.NTUPLE, List.of(Path.of("m.g2nz")), s));
        }
    }
}
