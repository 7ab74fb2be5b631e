package g2048.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.BoardText;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Symmetries;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The survey's sets of big cells and their canonical pictures against a slow reference: the cells
 * as an explicit list, each of the 8 images made by {@link Symmetries} on a board marking them, the
 * least as a number; and its counts of moves and games against the reference's on random games.
 */
class FormationSurveyTest {

    private static final Symmetries SYM = new Symmetries(Shape.S4x4);
    private static final List<Integer> TARGETS = List.of(8, 32, 64, 128, 256, 1024);
    private static final String NOT_ALL_DIFFERENT = "two equal";

    /** The reference's picture of the cells holding {@code target} or more; null for none, {@link #NOT_ALL_DIFFERENT} when two are equal. */
    private static String reference(long board, int target) {
        List<Integer> cells = new ArrayList<>();
        Set<Integer> tiles = new HashSet<>();
        for (int c = 0; c < 16; c++) {
            int code = (int) (board >>> (4 * c) & 0xF);
            int tile = code == 0 ? 0 : 1 << code;
            if (tile >= target) {
                cells.add(c);
                if (!tiles.add(tile)) {
                    return NOT_ALL_DIFFERENT;
                }
            }
        }
        if (cells.isEmpty()) {
            return null;
        }
        int least = Integer.MAX_VALUE;
        for (int s = 0; s < 8; s++) {
            long marked = 0;
            for (int c : cells) {
                marked |= 1L << (4 * c);
            }
            long image = SYM.apply(s, marked);
            int number = 0;
            for (int c = 0; c < 16; c++) {
                if ((image >>> (4 * c) & 0xF) != 0) {
                    number += 1 << c;
                }
            }
            assertEquals(cells.size(), Integer.bitCount(number), "a symmetry keeps the number of cells");
            least = Math.min(least, number);
        }
        StringBuilder picture = new StringBuilder();
        for (int r = 0; r < 4; r++) {
            picture.append(r == 0 ? "" : "/");
            for (int c = 0; c < 4; c++) {
                picture.append((least >>> (4 * r + c) & 1) != 0 ? 'x' : '.');
            }
        }
        return picture.toString();
    }

    /** The survey's picture for the same question. */
    private static String fast(long board, int target) {
        int cells = FormationSurvey.distinctCellsAtLeast(board, RegionGame.targetCode(target));
        return cells < 0 ? NOT_ALL_DIFFERENT : cells == 0 ? null : Formation.picture(CanonicalCells.of(cells));
    }

    /** A random board: small tiles, and some big ones, mostly all different, sometimes two alike; now and then any tiles at all. */
    private static long randomBoard(Rng rng) {
        long board = 0;
        if (rng.nextInt(8) == 0) {
            for (int c = 0; c < 16; c++) {
                board |= (long) rng.nextInt(16) << (4 * c);
            }
            return board;
        }
        for (int c = 0; c < 16; c++) {
            board |= (long) rng.nextInt(5) << (4 * c);
        }
        int big = rng.nextInt(11);
        int code = 3 + rng.nextInt(4);
        for (int k = 0; k < big && code < 16; k++) {
            int c = rng.nextInt(16);
            board = board & ~(0xFL << (4 * c)) | (long) code << (4 * c);
            if (rng.nextInt(10) != 0) {
                code += 1 + (rng.nextInt(4) == 0 ? 1 : 0);
            }
        }
        return board;
    }

    @Test
    void theBigCellsAndTheirCanonicalPictureAreTheReferences() {
        Rng rng = new Rng(2048);
        Map<Integer, Integer> matchedBySize = new HashMap<>();
        int unequal = 0;
        for (int i = 0; i < 20_000; i++) {
            long board = randomBoard(rng);
            for (int target : TARGETS) {
                String expected = reference(board, target);
                assertEquals(expected, fast(board, target), () -> BoardText.format(board, Shape.S4x4) + " target " + target);
                if (NOT_ALL_DIFFERENT.equals(expected)) {
                    unequal++;
                } else if (expected != null) {
                    matchedBySize.merge(expected.replaceAll("[^x]", "").length(), 1, Integer::sum);
                }
            }
        }
        // the boards are varied enough to test something: sets of every size met, and sets of equal tiles
        for (int fixed = 1; fixed <= 8; fixed++) {
            assertTrue(matchedBySize.getOrDefault(fixed, 0) > 200, fixed + " cells: " + matchedBySize);
        }
        assertTrue(unequal > 1000, "sets with equal tiles: " + unequal);
    }

    @Test
    void everyNamedFormationIsItsOwnCanonicalImage() {
        for (Formation f : Formation.NAMED.values()) {
            assertEquals(f.fixedCells(), CanonicalCells.of(f.fixedCells()), f.name());
            for (int s = 0; s < 8; s++) {
                long image = SYM.apply(s, f.fixedNibbles());
                int cells = Formation.of("turned", pictureOf(image)).fixedCells();
                assertEquals(f, FormationSurvey.named(cells), f.name() + " under symmetry " + s);
            }
        }
        assertNull(FormationSurvey.named(Formation.of("t", "xxxx/x..x/..../....").fixedCells()));
    }

    private static String pictureOf(long nibbles) {
        int cells = 0;
        for (int c = 0; c < 16; c++) {
            if ((nibbles >>> (4 * c) & 0xF) != 0) {
                cells |= 1 << c;
            }
        }
        return Formation.picture(cells);
    }

    @Test
    void aKnownBoardGivesTheExpectedPictures() {
        long board = BoardText.parse("0,0,0,2/0,0,0,0/2,256,512,1024/4,2048,4096,8192").board();
        FormationSurvey survey = new FormationSurvey(List.of(256, 2048, 8));
        survey.newGame().position(board);
        List<FormationSurvey.Sighting> l3 = survey.sightings(256, 4, 8);
        assertEquals(1, l3.size());
        assertEquals("xxx./xxx./..../....", l3.getFirst().picture());
        assertEquals(Formation.named("L3"), FormationSurvey.named(l3.getFirst().cells()));
        assertEquals(10, l3.getFirst().freeCount());
        assertEquals("xxx./..../..../....", survey.sightings(2048, 1, 16).getFirst().picture());
        assertTrue(survey.sightings(2048, 4, 8).isEmpty(), "three cells are outside 4..8");
        // from 8 up: the same six cells, the small 2 and 4 aside
        assertEquals(List.of("xxx./xxx./..../...."), survey.sightings(8, 1, 16).stream().map(FormationSurvey.Sighting::picture).toList());
        // a second 512: no set from 256 or 512 up, the set from 1024 up as before (codes: 8 is 256)
        long twoAlike = BoardText.parse("512,0,0,2/0,0,0,0/2,256,512,1024/4,2048,4096,8192").board();
        assertEquals(-1, FormationSurvey.distinctCellsAtLeast(twoAlike, 8));
        assertEquals(-1, FormationSurvey.distinctCellsAtLeast(twoAlike, 9));
        assertEquals(1 << 11 | 1 << 13 | 1 << 14 | 1 << 15, FormationSurvey.distinctCellsAtLeast(twoAlike, 10));
    }

    @Test
    void theCountsOfMovesAndGamesAreTheReferences() {
        Rng rng = new Rng(11);
        FormationSurvey survey = new FormationSurvey(TARGETS);
        // by target and picture: moves, games
        Map<String, long[]> expected = new HashMap<>();
        int positions = 0;
        int games = 300;
        for (int g = 0; g < games; g++) {
            FormationSurvey.Game game = survey.newGame();
            Set<String> seenInGame = new HashSet<>();
            int length = rng.nextInt(30);
            for (int m = 0; m < length; m++) {
                // boards repeat within a game, as formations persist over moves
                long board = randomBoard(rng);
                for (int repeat = rng.nextInt(3); repeat >= 0; repeat--) {
                    game.position(board);
                    positions++;
                    for (int target : TARGETS) {
                        String picture = reference(board, target);
                        if (picture != null && !picture.equals(NOT_ALL_DIFFERENT)) {
                            String key = target + " " + picture;
                            long[] n = expected.computeIfAbsent(key, k -> new long[2]);
                            n[0]++;
                            if (seenInGame.add(key)) {
                                n[1]++;
                            }
                        }
                    }
                }
            }
        }
        assertEquals(positions, survey.moves());
        assertEquals(games, survey.games());
        Map<String, long[]> counted = new HashMap<>();
        for (int target : TARGETS) {
            List<FormationSurvey.Sighting> all = survey.sightings(target, 1, 16);
            for (int i = 1; i < all.size(); i++) {
                assertTrue(all.get(i - 1).moves() >= all.get(i).moves(), "most moves first");
            }
            for (FormationSurvey.Sighting s : all) {
                counted.put(target + " " + s.picture(), new long[] {s.moves(), s.games()});
            }
            List<FormationSurvey.Sighting> some = survey.sightings(target, 4, 6);
            assertEquals(all.stream().filter(s -> s.fixedCount() >= 4 && s.fixedCount() <= 6).toList(), some);
        }
        for (String key : expected.keySet()) {
            assertTrue(counted.containsKey(key), key + " met but not counted");
            assertEquals(expected.get(key)[0], counted.get(key)[0], key + " moves");
            assertEquals(expected.get(key)[1], counted.get(key)[1], key + " games");
        }
        assertEquals(expected.size(), counted.size(), "sets counted but never met");
        assertTrue(expected.size() > 500, "sets met: " + expected.size());
    }

    @Test
    void aTableIsFoundByItsTargetAndItsCellsUnderEverySymmetry(@TempDir Path dir) throws IOException {
        Formation f = Formation.named("442x");
        TableExactnessTest.build(dir, f, 32, 2);
        try (TableSet set = TableSet.open(dir)) {
            for (int s = 0; s < 8; s++) {
                int cells = Formation.of("turned", pictureOf(SYM.apply(s, f.fixedNibbles()))).fixedCells();
                assertEquals("442x-32", Coverage.name(FormationSurvey.table(set.tables(), 32, cells)), "symmetry " + s);
                assertNull(FormationSurvey.table(set.tables(), 64, cells), "another target");
            }
            assertNull(FormationSurvey.table(set.tables(), 32, Formation.named("441").fixedCells()), "another formation");
        }
    }

    @Test
    void badTargetsAreRefused() {
        assertEquals("target 100: expected a power of two in 8..16384",
                assertThrows(IllegalArgumentException.class, () -> new FormationSurvey(List.of(100))).getMessage());
        assertEquals("target 64 given twice",
                assertThrows(IllegalArgumentException.class, () -> new FormationSurvey(List.of(64, 128, 64))).getMessage());
    }
}
