package g2048.train.policy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.eval.LineHeuristicEvaluator;
import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;
import g2048.player.Player;
import g2048.policy.DatasetFile;
import g2048.policy.DatasetWriter;
import g2048.search.Expectimax;
import g2048.search.SearchConfig;
import g2048.search.SearchResult;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Games that follow a behaviour player while the teacher labels every position (DAgger's data):
 * replayed move by move from the seed's spawns, every recorded board is where the behaviour's
 * (or, by the drawn share, the teacher's) move and the seed's spawn lead, every label is the
 * teacher's own search of that board, and the file is the same whatever the threads.
 */
class BehaviourGamesTest {

    private static final SearchConfig DEPTH1 = SearchConfig.ofDepth(1);
    private static final Moves MOVES = Moves.of(Shape.S4x4);

    /** A weak fixed player: the first legal move in the order left, down, right, up (ends games early). */
    private static final Player FIXED = board -> {
        int legal = MOVES.legalMask(board);
        for (int d : new int[] {3, 1, 2, 0}) {
            if ((legal >>> d & 1) != 0) {
                return d;
            }
        }
        return -1;
    };

    @TempDir
    Path dir;

    private static TeacherGames games(Player behaviour, double share) {
        return new TeacherGames(new LineHeuristicEvaluator(Shape.S4x4), DEPTH1, behaviour, share);
    }

    @Test
    void everyPositionIsTheTeachersLabelOfWhereTheBehavioursMovesLed() {
        Expectimax teacher = new Expectimax(new LineHeuristicEvaluator(Shape.S4x4), DEPTH1);
        SearchResult r = new SearchResult();
        TeacherGames g = games(FIXED, 0);
        int disagreements = 0;
        for (long index = 0; index < 12; index++) {
            DatasetFile.Game game = g.play(index, 7);
            Rng rng = new Rng(Rng.gameSeed(7, index));
            long board = Spawns.initial(Shape.S4x4, rng);
            long score = 0;
            for (int i = 0; i < game.size(); i++) {
                assertEquals(board, game.boards()[i], "game " + index + " position " + i);
                teacher.search(board, r);
                assertEquals(r.best(), game.moves()[i], "the teacher's move, game " + index + " position " + i);
                for (int m = 0; m < 4; m++) {
                    assertEquals((float) r.value(m), game.values()[4 * i + m], "value of move " + m);
                }
                int played = FIXED.chooseMove(board);
                if (played != r.best()) {
                    disagreements++;
                }
                score += MOVES.reward(board, played);
                board = Spawns.spawn(MOVES.move(board, played), Shape.S4x4.cellMask(), rng);
            }
            assertTrue(MOVES.isTerminal(board), "the game ends where the behaviour lost");
            assertEquals(score, game.score(), "the score is the behaviour's");
        }
        assertTrue(disagreements > 100, "the behaviour and the teacher differ (" + disagreements + " positions)");
    }

    @Test
    void aTeacherShareOfOneIsTheTeachersOwnGameAndAShareBetweenMixesBoth() {
        TeacherGames own = new TeacherGames(new LineHeuristicEvaluator(Shape.S4x4), DEPTH1);
        TeacherGames always = games(FIXED, 1.0);
        for (long index = 0; index < 3; index++) {
            DatasetFile.Game a = own.play(index, 5);
            DatasetFile.Game b = always.play(index, 5);
            assertArrayEquals(a.boards(), b.boards());
            assertArrayEquals(a.moves(), b.moves());
            assertArrayEquals(a.values(), b.values());
            assertEquals(a.score(), b.score());
        }
        // half the moves the teacher's: each recorded board follows one of the two moves, both occur
        TeacherGames half = games(FIXED, 0.5);
        int teacherOnly = 0;
        int fixedOnly = 0;
        for (long index = 0; index < 6; index++) {
            DatasetFile.Game game = half.play(index, 5);
            assertArrayEquals(game.boards(), half.play(index, 5).boards(), "reproducible from the seed");
            for (int i = 0; i + 1 < game.size(); i++) {
                long b = game.boards()[i];
                long next = game.boards()[i + 1];
                boolean byTeacher = followsBySpawn(MOVES.move(b, game.moves()[i]), next);
                boolean byFixed = followsBySpawn(MOVES.move(b, FIXED.chooseMove(b)), next);
                assertTrue(byTeacher || byFixed, "position " + i + " of game " + index + " follows neither move");
                if (byTeacher && !byFixed) {
                    teacherOnly++;
                }
                if (byFixed && !byTeacher) {
                    fixedOnly++;
                }
            }
        }
        assertTrue(teacherOnly > 20 && fixedOnly > 20, "teacher's moves " + teacherOnly + ", behaviour's " + fixedOnly);
        assertThrows(IllegalArgumentException.class, () -> games(FIXED, 1.5));
    }

    /** Whether {@code next} is {@code afterstate} with one tile (2 or 4) added to an empty cell. */
    private static boolean followsBySpawn(long afterstate, long next) {
        long diff = afterstate ^ next;
        if (Long.bitCount(diff) == 0) {
            return false;
        }
        int cell = Long.numberOfTrailingZeros(diff) / 4;
        long nibble = next >>> (4 * cell) & 0xF;
        return (afterstate >>> (4 * cell) & 0xF) == 0 && (nibble == 1 || nibble == 2) && (diff & ~(0xFL << (4 * cell))) == 0;
    }

    @Test
    void aBehavioursDatasetIsTheSameWhateverTheThreads() throws Exception {
        Path[] files = {dir.resolve("one.g2pd"), dir.resolve("two.g2pd")};
        int[] threads = {1, 2};
        String meta = DatasetGenerator.meta("lines", 1, 9, "fixed", 0.25);
        assertNotEquals(DatasetGenerator.meta("lines", 1, 9), meta, "the behaviour is part of what made the file");
        for (int t = 0; t < 2; t++) {
            try (DatasetWriter w = DatasetWriter.openOrResume(files[t], meta)) {
                new DatasetGenerator(new LineHeuristicEvaluator(Shape.S4x4), DEPTH1, 9, FIXED, 0.25).run(w, 8, threads[t], (g, p, l) -> {
                });
            }
        }
        assertArrayEquals(Files.readAllBytes(files[0]), Files.readAllBytes(files[1]));
    }
}
