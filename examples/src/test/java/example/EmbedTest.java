package example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs the example of docs/library.md as its users would, and checks what it prints. */
class EmbedTest {

    @Test
    void theExamplePlaysChoosesAndQueries(@TempDir Path dir) throws Exception {
        PrintStream saved = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            Embed.main(new String[] {dir.resolve("db23").toString()});
        } finally {
            System.setOut(saved);
        }
        String out = bytes.toString(StandardCharsets.UTF_8);
        saved.print(out);
        String[] lines = out.split("\n");
        assertEquals(6, lines.length, out);
        assertTrue(lines[0].matches("move: (UP|RIGHT|DOWN|LEFT)"), lines[0]);
        String move = lines[0].substring("move: ".length());
        // the 1-ply choice of the same board, with a value for each legal move: up and right change nothing
        String value = "\\d+\\.\\d";
        assertTrue(lines[1].matches("values: " + move + " \\(U illegal, R illegal, D " + value + ", L " + value + "; depth 1, "
                + "\\d+\\.\\d{3} ms\\)"), lines[1]);
        assertTrue(lines[2].matches("3-ply: (UP|RIGHT|DOWN|LEFT)"), lines[2]);
        Matcher game = Pattern.compile("game 42: score (\\d+), (\\d+) moves, tile (\\d+)").matcher(lines[3]);
        assertTrue(game.matches(), lines[3]);
        // the shipped model reaches 2048 in about 99% of games: a game far below is not that model
        assertTrue(Long.parseLong(game.group(1)) > 1000, lines[3]);
        assertTrue(lines[4].matches("20 games: mean \\d+, 2048 in \\d+%"), lines[4]);
        assertTrue(lines[5].matches("2x3: best (UP|RIGHT|DOWN|LEFT), worth \\d+\\.\\d\\d"), lines[5]);
    }
}
