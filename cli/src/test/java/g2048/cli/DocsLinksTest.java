package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README stays a page a newcomer can read (at most 400 lines; the rest lives under docs/), and
 * every relative link of the README and of docs/*.md leads somewhere: to a file or folder that exists
 * and, where it names a heading of a page, to that heading. Links inside code are not links.
 */
class DocsLinksTest {

    private static final Path ROOT = Path.of("..");
    private static final int README_MOST_LINES = 400;
    private static final Pattern FENCED = Pattern.compile("^[ \\t]*```.*?^[ \\t]*```[^\\n]*$", Pattern.MULTILINE | Pattern.DOTALL);
    private static final Pattern CODE_SPAN = Pattern.compile("`[^`\\n]*`");
    private static final Pattern LINK = Pattern.compile("!?\\[[^\\]\\n]*\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}[ \\t]+(.+?)[ \\t]*$", Pattern.MULTILINE);
    private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");

    @Test
    void theReadmeIsAtMost400Lines() throws IOException {
        long lines = Files.readAllLines(ROOT.resolve("README.md")).size();
        assertTrue(lines <= README_MOST_LINES, "README.md has " + lines + " lines, more than " + README_MOST_LINES
                + ": move the detail to a page under docs/ and link it");
    }

    @Test
    void everyRelativeLinkOfTheReadmeAndTheDocsLeadsToAFileAndHeading() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        assertTrue(pages.size() > 10, "read " + pages);
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path page : pages) {
            checked += relativeLinks(page).size();
            broken.addAll(brokenLinks(page));
        }
        assertTrue(checked > 20, "only " + checked + " relative links found: the reader has lost them");
        assertEquals(List.of(), broken, "relative links that lead nowhere");
    }

    @Test
    void aMissingFileOrHeadingIsFoundAndCodeIsNotALink(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("there.md"), "# Where it is\n\n## The exact solver on Spark\n\n## Endgame tables (4×4)\n");
        Files.writeString(dir.resolve("page.md"), """
                # A page
                [ok](there.md) [heading](there.md#the-exact-solver-on-spark) [unicode](there.md#endgame-tables-44)
                [here](#a-page) ![image](there.md) [web](https://example.org/x.md)
                [gone](missing.md) [no heading](there.md#nowhere) [not here](#elsewhere)
                `[code](missing-in-code.md)`
                ```
                [fenced](missing-in-fence.md)
                ```
                """);
        assertEquals(List.of(dir.resolve("page.md") + ": missing.md (no such file)",
                dir.resolve("page.md") + ": there.md#nowhere (no such heading)",
                dir.resolve("page.md") + ": #elsewhere (no such heading)"), brokenLinks(dir.resolve("page.md")));
    }

    /** The relative link targets of a markdown page, code blocks and code spans left out. */
    private static List<String> relativeLinks(Path page) throws IOException {
        String text = CODE_SPAN.matcher(FENCED.matcher(Files.readString(page)).replaceAll("")).replaceAll("");
        List<String> links = new ArrayList<>();
        Matcher m = LINK.matcher(text);
        while (m.find()) {
            if (!SCHEME.matcher(m.group(1)).find()) {
                links.add(m.group(1));
            }
        }
        return links;
    }

    /** Each relative link of {@code page} whose file, or whose heading in a markdown file, does not exist. */
    private static List<String> brokenLinks(Path page) throws IOException {
        List<String> broken = new ArrayList<>();
        for (String link : relativeLinks(page)) {
            int hash = link.indexOf('#');
            String file = hash < 0 ? link : link.substring(0, hash);
            Path target = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
            if (!Files.exists(target)) {
                broken.add(page + ": " + link + " (no such file)");
            } else if (hash >= 0 && target.toString().endsWith(".md") && !anchors(target).contains(link.substring(hash + 1))) {
                broken.add(page + ": " + link + " (no such heading)");
            }
        }
        return broken;
    }

    /** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
    private static Set<String> anchors(Path page) throws IOException {
        String text = FENCED.matcher(Files.readString(page)).replaceAll("");
        Set<String> anchors = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        Matcher m = HEADING.matcher(text);
        while (m.find()) {
            StringBuilder slug = new StringBuilder();
            m.group(1).toLowerCase(Locale.ROOT).codePoints().forEach(c -> {
                if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
                    slug.appendCodePoint(c);
                } else if (c == ' ') {
                    slug.append('-');
                }
            });
            int n = seen.merge(slug.toString(), 1, Integer::sum);
            anchors.add(n == 1 ? slug.toString() : slug + "-" + (n - 1));
        }
        return anchors;
    }
}
