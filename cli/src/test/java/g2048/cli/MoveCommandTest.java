package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.eval.LineHeuristicEvaluator;
import g2048.game.BoardText;
import g2048.game.Moves;
import g2048.game.Shape;
import g2048.search.Expectimax;
import g2048.search.SearchConfig;
import g2048.search.SearchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class MoveCommandTest {

    static CommandRun run(String... args) {
        return CommandRun.of(args);
    }

    static void assertBadInput(CommandRun r, String mention) {
        assertEquals(2, r.exit(), r.err());
        assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
        assertTrue(r.err().contains(mention), r.err());
    }

    private static double jsonNumber(String json, int moveIndex) {
        Matcher m = Pattern.compile("\"value\":([-0-9.eE]+)").matcher(json);
        for (int i = 0; i <= moveIndex; i++) {
            assertTrue(m.find(), json);
        }
        return Double.parseDouble(m.group(1));
    }

    @Test
    void aBoardTheShippedModelCannotPlayNamesItAsShippedAndSuggestsPlayersThatCan() {
        String board = "2,4,0,0/0,0,0,0/0,0,0,0";
        CommandRun r = CommandRun.of("move", "--board", board);
        assertEquals(2, r.exit(), r.err());
        assertEquals(1, r.errLines().length, r.err());
        assertTrue(r.err().startsWith("g2048 move: --player ntuple: the shipped model ntuple-6x6.g2nz plays 4x4 boards, the board is"
                + " 3x4; players of any shape, 3x4 too: "), r.err());
        assertTrue(!r.err().contains("--model shipped") && r.err().contains("or ntuple with --model a model trained on 3x4"), r.err());
        String players = r.err().replaceAll("(?s).*3x4 too: (.*), or ntuple.*", "$1");
        for (String player : players.split(", ")) {
            CommandRun m = CommandRun.of("move", "--board", board, "--player", player);
            assertEquals(0, m.exit(), player + ": " + m.err());
        }
    }

    @Test
    void printsEveryMoveValueAndTheChoiceAtDepthOneAndDeeper() {
        String board = "2,2,0,0/0,4,0,0/0,0,8,0/0,0,0,2";
        long b = BoardText.parse(board).board();
        LineHeuristicEvaluator v = new LineHeuristicEvaluator(Shape.S4x4);
        Moves moves = Moves.of(Shape.S4x4);
        // depth 1: reward + V(afterstate), computed here without the search
        CommandRun r = run("move", "--board", board, "--player", "lines", "--depth", "1", "--json");
        assertEquals(0, r.exit(), r.err());
        int best = -1;
        double bestValue = 0;
        for (int d = 0; d < 4; d++) {
            double expected = moves.reward(b, d) + v.value(moves.move(b, d));
            assertEquals(expected, jsonNumber(r.out(), d), 1e-6);
            if (best < 0 || expected > bestValue) {
                best = d;
                bestValue = expected;
            }
        }
        assertTrue(r.out().contains("\"move\":\"" + "URDL".charAt(best) + "\",\"depth_reached\""), r.out());
        // depth 3: the expectimax values
        SearchResult expected = new Expectimax(v, SearchConfig.ofDepth(3)).search(b);
        CommandRun deep = run("move", "--board", board, "--player", "lines", "--depth", "3", "--json");
        assertEquals(0, deep.exit(), deep.err());
        for (int d = 0; d < 4; d++) {
            assertEquals(expected.value(d), jsonNumber(deep.out(), d), 1e-6);
        }
        assertTrue(deep.out().contains("\"move\":\"" + "URDL".charAt(expected.best()) + "\",\"depth_reached\""), deep.out());
        CommandRun text = run("move", "--board", board, "--player", "lines", "--depth", "2");
        assertEquals(0, text.exit(), text.err());
        assertTrue(text.out().contains("choice  "), text.out());
    }

    @Test
    void theShippedNtupleModelSearchesAtDepthTwo() {
        String board = "2,2,0,0/0,4,0,0/0,0,8,0/0,0,0,2";
        long b = BoardText.parse(board).board();
        g2048.ntuple.NtupleModel model = g2048.ntuple.NtupleModels.loadDefault();
        // By default (--table auto) the td-afterstate model plays from its int16 tables; --table float32 from its own.
        for (String table : new String[] {"auto", "float32"}) {
            g2048.eval.Evaluator v = model.evaluator(g2048.ntuple.TablePrecision.parse(table));
            SearchResult expected = new Expectimax(v, SearchConfig.ofDepth(2)).search(b);
            CommandRun r = run("move", "--board", board, "--depth", "2", "--table", table, "--json");
            assertEquals(0, r.exit(), r.err());
            assertTrue(r.out().contains(table.equals("auto") ? "int16 tables (exact)" : "ntuple"), r.out());
            for (int d = 0; d < 4; d++) {
                assertEquals(expected.value(d), jsonNumber(r.out(), d), 1e-6);
            }
            assertTrue(r.out().contains("\"move\":\"" + "URDL".charAt(expected.best()) + "\",\"depth_reached\""), r.out());
        }
        assertBadInput(run("move", "--board", board, "--table", "int8"), "--table");
        assertBadInput(run("move", "--board", "2,2/0,0", "--player", "ntuple"), "plays 4x4 boards, the board is 2x2");
    }

    @Test
    void aQLearningModelPlaysOnePlyButCannotSearch(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        java.nio.file.Path file = dir.resolve("q.g2n");
        try (g2048.ntuple.NtupleModel m = g2048.ntuple.NtupleModel.create(g2048.ntuple.TupleSpec.parse("01,45:c16"),
                Shape.S2x2, g2048.ntuple.Method.Q_LEARNING, 1, 0.1)) {
            g2048.ntuple.NtupleModels.save(m, file);
        }
        assertBadInput(run("move", "--board", "2,2/0,0", "--player", "ntuple", "--model", file.toString(), "--depth", "2"),
                "q-learning");
        assertBadInput(run("play", "--player", "ntuple", "--model", file.toString(), "--shape", "2x2", "--depth", "2",
                "--games", "2"), "q-learning");
        CommandRun oneply = run("play", "--player", "ntuple", "--model", file.toString(), "--shape", "2x2", "--games", "2",
                "--no-progress");
        assertEquals(0, oneply.exit(), oneply.err());
    }

    @Test
    void illegalMovesAndAFinishedGameAreReportedPlainly() {
        CommandRun r = run("move", "--board", "2,4/4,2", "--player", "lines", "--depth", "2", "--json");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("\"move\":null,\"depth_reached\""), r.out());
        assertTrue(r.out().contains("{\"move\":\"U\",\"legal\":false,\"reward\":null,\"afterstate\":null,\"value\":null}"), r.out());
        CommandRun text = run("move", "--board", "2,4/4,2", "--player", "lines");
        assertTrue(text.out().contains("no legal move"), text.out());
        CommandRun oneLegal = run("move", "--board", "2,4/2,8", "--player", "lines", "--json");
        assertTrue(oneLegal.out().contains("{\"move\":\"R\",\"legal\":false,"), oneLegal.out());
    }

    @Test
    void theRandomPlayerAnswersWithoutValuesAsTheServerDoes() {
        // one legal move (down): the random player's choice, and no value beside it
        CommandRun r = run("move", "--board", "2,4/0,0", "--player", "random", "--json");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("\"player\":\"random\",\"search\":null"), r.out());
        assertTrue(r.out().contains("{\"move\":\"D\",\"legal\":true,\"reward\":0,\"afterstate\":\"0,0/2,4\",\"value\":null}"), r.out());
        assertTrue(r.out().contains("\"move\":\"D\",\"depth_reached\":null"), r.out());
    }

    @Test
    void badInputGetsOneLineAndExitCode2() {
        assertBadInput(run("move", "--board", "2,3/0,0", "--player", "lines"), "--board");
        assertBadInput(run("move", "--board", "2,2/0,0", "--player", "lines", "--depth", "0"), "--depth");
        assertBadInput(run("move", "--board", "2,2/0,0", "--player", "lines", "--depth", "99"), "--depth");
        assertBadInput(run("move", "--board", "2,2/0,0", "--player", "nobody"), "--player");
        assertBadInput(run("move", "--board", "2,2/0,0", "--player", "heuristic", "--depth", "2"), "'heuristic' searches at its own depth");
        assertBadInput(run("move", "--board", "2,2/0,0", "--player", "random", "--depth", "2"), "--depth: player 'random' does not search");
        assertBadInput(run("move", "--board", "2,2/0,0", "--player", "lines", "--cutoff", "1.5"), "--cutoff");
        assertBadInput(run("move", "--board", "2,2/0,0", "--player", "lines", "--tt-bits", "2"), "--tt-bits");
        assertBadInput(run("move", "--board", "2,2/0,0", "--player", "lines", "--time-ms", "-1"), "--time-ms");
        assertBadInput(run("move", "--board", "2,2/0,0", "--player", "lines", "--time-bank"), "--time-bank: needs --time-ms");
        assertBadInput(run("move", "--board", "2,2/0,0", "--player", "lines", "--depth", "7"),
                "--depth: 7 plies without a time budget could run for minutes; give --time-ms (iterative deepening up to --depth 7)");
        assertBadInput(run("move", "--board", "2,2/0,0", "--player", "lines", "--no-tt-leaves", "--tt-bits", "0", "--downgrade", "3"),
                "--downgrade: expected auto, 0 (off) or a tile sum 4..65535");
        assertBadInput(run("move", "--player", "lines"), "--board");
        assertBadInput(run("play", "--player", "heuristic", "--depth", "2", "--games", "1"), "--depth: player 'heuristic' searches at its own depth");
    }

    @Test
    void downgradeSearchesTheTranslatedBoard() {
        String board = "32768,16384,8,2/4,2,0,0/0,0,0,0/0,0,0,2";
        long b = BoardText.parse(board).board();
        long translated = g2048.game.Downgrade.translate(b, 32768);
        LineHeuristicEvaluator v = new LineHeuristicEvaluator(Shape.S4x4);
        SearchResult expected = new Expectimax(v, SearchConfig.ofDepth(2)).search(translated);
        CommandRun r = run("move", "--board", board, "--player", "lines", "--depth", "2", "--downgrade", "32768", "--json");
        assertEquals(0, r.exit(), r.err());
        for (int d = 0; d < 4; d++) {
            if (!Double.isNaN(expected.value(d))) {
                assertEquals(expected.value(d), jsonNumber(r.out(), d), 1e-6 * Math.abs(expected.value(d)));
            }
        }
        CommandRun text = run("move", "--board", board, "--player", "lines", "--depth", "2", "--downgrade", "32768");
        assertTrue(text.out().contains("search  " + BoardText.format(translated, Shape.S4x4)), text.out());
        assertBadInput(run("move", "--board", board, "--player", "lines", "--downgrade", "3"), "--downgrade: expected auto, 0 (off)");
        assertBadInput(run("move", "--board", board, "--player", "lines", "--downgrade", "often"), "got 'often'");
        CommandRun auto = run("move", "--board", board, "--player", "lines", "--depth", "2", "--downgrade", "auto", "--json");
        assertEquals(0, auto.exit(), auto.err());
        assertTrue(auto.out().contains("\"downgrade\":0"), "auto is off for the line heuristic: " + auto.out());
        assertBadInput(run("play", "--player", "random", "--games", "1", "--downgrade", "32768"), "--downgrade");
        assertBadInput(run("move", "--board", board, "--player", "lines", "--model", "a.g2n,b.g2n"), "--model");
    }
}
