package g2048.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One spec for value and policy networks: each head keeps the text form its files hold, the
 * registry names both, and a policy network's layout (offsets, counts) is the one
 * {@link PolicyNetwork} and its files use.
 */
class NetSpecTest {

    @Test
    void eachHeadKeepsItsTextForm() {
        NetSpec p = NetSpec.policy("P", 3, 5);
        assertEquals("name=P;convs=3;channels=5", p.text());
        assertEquals(p, NetSpec.parse(Head.POLICY, p.text()));
        NetSpec turned = p.withOrientation(BoardOrientation.CORNER);
        assertEquals("name=P;convs=3;channels=5;orientation=corner", turned.text());
        assertEquals(turned, NetSpec.parse(Head.POLICY, turned.text()));
        NetSpec v = Architectures.named("CNN22");
        assertEquals("name=CNN22;input=values;embed=;trunk=conv2x2:256,conv2x2:512,fc:1024,fc:256,fc:1", v.text());
        assertEquals(v, NetSpec.parse(Head.VALUE, v.text()));
    }

    @Test
    void aTextIsReadAsTheHeadItsFileHolds() {
        IllegalArgumentException policyAsValue = assertThrows(IllegalArgumentException.class,
                () -> NetSpec.parse(Head.VALUE, "name=P;convs=3;channels=5"));
        assertEquals("architecture spec: unknown key 'convs'", policyAsValue.getMessage());
        IllegalArgumentException valueAsPolicy = assertThrows(IllegalArgumentException.class,
                () -> NetSpec.parse(Head.POLICY, Architectures.named("CNN22").text()));
        assertEquals("policy spec: unknown key 'input'", valueAsPolicy.getMessage());
        assertEquals("P: 17 convolutions, expected 1..16",
                assertThrows(IllegalArgumentException.class, () -> NetSpec.parse(Head.POLICY, "name=P;convs=17;channels=5")).getMessage());
    }

    @Test
    void aPolicyNetworkIsPaddedConvolutionsThenTheMoves() {
        NetSpec p = NetSpec.policy("P", 3, 5);
        assertEquals(Head.POLICY, p.head());
        assertEquals(List.of(LayerSpec.Conv.padded2x2(5), LayerSpec.Conv.padded2x2(5), LayerSpec.Conv.padded2x2(5),
                new LayerSpec.Dense(NetSpec.MOVES)), p.trunk());
        int c = 5;
        // 65·C + (k−1)·(4·C² + C) + 64·C + 4
        assertEquals(65 * c + 2 * (4 * c * c + c) + 64 * c + 4, p.weightCount());
        assertEquals(0, p.layerOffset(0));
        assertEquals(4 * 16 * c + c, p.layerOffset(1));
        assertEquals(4 * 16 * c + c + 2 * (4 * c * c + c), p.lastLayerOffset());
        assertEquals(16 * c * NetSpec.MOVES + NetSpec.MOVES, p.layerWeightCount(3));
        assertEquals(16, p.inChannels(0));
        assertEquals(c, p.inChannels(2));
        assertEquals(List.of("conv2x2same:5 4x4x16 -> 4x4x5 relu", "conv2x2same:5 4x4x5 -> 4x4x5 relu",
                "conv2x2same:5 4x4x5 -> 4x4x5 relu", "fc:4 4x4x5 -> 4"),
                p.layers().stream().map(l -> l.kind() + " " + l.in() + " -> " + l.out() + (l.relu() ? " relu" : "")).toList());
    }

    @Test
    void theRegistryNamesBothHeads() {
        assertEquals(Head.VALUE, Architectures.named("cnn22").head());
        assertEquals(Head.POLICY, Architectures.named("policy5").head());
        assertEquals(Architectures.named("POLICY5"), Architectures.named(Head.POLICY, "POLICY5"));
        assertEquals("unknown architecture 'POLICY5', expected one of " + String.join(", ", Architectures.names(Head.VALUE)),
                assertThrows(IllegalArgumentException.class, () -> Architectures.named(Head.VALUE, "POLICY5")).getMessage());
        assertEquals("unknown policy architecture 'CNN22', expected one of POLICY2, POLICY3, POLICY4, POLICY5",
                assertThrows(IllegalArgumentException.class, () -> Architectures.named(Head.POLICY, "CNN22")).getMessage());
        assertEquals(14, Architectures.names().size());
    }

    @Test
    void eachHeadRefusesTheOthersShape() {
        assertThrows(IllegalArgumentException.class, () -> new NetSpec("x", InputKind.VALUES, List.of(),
                List.of(LayerSpec.Conv.padded2x2(4), new LayerSpec.Dense(1))));
        assertThrows(IllegalArgumentException.class, () -> new NetSpec("x", InputKind.VALUES, List.of(),
                List.of(new LayerSpec.Conv(2, 2, 4), new LayerSpec.Dense(NetSpec.MOVES)), Head.POLICY, BoardOrientation.AS_IS));
        assertThrows(IllegalArgumentException.class, () -> Architectures.named("CNN22").withOrientation(BoardOrientation.CORNER));
        assertThrows(IllegalStateException.class, () -> Architectures.named("CNN22").convs());
    }

    @Test
    void aNetworkRunsEitherHead() {
        NetSpec policy = NetSpec.policy("P", 2, 4);
        assertEquals(policy.weightCount(), new Network(policy).paramCount());
        assertEquals(Architectures.named("CNN22").weightCount(), new Network(Architectures.named("CNN22")).paramCount());
    }
}
