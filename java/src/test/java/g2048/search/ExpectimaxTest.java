package g2048.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.eval.BatchRecordingEvaluator;
import g2048.eval.Evaluator;
import g2048.eval.HashEvaluator;
import g2048.eval.LineHeuristicEvaluator;
import g2048.game.BoardText;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import org.junit.jupiter.api.Test;

class ExpectimaxTest {

    private static final Shape S4 = Shape.S4x4;

    private static void assertMatchesBruteForce(Evaluator v, SearchConfig config, long board, SearchResult r) {
        BruteForce brute = new BruteForce(v, config.probabilityCutoff());
        int best = -1;
        for (int d = 0; d < 4; d++) {
            double expected = brute.moveValue(board, d, config.depth());
            assertEquals(expected, r.value(d), () -> "board " + BoardText.format(board, v.shape()) + " " + config.describe());
            if (!Double.isNaN(expected) && (best < 0 || expected > brute.moveValue(board, best, config.depth()))) {
                best = d;
            }
        }
        assertEquals(best, r.best());
    }

    @Test
    void smallBoardsEqualTheBruteForceExpectationAtEveryDepth() {
        Rng rng = new Rng(11);
        // 2x2, 3x3 and 4x4 take the square boards' incremental spawns; 2x3 the general path.
        for (Shape s : new Shape[] {Shape.S2x2, Shape.S2x3, Shape.S3x3, S4}) {
            Evaluator v = new HashEvaluator(s);
            int maxDepth = s.equals(Shape.S2x2) ? 5 : (s.equals(S4) ? 2 : 3);
            int positions = s.equals(Shape.S2x2) ? 60 : (s.equals(S4) ? 30 : 12);
            for (int i = 0; i < positions; i++) {
                long board = s.equals(S4) ? Positions.played(s, rng, 300)
                        : Positions.randomBoard(s, rng, s.maxReachableCode() - 1);
                for (int depth = 1; depth <= maxDepth; depth++) {
                    for (int tt : new int[] {0, 10}) {
                        SearchConfig c = SearchConfig.ofDepth(depth).withTable(tt, false);
                        SearchResult r = new Expectimax(v, c).search(board);
                        assertMatchesBruteForce(v, c, board, r);
                        assertEquals(Moves.of(s).legalMask(board) == 0 ? 0 : depth, r.depth());
                    }
                }
            }
        }
    }

    @Test
    void depthOneIsGreedy() {
        Rng rng = new Rng(12);
        Evaluator v = new LineHeuristicEvaluator(S4);
        Expectimax search = new Expectimax(v, SearchConfig.ofDepth(1));
        GreedyPlayer greedy = new GreedyPlayer(v);
        for (int i = 0; i < 300; i++) {
            long board = Positions.played(S4, rng, 300);
            assertEquals(greedy.chooseMove(board), search.search(board).best());
        }
    }

    @Test
    void batchedLeavesEqualRecursiveSearchExactly() {
        Rng rng = new Rng(13);
        for (Shape s : new Shape[] {S4, Shape.S2x3, new Shape(3, 4)}) {
            Evaluator v = new HashEvaluator(s);
            int positions = s.equals(S4) ? 25 : 40;
            for (int i = 0; i < positions; i++) {
                long board = Positions.played(s, rng, 200);
                for (int depth = 1; depth <= 3; depth++) {
                    for (int tt : new int[] {0, 14}) {
                        SearchConfig c = SearchConfig.ofDepth(depth).withTable(tt, false);
                        SearchResult recursive = new Expectimax(v, c).search(board);
                        BatchRecordingEvaluator rec = new BatchRecordingEvaluator(v, 257);
                        SearchResult batched = new Expectimax(rec, c.withBatchedLeaves(true)).search(board);
                        for (int d = 0; d < 4; d++) {
                            assertEquals(recursive.value(d), batched.value(d), "depth " + depth + " tt " + tt);
                        }
                        assertEquals(recursive.best(), batched.best());
                        assertEquals(0, rec.singleCalls, "batched mode values leaves in batches only");
                        assertEquals(batched.leaves(), rec.batchedBoards);
                        assertTrue(batched.leaves() <= recursive.leaves(), "unique leaves are no more than leaves");
                        assertEquals((rec.batchedBoards + 256) / 257, rec.batchCalls, "chunks of the maximum batch");
                    }
                }
            }
        }
    }

    @Test
    void theTranspositionTableChangesTheWorkButNoValue() {
        Rng rng = new Rng(14);
        Evaluator v = new HashEvaluator(S4);
        long nodesWith = 0;
        long nodesWithout = 0;
        long hits = 0;
        for (int i = 0; i < 20; i++) {
            long board = Positions.played(S4, rng, 300);
            SearchResult without = new Expectimax(v, SearchConfig.ofDepth(3).withTable(0, false)).search(board);
            // a tiny table too, so that replacement is exercised
            for (int log2 : new int[] {4, 17}) {
                for (boolean leaves : new boolean[] {false, true}) {
                    SearchResult with = new Expectimax(v, SearchConfig.ofDepth(3).withTable(log2, leaves)).search(board);
                    for (int d = 0; d < 4; d++) {
                        assertEquals(without.value(d), with.value(d));
                    }
                    if (log2 == 17 && !leaves) {
                        nodesWith += with.nodes();
                        hits += with.ttHits();
                    }
                }
            }
            nodesWithout += without.nodes();
            assertEquals(0, without.ttProbes());
        }
        assertTrue(hits > 0, "3-ply trees have transpositions");
        assertTrue(nodesWith < nodesWithout, nodesWith + " nodes with the table, " + nodesWithout + " without");
    }

    @Test
    void theProbabilityCutoffPrunesAndMatchesTheBruteForceWithTheSameCutoff() {
        Rng rng = new Rng(15);
        for (Shape s : new Shape[] {Shape.S2x2, Shape.S2x3, S4}) {
            Evaluator v = new HashEvaluator(s);
            int depth = s.equals(S4) ? 3 : 4;
            long leavesCut = 0;
            long leavesFull = 0;
            for (int i = 0; i < 8; i++) {
                long board = s.equals(S4) ? Positions.played(s, rng, 40) : Positions.randomBoard(s, rng, 3);
                for (double p : new double[] {0.001, 0.05}) {
                    for (int tt : new int[] {0, 14}) {
                        SearchConfig c = SearchConfig.ofDepth(depth).withProbabilityCutoff(p).withTable(tt, false);
                        SearchResult r = new Expectimax(v, c).search(board);
                        assertMatchesBruteForce(v, c, board, r);
                        SearchResult b = new Expectimax(v, c.withBatchedLeaves(true)).search(board);
                        for (int d = 0; d < 4; d++) {
                            assertEquals(r.value(d), b.value(d));
                        }
                        if (p == 0.05 && tt == 0) {
                            leavesCut += r.leaves();
                        }
                    }
                }
                leavesFull += new Expectimax(v, SearchConfig.ofDepth(depth).withTable(0, false)).search(board).leaves();
            }
            assertTrue(leavesCut < leavesFull, s + ": " + leavesCut + " leaves with the cutoff, " + leavesFull + " without");
        }
    }

    @Test
    void theTimeBudgetIsRespected() {
        Rng rng = new Rng(16);
        Evaluator v = new HashEvaluator(S4);
        long budget = 20_000_000L;
        // compiled code first: the first searches of a cold JVM run interpreted, far slower between clock checks
        for (int i = 0; i < 3; i++) {
            new Expectimax(v, SearchConfig.ofDepth(3)).search(Positions.played(S4, new Rng(i), 30));
        }
        for (int i = 0; i < 5; i++) {
            long board = Positions.played(S4, rng, 30);
            SearchConfig c = SearchConfig.ofDepth(SearchConfig.MAX_DEPTH).withTimeBudgetNanos(budget);
            for (boolean batched : new boolean[] {false, true}) {
                java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
                long cpu0 = mx.getCurrentThreadCpuTime();
                SearchResult r = new Expectimax(v, c.withBatchedLeaves(batched)).search(board);
                long cpu = mx.getCurrentThreadCpuTime() - cpu0;
                assertTrue(r.cutShort(), "depth 12 cannot finish in 20 ms");
                assertTrue(r.depth() >= 1 && r.depth() < SearchConfig.MAX_DEPTH);
                // 1,024 max nodes between clock checks take well under a millisecond. On a busy machine the
                // thread may sit descheduled past the deadline (wall time overshoots, CPU time does not),
                // so the work done is judged by the thread's CPU time; a search that missed its clock
                // checks would overshoot both.
                assertTrue(cpu < budget + 60_000_000L || r.nanos() < budget + 60_000_000L, "took " + r.nanos() / 1e6
                        + " ms (" + cpu / 1e6 + " ms of CPU) for a 20 ms budget, batched " + batched + ", depth " + r.depth()
                        + ", " + r.nodes() + " nodes, " + r.leaves() + " leaves");
                // the values are those of the deepest finished depth
                SearchResult fixed = new Expectimax(v, SearchConfig.ofDepth(r.depth())).search(board);
                for (int d = 0; d < 4; d++) {
                    assertEquals(fixed.value(d), r.value(d));
                }
            }
        }
        // a generous budget reaches the full depth
        SearchResult r = new Expectimax(v, SearchConfig.ofDepth(2).withTimeBudgetNanos(60_000_000_000L))
                .search(Positions.played(S4, rng, 30));
        assertEquals(2, r.depth());
        assertFalse(r.cutShort());
    }

    @Test
    void theTimeBankKeepsWhatAMoveLeavesAndSpendsItOnLaterMoves() {
        Rng rng = new Rng(17);
        Evaluator v = new HashEvaluator(S4);
        long budget = 2_000_000L;
        SearchConfig c = SearchConfig.ofDepth(SearchConfig.MAX_DEPTH).withTimeBudgetNanos(budget).withTimeBank(true);
        for (boolean batched : new boolean[] {false, true}) {
            Expectimax search = new Expectimax(v, c.withBatchedLeaves(batched));
            assertEquals(0, search.bankNanos());
            long longest = 0;
            for (int i = 0; i < 60; i++) {
                long board = Positions.played(S4, rng, 20 + rng.nextInt(200));
                long before = search.bankNanos();
                SearchResult r = search.search(board);
                // the account: what the move left of its budget, or what it overran, within the bounds
                assertEquals(Math.clamp(before + budget - r.nanos(), -budget, (SearchConfig.BANK_BUDGETS - 1) * budget),
                        search.bankNanos(), "move " + i);
                longest = Math.max(longest, r.nanos());
                if (r.depth() == 0) {
                    continue; // a lost position: nothing to search
                }
                // the values are those of the deepest finished depth, whatever was skipped or abandoned
                SearchResult fixed = new Expectimax(v, SearchConfig.ofDepth(r.depth())).search(board);
                for (int d = 0; d < 4; d++) {
                    assertEquals(fixed.value(d), r.value(d), "move " + i + ", depth " + r.depth());
                }
            }
            // depth 12 never finishes, so moves spend what the bank holds: some move took more than one budget
            assertTrue(longest > budget, "the longest move took " + longest / 1e6 + " ms of a 2 ms budget");
        }
        assertThrows(IllegalArgumentException.class, () -> SearchConfig.ofDepth(3).withTimeBank(true));
        assertFalse(c.withTimeBudgetNanos(0).timeBank(), "no budget, no bank");
        // a game starts with an empty bank: a player's earlier games leave nothing in it
        ExpectimaxPlayer player = new ExpectimaxPlayer(v, c);
        player.startGame(1);
        assertEquals(0, player.bankNanos());
        long held = 0;
        for (int i = 0; i < 20 && held == 0; i++) {
            player.chooseMove(Positions.played(S4, rng, 20 + rng.nextInt(200)));
            held = player.bankNanos();
        }
        assertTrue(held != 0, "a move that took exactly its budget twenty times over");
        player.startGame(2);
        assertEquals(0, player.bankNanos());
        assertTrue(c.describe().contains("2.0 ms a move on average"), c.describe());
    }

    @Test
    void aBoardWithoutLegalMovesHasNoChoice() {
        // 2 4 / 4 2: nothing moves
        long stuck = BoardText.parse("2,4/4,2").board();
        for (boolean batched : new boolean[] {false, true}) {
            SearchResult r = new Expectimax(new HashEvaluator(Shape.S2x2),
                    SearchConfig.ofDepth(3).withBatchedLeaves(batched)).search(stuck);
            assertEquals(-1, r.best());
            assertEquals(0, r.depth());
            assertTrue(Double.isNaN(r.bestValue()));
            for (int d = 0; d < 4; d++) {
                assertTrue(Double.isNaN(r.value(d)));
            }
        }
        long full = BoardText.parse("2,4,8,16/4,8,16,32/8,16,32,64/16,32,64,128").board();
        ExpectimaxPlayer p = new ExpectimaxPlayer(new HashEvaluator(S4), SearchConfig.ofDepth(2));
        assertEquals(-1, p.forThread().chooseMove(full));
    }

    @Test
    void aMoveIntoALostGameIsWorthItsRewardOnly() {
        // 16 32 / 4 4: left gives 16 32 / 8 _ (reward 8) and right 16 32 / _ 8; a 2 or a 4 in the hole
        // leaves no legal move, so below either move every spawn is a lost game, worth 0.
        long board = BoardText.parse("16,32/4,4").board();
        Evaluator v = new HashEvaluator(Shape.S2x2);
        for (int depth = 2; depth <= 4; depth++) {
            SearchResult r = new Expectimax(v, SearchConfig.ofDepth(depth)).search(board);
            assertEquals(8.0, r.value(1));
            assertEquals(8.0, r.value(3));
            assertTrue(Double.isNaN(r.value(0)) && Double.isNaN(r.value(2)));
            assertEquals(1, r.best(), "ties go to the lowest direction");
        }
    }
}
