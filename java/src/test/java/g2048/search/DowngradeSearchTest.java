package g2048.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.eval.Evaluator;
import g2048.eval.LineHeuristicEvaluator;
import g2048.game.Board;
import g2048.game.BoardText;
import g2048.game.Downgrade;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import org.junit.jupiter.api.Test;

/**
 * Tile-downgrading in the search: a search with a threshold is exactly the search of the
 * translated board (values bit for bit, the choice), boards below the threshold are searched as
 * they are, and the move chosen is always legal on the real board.
 */
class DowngradeSearchTest {

    private static final Shape S = Shape.S4x4;
    private final Evaluator lines = new LineHeuristicEvaluator(S);

    /** A random 4×4 board with large tiles: some cells empty, codes spread up to 2^15. */
    private static long randomLargeBoard(Rng rng) {
        long b = 0;
        for (int cell = 0; cell < 16; cell++) {
            int r = rng.nextInt(10);
            int code = r < 3 ? 0 : r < 7 ? 1 + rng.nextInt(8) : 9 + rng.nextInt(7);
            b = Board.withCode(b, cell, code);
        }
        return b;
    }

    @Test
    void aDowngradedSearchIsTheSearchOfTheTranslatedBoard() {
        Rng rng = new Rng(404);
        Moves moves = Moves.of(S);
        int translated = 0;
        for (int depth = 1; depth <= 2; depth++) {
            for (int i = 0; i < (depth == 1 ? 3000 : 300); i++) {
                long b = randomLargeBoard(rng);
                int threshold = new int[] {8192, 16384, 32768, 49152}[rng.nextInt(4)];
                SearchConfig plain = SearchConfig.ofDepth(depth);
                SearchResult down = new Expectimax(lines, plain.withDowngrade(threshold)).search(b);
                long root = Downgrade.searchRoot(b, threshold, moves);
                SearchResult reference = new Expectimax(lines, plain).search(root);
                assertEquals(root, down.searchedBoard());
                for (int d = 0; d < 4; d++) {
                    assertEquals(Double.doubleToLongBits(reference.value(d)), Double.doubleToLongBits(down.value(d)),
                            () -> "direction of " + BoardText.format(b, S));
                }
                assertEquals(reference.best(), down.best());
                if (down.best() >= 0) {
                    assertTrue(moves.isLegal(b, down.best()), "the choice is legal on the real board");
                }
                if (Board.tileSet(b) < threshold) {
                    assertEquals(b, root, "below the threshold the board is searched as it is");
                } else if (root != b) {
                    translated++;
                    assertEquals(Downgrade.translate(b, threshold), root);
                }
            }
        }
        assertTrue(translated > 500, "many boards were translated: " + translated);
    }

    @Test
    void greedyPlayChoosesAsTheDepthOneSearch() {
        Rng rng = new Rng(405);
        Moves moves = Moves.of(S);
        GreedyPlayer greedy = new GreedyPlayer(lines, 16384);
        GreedyPlayer plain = new GreedyPlayer(lines);
        Expectimax search = new Expectimax(lines, SearchConfig.ofDepth(1).withDowngrade(16384));
        int differ = 0;
        for (int i = 0; i < 5000; i++) {
            long b = randomLargeBoard(rng);
            int choice = greedy.chooseMove(b);
            assertEquals(search.search(b).best(), choice);
            assertEquals(plain.chooseMove(Downgrade.searchRoot(b, 16384, moves)), choice);
            differ += choice != plain.chooseMove(b) ? 1 : 0;
        }
        assertTrue(differ > 0, "downgrading changed some choices of the line heuristic");
    }

    @Test
    void twoLargestTilesThatWouldMergeOnceHalvedAreSearchedAsTheyAre() {
        // Nothing merges on the real board but the two 32768s, which never merge on a board of
        // nibbles: left and right are illegal. Halved (4 is missing), they would merge: the
        // translation would make left and right legal, so the board is searched untranslated.
        long b = BoardText.parse("32768,32768,2,8/8,2,8,2/2,8,2,8/8,2,8,2").board();
        Moves moves = Moves.of(S);
        assertNotEquals(moves.legalMask(b), moves.legalMask(Downgrade.translate(b, 32768)));
        assertEquals(b, Downgrade.searchRoot(b, 32768, moves));
        SearchResult r = new Expectimax(lines, SearchConfig.ofDepth(2).withDowngrade(32768)).search(b);
        assertEquals(b, r.searchedBoard());
        assertTrue(r.best() < 0 || moves.isLegal(b, r.best()));
    }

    @Test
    void thresholdsOutOfRangeAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> SearchConfig.ofDepth(2).withDowngrade(2));
        assertThrows(IllegalArgumentException.class, () -> SearchConfig.ofDepth(2).withDowngrade(65536));
        assertThrows(IllegalArgumentException.class, () -> SearchConfig.ofDepth(2).withDowngrade(-2));
        assertThrows(IllegalArgumentException.class, () -> new GreedyPlayer(lines, -2));
        assertEquals("depth 2, tt 2^13 with leaves, downgrade from 32768", SearchConfig.ofDepth(2).withDowngrade(32768).describe());
        assertEquals("depth 2, tt 2^13 with leaves, downgrade auto", SearchConfig.ofDepth(2).describe());
        assertEquals("depth 2, tt 2^13 with leaves", SearchConfig.ofDepth(2).resolvedFor(lines).describe(), "auto is off for the lines");
    }
}
