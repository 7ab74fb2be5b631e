package g2048.policy;

import g2048.nn.PolicyNetworkTest;
import g2048.nn.Head;
import g2048.nn.NetSpec;
import g2048.nn.Architectures;
import g2048.nn.BoardOrientation;
import g2048.nn.CpuBackend;
import g2048.nn.Network;
import g2048.nn.NetworkModel;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Board;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Symmetries;
import org.junit.jupiter.api.Test;

/**
 * The corner orientation against a plain reading of the cells, its invariance over the eight images
 * of a board, the moves turned with the board, and a policy player that sees boards turned: it plays
 * each board as the plain network plays the board's image, and the eight images of a board alike.
 */
class BoardOrientationTest {

    private static final Symmetries SYM = new Symmetries(Shape.S4x4);
    private static final Moves MOVES = Moves.of(Shape.S4x4);

    /** The cells read row by row from the top-left, as a list compared lexicographically. */
    private static int compareReading(long a, long b) {
        for (int cell = 0; cell < 16; cell++) {
            int c = Integer.compare(Board.code(a, cell), Board.code(b, cell));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    @Test
    void theImageIsTheGreatestReadingOfTheEightAndTheSameForEachOfThem() {
        Rng rng = new Rng(41);
        for (int trial = 0; trial < 20_000; trial++) {
            long b = trial % 2 == 0 ? PolicyNetworkTest.randomBoard(rng) : sparse(rng);
            int want = 0;
            for (int s = 1; s < 8; s++) {
                if (compareReading(SYM.apply(s, b), SYM.apply(want, b)) > 0) {
                    want = s;
                }
            }
            assertEquals(want, BoardOrientation.CORNER.symmetry(b), "board " + Long.toHexString(b));
            long image = BoardOrientation.CORNER.image(b);
            assertEquals(SYM.apply(want, b), image);
            assertEquals(0, BoardOrientation.CORNER.symmetry(image), "the image is its own image");
            int corner = Math.max(Math.max(Board.code(b, 0), Board.code(b, 3)), Math.max(Board.code(b, 12), Board.code(b, 15)));
            assertEquals(corner, Board.code(image, 0), "the largest corner tile goes to the top-left");
            for (int t = 0; t < 8; t++) {
                assertEquals(image, BoardOrientation.CORNER.image(SYM.apply(t, b)), "image " + t + " turns to the same board");
            }
            assertEquals(b, BoardOrientation.AS_IS.image(b));
            assertEquals(0, BoardOrientation.AS_IS.symmetry(b));
        }
    }

    @Test
    void movesTurnWithTheBoard() {
        Rng rng = new Rng(43);
        for (int trial = 0; trial < 5_000; trial++) {
            long b = PolicyNetworkTest.randomBoard(rng);
            int s = rng.nextInt(8);
            for (int d = 0; d < 4; d++) {
                int onImage = BoardOrientation.toImage(s, d);
                assertEquals(SYM.apply(s, MOVES.move(b, d)), MOVES.move(SYM.apply(s, b), onImage));
                assertEquals(d, BoardOrientation.fromImage(s, onImage));
            }
        }
    }

    @Test
    void aTurningPlayerPlaysTheImageAsThePlainNetworkAndEveryImageAlike() {
        NetSpec plain = NetSpec.policy("t2", 2, 5);
        NetSpec turning = plain.withOrientation(BoardOrientation.CORNER);
        Rng rng = new Rng(47);
        float[] w = PolicyNetworkTest.randomWeights(plain, rng);
        PolicyPlayer a = new PolicyPlayer(new CpuBackend().openPolicy(new NetworkModel(new Network(plain), w, "plain")), "plain");
        PolicyPlayer c = new PolicyPlayer(new CpuBackend().openPolicy(new NetworkModel(new Network(turning), w, "corner")), "corner");
        int checked = 0;
        for (int trial = 0; trial < 3_000; trial++) {
            long b = PolicyNetworkTest.randomBoard(rng);
            if (MOVES.legalMask(b) == 0) {
                continue;
            }
            int s = BoardOrientation.CORNER.symmetry(b);
            long image = SYM.apply(s, b);
            int move = c.chooseMove(b);
            assertEquals(BoardOrientation.fromImage(s, a.chooseMove(image)), move);
            assertTrue((MOVES.legalMask(b) >>> move & 1) != 0, "a legal move");
            double[] pc = c.probabilities(b);
            double[] pa = a.probabilities(image);
            for (int m = 0; m < 4; m++) {
                assertEquals(pa[BoardOrientation.toImage(s, m)], pc[m], 0.0);
            }
            if (selfSymmetric(b)) {
                continue;
            }
            for (int t = 1; t < 8; t++) {
                assertEquals(BoardOrientation.toImage(t, move), c.chooseMove(SYM.apply(t, b)), "image " + t);
            }
            checked++;
        }
        assertTrue(checked > 2_500, checked + " boards");
    }

    @Test
    void theOrientationIsPartOfTheSpecTextAndSurvivesTheModelFile() throws Exception {
        NetSpec p5 = Architectures.named(Head.POLICY, "POLICY5");
        assertEquals("name=POLICY5;convs=5;channels=224", p5.text());
        assertEquals(BoardOrientation.AS_IS, NetSpec.parse(Head.POLICY, p5.text()).orientation());
        NetSpec turned = p5.withOrientation(BoardOrientation.CORNER);
        assertEquals("name=POLICY5;convs=5;channels=224;orientation=corner", turned.text());
        assertEquals(turned, NetSpec.parse(Head.POLICY, turned.text()));
        assertTrue(turned.sameWeightsAs(p5));
        assertEquals(p5.weightCount(), turned.weightCount());
        assertThrows(IllegalArgumentException.class, () -> NetSpec.parse(Head.POLICY, "name=x;convs=2;channels=3;orientation=diagonal"));
        NetSpec small = NetSpec.policy("t1", 1, 3, BoardOrientation.CORNER);
        float[] w = PolicyNetworkTest.randomWeights(small, new Rng(5));
        java.nio.file.Path file = java.nio.file.Files.createTempFile("turned", ".g2pn");
        try {
            PolicyFile.save(file, new PolicyModel(small, w, null, 12));
            PolicyModel back = PolicyFile.load(file, g2048.nn.Adam.ALPHA);
            assertEquals(small, back.spec());
            assertArrayEquals(w, back.weights());
        } finally {
            java.nio.file.Files.deleteIfExists(file);
        }
    }

    private static long sparse(Rng rng) {
        long b = 0;
        for (int k = 0; k < 3; k++) {
            b = Board.withCode(b, rng.nextInt(16), 1 + rng.nextInt(3));
        }
        return b;
    }

    private static boolean selfSymmetric(long b) {
        for (int t = 1; t < 8; t++) {
            if (SYM.apply(t, b) == b) {
                return true;
            }
        }
        return false;
    }
}
