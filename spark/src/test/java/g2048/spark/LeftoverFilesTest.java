package g2048.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import g2048.game.Shape;
import g2048.solver.Manifest;
import g2048.solver.PartitionedAge;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which files a resumed Spark solve deletes as leftovers of an interrupted run, by the manifest's state. */
class LeftoverFilesTest {

    private static final Manifest IN_FORWARD = new Manifest(Shape.S2x3, 40, false, 0, 0);
    private static final Manifest FORWARD_DONE = new Manifest(Shape.S2x3, 250, true, 250, 0);
    private static final Manifest IN_BACKWARD = new Manifest(Shape.S2x3, 250, true, 250, 100);

    private static List<Boolean> leftover(Manifest m, String... names) {
        return java.util.Arrays.stream(names).map(n -> ClusterSolver.leftover(m, n)).toList();
    }

    @Test
    void duringTheForwardPass() {
        assertEquals(List.of(false, false, false, true, true, true, true, true, false, false),
                leftover(IN_FORWARD, PartitionedAge.indexName(40), PartitionedAge.idsName(40, 3), PartitionedAge.idsName(4, 0),
                        PartitionedAge.indexName(42), PartitionedAge.idsName(42, 0), PartitionedAge.valuesName(4, 0),
                        ".ids-000040-p00003.bin.1234.tmp", "work/.vs-000004-p00000.bin.abc.tmp", Manifest.FILE, "ages.csv"));
    }

    @Test
    void afterTheForwardPassEveryIdsFileStays() {
        assertEquals(List.of(false, false, true, true),
                leftover(FORWARD_DONE, PartitionedAge.indexName(250), PartitionedAge.idsName(250, 0),
                        PartitionedAge.valuesName(250, 0), PartitionedAge.doublesName(248, 1)));
    }

    @Test
    void duringTheBackwardPassOnlyTheUnfinishedAgesValuesGo() {
        assertEquals(List.of(false, false, false, true, true, false),
                leftover(IN_BACKWARD, PartitionedAge.valuesName(100, 0), PartitionedAge.doublesName(100, 2),
                        PartitionedAge.doublesName(102, 0), PartitionedAge.valuesName(98, 0), PartitionedAge.doublesName(98, 0),
                        PartitionedAge.idsName(98, 0)));
    }
}
