package g2048.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The README's library example is the code of the example project, which the suite builds and runs. */
class ReadmeExampleTest {

    @Test
    void theReadmesExampleIsTheExampleProjectsMain() throws IOException {
        List<String> readme = Files.readAllLines(Path.of("..", "README.md"));
        int section = readme.indexOf("## The engine as a library");
        assertTrue(section >= 0, "the README has the library section");
        int open = readme.subList(section, readme.size()).indexOf("```java") + section;
        int close = readme.subList(open + 1, readme.size()).indexOf("```") + open + 1;
        List<String> shown = readme.subList(open + 1, close);

        List<String> code = Files.readAllLines(Path.of("..", "examples", "src", "main", "java", "example", "Embed.java"));
        int main = code.indexOf("    public static void main(String[] args) throws IOException {");
        assertTrue(main >= 0, "Embed has its main");
        List<String> body = new ArrayList<>();
        for (String line : code.subList(main + 1, code.size())) {
            if (line.equals("    }")) {
                break;
            }
            body.add(line.isEmpty() ? line : line.substring(8));
        }
        assertEquals(body, shown);
    }
}
