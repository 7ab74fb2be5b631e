package g2048.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ArchitecturesTest {

    /** The papers' weight counts of the ten value networks (docs/networks.md, *Value networks and their training*, quotes the first and last). */
    private static final Map<String, Long> COUNTS = Map.of(
            "CNN22", 2_902_273L, "CNN22S", 1_636_033L, "CNN22SS", 730_241L, "CNN22SSS", 184_897L,
            "CNN22ACG", 3_363_809L, "CNN12", 3_680_513L, "MLP", 3_280_897L, "BP-CNN", 2_910_465L,
            "FC-CNN", 2_927_009L, "CNN-CNN", 2_930_577L);

    @Test
    void weightCountsMatchTheTable() {
        assertEquals(COUNTS.keySet(), java.util.Set.copyOf(Architectures.names(Head.VALUE)));
        for (String name : Architectures.names(Head.VALUE)) {
            NetSpec spec = Architectures.named(name);
            assertEquals(COUNTS.get(name), spec.weightCount(), name);
            assertEquals(COUNTS.get(name), new Network(spec).paramCount(), name + " built");
        }
    }

    @Test
    void cnn12HasEightFinalMapsOf44CellsAnd256Channels() {
        Network net = new Network(Architectures.named("CNN12"));
        Layer third = net.layers().get(2);
        assertEquals(8, third.outMaps().count());
        assertEquals(44, third.outMaps().cells());
        assertEquals(44 * 256, third.outSize());
    }

    @Test
    void embeddingsGiveEightChannelsPerCell() {
        assertEquals(8, Architectures.named("FC-CNN").embedChannels());
        assertEquals(8, Architectures.named("CNN-CNN").embedChannels());
        assertEquals(24, Architectures.named("CNN-CNN").trunkInputMaps().channels());
    }

    @Test
    void specTextRoundTrips() {
        for (String name : Architectures.names(Head.VALUE)) {
            NetSpec spec = Architectures.named(name);
            assertEquals(spec, NetSpec.parse(Head.VALUE, spec.text()), name);
        }
    }

    @Test
    void badSpecsAreRejectedWithTheirReason() {
        assertThrows(IllegalArgumentException.class, () -> Architectures.named("CNN99"));
        assertThrows(IllegalArgumentException.class, () -> NetSpec.parse(Head.VALUE, "name=x;input=values;embed=;trunk=fc:4"));
        assertThrows(IllegalArgumentException.class, () -> NetSpec.parse(Head.VALUE, "name=x;input=values;embed=;trunk=conv5x5:4,fc:1"));
        assertThrows(IllegalArgumentException.class, () -> NetSpec.parse(Head.VALUE, "name=x;input=values;embed=;trunk=pool:4,fc:1"));
        assertThrows(IllegalArgumentException.class, () -> NetSpec.parse(Head.VALUE, "name=x;input=embedded;embed=;trunk=fc:1"));
    }
}
