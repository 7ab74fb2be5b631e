package g2048.play;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.eval.LineHeuristicEvaluator;
import g2048.game.RandomBoards;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.search.ExpectimaxPlayer;
import g2048.search.SearchConfig;
import g2048.search.SearchResult;
import g2048.settings.BadSetting;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The one answer path: each thread's searches, kept from question to question and shared by the
 * settings it was asked with, answer exactly as a search built afresh for each board does.
 */
class AnswererTest {

    private static final List<SearchConfig> SETTINGS = List.of(SearchConfig.ofDepth(1), SearchConfig.ofDepth(2),
            SearchConfig.ofDepth(3).withDowngrade(0), SearchConfig.ofDepth(2).withProbabilityCutoff(1e-3),
            SearchConfig.ofDepth(2).withTable(0, false), SearchConfig.ofDepth(2).withDowngrade(64));

    /** The reference: a fresh search of the line heuristic for one board. */
    private static SearchResult fresh(long b, Shape shape, SearchConfig search) {
        return new ExpectimaxPlayer(new LineHeuristicEvaluator(shape), search).search(b);
    }

    /** Answers {@code count} random boards of each shape with settings in turn; returns how many. */
    private static int answerAndCompare(Answerer answers, long seed, int count) {
        int n = 0;
        Rng pick = new Rng(seed);
        for (Shape shape : List.of(Shape.S3x3, Shape.S4x4, Shape.parse("2x3"))) {
            RandomBoards boards = new RandomBoards(shape, seed);
            for (int i = 0; i < count; i++) {
                long b = boards.next();
                SearchConfig search = SETTINGS.get((int) Long.remainderUnsigned(pick.nextLong(), SETTINGS.size()));
                Answer a = answers.answer(b, shape, search);
                SearchResult r = fresh(b, shape, search);
                assertEquals(r.best(), a.move(), () -> Long.toHexString(b) + " " + search.describe());
                for (int d = 0; d < 4; d++) {
                    assertEquals(r.value(d), a.values()[d], 0.0);
                }
                assertEquals(r.depth(), a.search().depth());
                assertEquals(r.nodes(), a.search().nodes(), "the kept table starts each search empty");
                assertEquals(r.leaves(), a.search().leaves());
                assertEquals(r.ttHits(), a.search().ttHits());
                assertEquals(r.searchedBoard(), a.search().searchedBoard());
                assertNull(a.probabilities());
                assertTrue(!a.withTables() && a.table() == null && !a.decided());
                n++;
            }
        }
        return n;
    }

    @Test
    void keptSearchesAnswerAsFreshOnesOnManyRandomBoardsAndSettings() {
        try (Answerer answers = Answerer.open(PlayerSpec.of(PlayerKind.LINES), null, SearchConfig.ofDepth(1), null)) {
            assertNull(answers.shape(), "the line heuristic plays any shape");
            assertEquals(3 * 150, answerAndCompare(answers, 7, 150));
        }
    }

    @Test
    void eachThreadKeepsItsOwnSearches() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try (Answerer answers = Answerer.open(PlayerSpec.of(PlayerKind.LINES), null, SearchConfig.ofDepth(1), null)) {
            List<Future<Integer>> done = new ArrayList<>();
            for (int t = 0; t < 3; t++) {
                long seed = 100 + t;
                done.add(pool.submit(() -> answerAndCompare(answers, seed, 60)));
            }
            for (Future<Integer> f : done) {
                assertEquals(3 * 60, f.get());
            }
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void aGameWithATimeBankHasASearchOfItsOwnAndOneWithoutSharesTheThreads() {
        try (Answerer answers = Answerer.open(PlayerSpec.of(PlayerKind.LINES), null, SearchConfig.ofDepth(1), null)) {
            SearchConfig plain = SearchConfig.ofDepth(2);
            SearchConfig banked = SearchConfig.ofDepth(3).withTimeBudgetNanos(SearchConfig.nanosOfMs(5)).withTimeBank(true);
            long b = new RandomBoards(Shape.S4x4, 3).next();
            Answerer.Game one = answers.game(Shape.S4x4, plain);
            Answerer.Game two = answers.game(Shape.S4x4, plain);
            assertEquals(one.answer(b, Answerer.NO_DEADLINE).move(), two.answer(b, Answerer.NO_DEADLINE).move());
            assertSame(one.config(), two.config(), "one search of the thread");
            Answerer.Game bank = answers.game(Shape.S4x4, banked);
            Answerer.Game other = answers.game(Shape.S4x4, banked);
            assertNotSame(bank.config(), null);
            bank.answer(b, Answerer.NO_DEADLINE);
            assertEquals(0, other.bankNanos(), "a second game's bank is its own, empty until it moves");
        }
    }

    @Test
    void aPlayerWithoutASearchRefusesSearchSettingsAndABoardOfAnotherShapeIsRefusedNamingTheBoard() {
        try (Answerer heuristic = Answerer.open(PlayerSpec.of(PlayerKind.HEURISTIC), null, SearchConfig.ofDepth(1), null);
             Answerer random = Answerer.open(PlayerSpec.of(PlayerKind.RANDOM), null, SearchConfig.ofDepth(1), null)) {
            long b = new RandomBoards(Shape.S3x3, 5).next();
            BadSetting e = assertThrows(BadSetting.class, () -> heuristic.answer(b, Shape.S3x3, SearchConfig.ofDepth(2)));
            assertEquals("<depth>", e.message(f -> "<" + f + ">").substring(0, 7));
            assertEquals("heuristic", heuristic.answer(b, Shape.S3x3, SearchConfig.ofDepth(1)).player());
            Answer r1 = random.answer(b, Shape.S3x3, SearchConfig.ofDepth(1), 9, Answerer.NO_DEADLINE);
            Answer r2 = random.answer(b, Shape.S3x3, SearchConfig.ofDepth(1), 9, Answerer.NO_DEADLINE);
            assertEquals(r1.move(), r2.move(), "a random choice follows from its seed");
            assertNull(r1.search());
        }
        try (Answerer policy = Answerer.open(PlayerSpec.of(PlayerKind.POLICY), null, SearchConfig.ofDepth(1), null)) {
            assertEquals(Shape.S4x4, policy.shape());
            BadSetting shape = assertThrows(BadSetting.class,
                    () -> policy.answer(new RandomBoards(Shape.S3x3, 1).next(), Shape.S3x3, SearchConfig.ofDepth(1)));
            assertEquals("board: a 3x3 board, the player plays 4x4", shape.getMessage());
        }
    }
}
