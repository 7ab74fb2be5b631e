package g2048.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The README's library example is the whole source of the example project, which the suite builds
 * and runs: a program copied from the README compiles, imports and all; and the README's project
 * runs it on the JDK that built it, not on whatever {@code java} the {@code PATH} finds first.
 */
class ReadmeExampleTest {

    private static final Path EMBED = Path.of("..", "examples", "src", "main", "java", "example", "Embed.java");

    /** The lines of the README's first block fenced as {@code fence} in its library section that begins with {@code first}. */
    private static List<String> block(String fence, String first) throws IOException {
        List<String> readme = Files.readAllLines(Path.of("..", "README.md"));
        int section = readme.indexOf("## The engine as a library");
        assertTrue(section >= 0, "the README has the library section");
        for (int open = section; open < readme.size(); open++) {
            if (readme.get(open).equals(fence) && readme.get(open + 1).startsWith(first)) {
                int close = readme.subList(open + 1, readme.size()).indexOf("```") + open + 1;
                return readme.subList(open + 1, close);
            }
        }
        throw new AssertionError("no " + fence + " block beginning " + first + " in the library section");
    }

    @Test
    void theReadmesExampleIsTheExampleProjectsWholeSource() throws IOException {
        assertEquals(Files.readAllLines(EMBED), block("```java", ""));
    }

    @Test
    void theReadmesProjectRunsTheExampleOnTheJdkThatBuiltIt() throws IOException {
        List<String> pom = block("```xml", "<project").stream().map(String::strip).toList();
        assertTrue(pom.contains("<executable>${java.home}/bin/java</executable>"), "exec runs the build's JDK: " + pom);
        assertTrue(pom.contains("<argument>example.Embed</argument>"), "exec runs the README's program: " + pom);
    }
}
