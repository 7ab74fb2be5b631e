package g2048.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The library page's example (docs/library.md) is the whole source of the example project, which the
 * suite builds and runs: a program copied from the page compiles, imports and all; the page's project
 * runs it on the JDK that built it, not on whatever {@code java} the {@code PATH} finds first; and the
 * README's short excerpt of it is still the program's code.
 */
class ReadmeExampleTest {

    private static final Path EMBED = Path.of("..", "examples", "src", "main", "java", "example", "Embed.java");
    private static final Path LIBRARY_PAGE = Path.of("..", "docs", "library.md");
    private static final Path README = Path.of("..", "README.md");

    /** The lines of {@code page}'s first block fenced as {@code fence} that begins with {@code first}, after the line {@code heading}. */
    private static List<String> block(Path page, String heading, String fence, String first) throws IOException {
        List<String> lines = Files.readAllLines(page);
        int section = lines.indexOf(heading);
        assertTrue(section >= 0, page + " has the heading " + heading);
        for (int open = section; open < lines.size(); open++) {
            if (lines.get(open).equals(fence) && lines.get(open + 1).startsWith(first)) {
                int close = lines.subList(open + 1, lines.size()).indexOf("```") + open + 1;
                return lines.subList(open + 1, close);
            }
        }
        throw new AssertionError("no " + fence + " block beginning " + first + " under " + heading + " in " + page);
    }

    @Test
    void theLibraryPagesExampleIsTheExampleProjectsWholeSource() throws IOException {
        assertEquals(Files.readAllLines(EMBED), block(LIBRARY_PAGE, "# The engine as a library", "```java", ""));
    }

    @Test
    void theLibraryPagesProjectRunsTheExampleOnTheJdkThatBuiltIt() throws IOException {
        List<String> pom = block(LIBRARY_PAGE, "# The engine as a library", "```xml", "<project").stream().map(String::strip).toList();
        assertTrue(pom.contains("<executable>${java.home}/bin/java</executable>"), "exec runs the build's JDK: " + pom);
        assertTrue(pom.contains("<argument>example.Embed</argument>"), "exec runs the page's program: " + pom);
    }

    @Test
    void theReadmesExcerptIsLinesOfTheExample() throws IOException {
        List<String> example = Files.readAllLines(EMBED).stream().map(String::strip).toList();
        List<String> excerpt = block(README, "## The engine as a library", "```java", "");
        assertFalse(excerpt.isEmpty(), "the README's library section shows some of the example");
        for (String line : excerpt) {
            assertTrue(example.contains(line.strip()), "the README's excerpt line is not in Embed.java: " + line);
        }
    }
}
